// Redirection operators, as each dialect reads them (SPEC §2 "Redirection
// operators", dialects.md §2). Every verdict was confirmed with `bash -O
// extglob -n -c`, `dash -n -c` and `zsh -f -n -c`.

import { describe, expect, it } from 'vitest';
import { accept, firstSimple, rejects, table } from './helpers.js';

table('operators every dialect reads', [
  ['all', 'cat < f', 'Simple(cat <f)'],
  ['all', 'echo > f', 'Simple(echo >f)'],
  ['all', 'echo >> f', 'Simple(echo >>f)'],
  ['all', 'cat <> f', 'Simple(cat <>f)'],
  ['all', 'echo >| f', 'Simple(echo >|f)'],
  ['all', 'cat <&3', 'Simple(cat <&3)'],
  ['all', 'echo >&2', 'Simple(echo >&2)'],
  ['all', 'echo >&-', 'Simple(echo >&-)'],
  ['all', 'echo 3>&-', 'Simple(echo 3>&-)'],
  ['all', 'echo hi 2>f', 'Simple(echo hi 2>f)'],
  ['all', 'echo hi 2>>f 3<f', 'Simple(echo hi 2>>f 3<f)'],
  ['all', 'cat 0<f 3<>g 4<&0', 'Simple(cat 0<f 3<>g 4<&0)'],
  ['all', 'echo hi 1>&2 2>f', 'Simple(echo hi 1>&2 2>f)'],
  ['all', 'echo hi>f', 'Simple(echo hi >f)'],
  ['all', 'echo a > f > g', 'Simple(echo a >f >g)'],
  // `>& WORD` with a non-numeric WORD: bash and zsh write WORD; dash's -n accepts it too
  ['all', 'echo hi >& f', 'Simple(echo hi >&f)'],
  ['all', 'cat <<EOF\nx\nEOF', 'Simple(cat <<EOF«x⏎»)'],
  ['all', 'cat <<-EOF\n\tx\n\tEOF', 'Simple(cat <<-EOF«⇥x⏎»)'],
  // a redirection may stand anywhere in a simple command, or alone
  ['all', '>f echo hi', 'Simple(echo hi >f)'],
  ['all', 'echo >f hi', 'Simple(echo hi >f)'],
  ['all', '> f', 'Simple(>f)'],
  ['all', '< f', 'Simple(<f)'],
  ['all', '2>&1', 'Simple(2>&1)'],
  // a blank between the digit and the operator makes the digit an argument (#36)
  ['all', 'echo hi 2 > f', 'Simple(echo hi 2 >f)'],
]);

table('a missing target is an error', [
  ['all', 'echo >', rejects('after `>`')],
  ['all', 'echo > ;', rejects('found `;`')],
  ['all', 'echo >&', rejects('after `>&`')],
  ['all', 'cat <<', rejects('here-document delimiter')],
  ['all', 'echo a >>> f', rejects()],
  ['all', 'echo a <<<< f', rejects()],
  ['all', 'echo a > | cat', rejects()],
]);

table('bash and zsh: `&>`, `&>>`, `<<<`; sh: `&` then `>` (#1, #2, #22)', [
  ['bash zsh', 'echo hi &> f', 'Simple(echo hi &>f)'],
  ['bash zsh', 'echo a&>f', 'Simple(echo a &>f)'],
  ['bash zsh', 'echo hi &>> f', 'Simple(echo hi &>>f)'],
  ['sh', 'echo hi &> f', 'Simple(echo hi) &; Simple(>f)'],
  ['sh', 'echo a&>f', 'Simple(echo a) &; Simple(>f)'],
  ['sh', 'echo hi &>> f', 'Simple(echo hi) &; Simple(>>f)'],
  ['bash zsh', 'cat <<< "hi there"', 'Simple(cat <<<"hi there")'],
  ['sh', 'cat <<< "hi there"', rejects()],
]);

table('a multi-digit fd is an fd in bash only (#33)', [
  ['bash', 'echo hi 10> f', 'Simple(echo hi 10>f)'],
  ['bash', 'echo hi 99>f', 'Simple(echo hi 99>f)'],
  ['sh zsh', 'echo hi 10> f', 'Simple(echo hi 10 >f)'],
  ['sh zsh', 'echo hi 99>f', 'Simple(echo hi 99 >f)'],
]);

table('`{name}>` allocates an fd in bash and zsh; in sh `{fd}` is an argument (#35)', [
  ['bash zsh', 'echo hi {fd}> f', 'Simple(echo hi {fd}>f)'],
  ['bash zsh', 'echo hi {fd}>>f', 'Simple(echo hi {fd}>>f)'],
  ['bash zsh', 'cat {fd}<&0', 'Simple(cat {fd}<&0)'],
  ['bash zsh', 'exec {fd}>&-', 'Simple(exec {fd}>&-)'],
  ['sh', 'echo hi {fd}> f', 'Simple(echo hi {fd} >f)'],
  ['sh', 'exec {fd}>&-', 'Simple(exec {fd} >&-)'],
  // only a name in braces, glued to the operator
  ['all', 'echo {fd} > f', 'Simple(echo {fd} >f)'],
  ['all', 'echo {1}>f', 'Simple(echo {1} >f)'],
]);

table("zsh's `>!` family; elsewhere `>!` is `>` to a file named `!` (#11, #12, #14, #15)", [
  ['zsh', 'echo a >! f', 'Simple(echo a >!f)'],
  ['zsh', 'echo a >>! f', 'Simple(echo a >>!f)'],
  ['zsh', 'echo a >>| f', 'Simple(echo a >>|f)'],
  ['zsh', 'echo a &>| f', 'Simple(echo a &>|f)'],
  ['zsh', 'echo a &>! f', 'Simple(echo a &>!f)'],
  ['zsh', 'echo a >&| f', 'Simple(echo a >&|f)'],
  ['zsh', 'echo a >&! f', 'Simple(echo a >&!f)'],
  ['zsh', 'echo a >>& f', 'Simple(echo a >>&f)'],
  ['zsh', 'echo a >>&| f', 'Simple(echo a >>&|f)'],
  ['zsh', 'echo a >>&! f', 'Simple(echo a >>&!f)'],
  // `&>>!` is zsh's spelling of `>>&!`
  ['zsh', 'echo a &>>! f', 'Simple(echo a >>&!f)'],
  ['zsh', 'echo a &>>| f', 'Simple(echo a >>&|f)'],
  ['bash sh', 'echo a >! f', 'Simple(echo a f >!)'],
  ['bash sh', 'echo a >>! f', 'Simple(echo a f >>!)'],
  ['bash sh', 'echo a >&! f', 'Simple(echo a f >&!)'],
  ['bash', 'echo a &>! f', 'Simple(echo a f &>!)'],
  ['bash', 'echo a &>>! f', 'Simple(echo a f &>>!)'],
  // in sh `&` ends the command and the word after the operator's `!` becomes a command name
  ['sh', 'echo a &>! f', 'Simple(echo a) &; Simple(f >!)'],
  ['sh', 'echo a &>>! f', 'Simple(echo a) &; Simple(f >>!)'],
  ['sh', 'echo a &>| f', 'Simple(echo a) &; Simple(>|f)'],
  ['bash sh', 'echo a >>| f', rejects()],
  ['bash', 'echo a &>| f', rejects()],
  ['bash sh', 'echo a >&| f', rejects()],
  ['bash sh', 'echo a >>& f', rejects()],
  ['bash sh', 'echo a >>&| f', rejects()],
  ['bash sh', 'echo a >>&! f', rejects()],
  ['bash sh', 'echo a &>>| f', rejects()],
]);

table('process substitution `<(…)` `>(…)` (bash, zsh) and `=(…)` (zsh) as targets and arguments', [
  ['bash zsh', 'cat <(echo hi)', 'Simple(cat <(echo hi))'],
  ['bash zsh', 'cat < <(echo hi)', 'Simple(cat < <(echo hi))'],
  ['bash zsh', 'echo hi > >(cat)', 'Simple(echo hi > >(cat))'],
  ['sh', 'cat <(echo hi)', rejects()],
  ['sh', 'cat < <(echo hi)', rejects()],
  ['sh', 'echo hi > >(cat)', rejects()],
  ['zsh', 'cat =(echo hi)', 'Simple(cat =(echo hi))'],
  ['bash sh', 'cat =(echo hi)', rejects()],
]);

table('redirections of compound commands', [
  ['all', '{ echo hi; } > f', 'Group(Simple(echo hi)) >f'],
  ['all', '(echo hi) 2>&1 >f', 'Subshell(Simple(echo hi)) 2>&1 >f'],
  ['all', 'if true; then :; fi >f', 'If(cond:[Simple(true)] then:[Simple(:)]) >f'],
  ['all', 'while true; do :; done <f', 'While(cond:[Simple(true)] do:[Simple(:)]) <f'],
  ['all', 'for i in a; do :; done >>f', 'For(i in:[a] do:[Simple(:)]) >>f'],
  ['all', 'case x in x) :;; esac >f', 'Case(x in:[x) [Simple(:)] ;;]) >f'],
  ['bash zsh', '[[ -f x ]] >f', 'Test(-f x) >f'],
  ['bash zsh', '((x)) >f', 'ArithCmd(x) >f'],
  // a word after a compound command's redirections is an error
  ['all', '{ echo hi; } > f g', rejects()],
  ['all', '(echo hi) x', rejects()],
]);

describe('fd numbers, fd variables and spans', () => {
  const cases: [string, 'bash' | 'sh' | 'zsh', { fd: number | null; fdVariable: string | null; span: [number, number] }][] = [
    ['echo hi 2>&1', 'bash', { fd: 2, fdVariable: null, span: [8, 12] }],
    ['echo hi 10> f', 'bash', { fd: 10, fdVariable: null, span: [8, 13] }],
    ['echo hi {fd}> f', 'zsh', { fd: null, fdVariable: 'fd', span: [8, 15] }],
    ['echo hi {fd}> f', 'bash', { fd: null, fdVariable: 'fd', span: [8, 15] }],
    ['echo hi >  f', 'sh', { fd: null, fdVariable: null, span: [8, 12] }],
  ];
  for (const [src, dialect, want] of cases) {
    it(`${dialect}: ${JSON.stringify(src)}`, () => {
      const r = firstSimple(accept(src, dialect)).redirects[0]!;
      expect({ fd: r.fd, fdVariable: r.fdVariable, span: r.span }).toEqual(want);
    });
  }
});
