// Words and their parts: quoting, expansions, substitutions, globs, braces,
// tildes (SPEC §2 "Expansions the approver must see through"). Each case
// shows the parts of the first argument of `echo …` (see helpers.ts for the
// notation). Verdicts confirmed with bash -O extglob -n, dash -n, zsh -f -n.

import { describe, expect, it } from 'vitest';
import { accept, arg, assignment, both, firstSimple, nodes, rejects, table } from './helpers.js';

table('single quotes: everything literal', [
  ['all', "echo 'a\\b $x `c`'", arg('SQ(a\\b $x `c`)', false)],
  ['all', "echo ''", arg('SQ()', false)],
  ['all', "echo a'b'c", arg('Lit(a) SQ(b) Lit(c)', false)],
  ['all', "echo '*'", arg('SQ(*)', false)],
  ['all', "echo 'a\nb'", arg('SQ(a⏎b)', false)],
  ['all', "echo 'unterminated", rejects('unterminated single quote')],
]);

table('double quotes: a backslash escapes only $ ` " \\ and newline', [
  ['all', 'echo "a\\b\\$c\\`d\\"e\\\\f"', arg('DQ(Lit(a\\b) Esc($) Lit(c) Esc(`) Lit(d) Esc(") Lit(e) Esc(\\) Lit(f))', false)],
  ['all', 'echo "\\a"', arg('DQ(Lit(\\a))')],
  ['all', 'echo "a\\\nb"', arg('DQ(Lit(ab))')],
  ['all', 'echo ""', arg('DQ()', false)],
  ['all', 'echo a""b', arg('Lit(a) DQ() Lit(b)', false)],
  ['all', 'echo "a\'b"', arg("DQ(Lit(a'b))")],
  ['all', 'echo "$x"', arg('DQ(Param(x))')],
  ['all', 'echo "${x}y"', arg('DQ(Param{x} Lit(y))')],
  ['all', 'echo "a$(echo "b")c"', arg('DQ(Lit(a) Cmd(Simple(echo "b")) Lit(c))')],
  ['all', 'echo "$((1+2))"', arg('DQ(Arith(1+2))')],
  ['all', 'echo "`echo \\"a\\"`"', arg('DQ(Backq(Simple(echo "a\\")))')],
  // nothing expands but $ and `: no globs, braces or tildes
  ['all', 'echo "~ * {a,b} [x]"', arg('DQ(Lit(~ * {a,b} [x]))')],
  ['all', 'echo "$"', arg('DQ(Lit($))')],
  ['all', 'echo "$"x', arg('DQ(Lit($)) Lit(x)')],
  // `$'` and `$"` are not special inside double quotes
  ['all', 'echo "$\'x\'"', arg("DQ(Lit($'x'))")],
  ['all', 'echo "unterminated', rejects('unterminated double quote')],
  ['all', 'echo "a\\"', rejects('unterminated double quote')],
]);

table("`$'…'` is ANSI-C quoting in bash and zsh; in sh it is `$` then a single-quoted string (#253, #254)", [
  ['bash zsh', "echo $'a\\x2eb'", arg('AnsiC(a.b)', false)],
  ['bash zsh', "echo $'a\\nb'", arg('AnsiC(a⏎b)')],
  ['bash zsh', "echo $'\\x41\\u00e9\\101'", arg('AnsiC(AéA)')],
  ['bash zsh', "echo $'it\\'s'", arg("AnsiC(it's)")],
  ['bash zsh', "echo $'a'b", arg('AnsiC(a) Lit(b)')],
  ['sh', "echo $'a\\x2eb'", arg('Lit($) SQ(a\\x2eb)', false)],
  ['sh', "echo $'it\\'s'", rejects('unterminated single quote')],
  ['bash zsh', "echo $'x", rejects("unterminated `$'`")],
]);

table('`$"…"` is locale quoting in bash only; elsewhere `$` then a double-quoted string (#256)', [
  ['bash', 'echo $"hi $x"', arg('Locale(Lit(hi ) Param(x))', false)],
  ['sh zsh', 'echo $"hi $x"', arg('Lit($) DQ(Lit(hi ) Param(x))', false)],
  ['all', 'echo $"x', rejects('unterminated double quote')],
]);

table('backslashes', [
  ['all', 'echo \\*', arg('Esc(*)', false)],
  ['all', 'echo a\\ b', arg('Lit(a) Esc( ) Lit(b)', false)],
  ['all', 'echo \\\\', arg('Esc(\\)', false)],
  // a line continuation vanishes and leaves the word unquoted
  ['all', 'echo a\\\nb', arg('Lit(a) Lit(b)', true)],
  // … even between `$` and what it expands: `$\⏎x` is `$x` in every shell
  ['all', 'echo $\\\nx', arg('Param(x)', true)],
  ['all', 'echo "$\\\nx"', arg('DQ(Param(x))', false)],
  ['all', 'echo $\\\n{x}', arg('Param{x}', true)],
  ['all', 'echo $\\\n(echo a)', arg('Cmd(Simple(echo a))', true)],
]);

table('parameters: `$name`, specials, `${…}` and its operators', [
  ['all', 'echo $x', arg('Param(x)', true)],
  ['all', 'echo $a_b-c', arg('Param(a_b) Lit(-c)')],
  ['all', 'echo $1', arg('Param(1)')],
  ['all', 'echo $12', arg('Param(1) Lit(2)')],
  ['all', 'echo ${10}', arg('Param{10}')],
  ['all', 'echo $$ $? $@ $- $! $# $*', (tree, src) => {
    expect(firstSimple(tree).words.slice(1).map((w) => src.slice(w.span[0], w.span[1]))).toEqual(['$$', '$?', '$@', '$-', '$!', '$#', '$*']);
    expect(firstSimple(tree).words.slice(1).every((w) => w.parts.length === 1 && w.parts[0]!.type === 'ParameterExpansion')).toBe(true);
  }],
  ['all', 'echo $', arg('Lit($)')],
  ['all', 'echo a$', arg('Lit(a$)')],
  ['all', 'echo $%', arg('Lit($%)')],
  ['all', 'echo ${x}', arg('Param{x}')],
  ['all', 'echo ${x:-d}', arg('Param{x :- Lit(d)}')],
  ['all', 'echo ${x-d}', arg('Param{x - Lit(d)}')],
  ['all', 'echo ${x:=d}', arg('Param{x := Lit(d)}')],
  ['all', 'echo ${x:?msg}', arg('Param{x :? Lit(msg)}')],
  ['all', 'echo ${x:+alt}', arg('Param{x :+ Lit(alt)}')],
  ['all', 'echo ${#x}', arg('Param{#x}')],
  ['all', 'echo ${#}', arg('Param{#}')],
  ['all', 'echo ${x#p}', arg('Param{x # Lit(p)}')],
  ['all', 'echo ${x##p*}', arg('Param{x ## Lit(p*)}')],
  ['all', 'echo ${x%s}', arg('Param{x % Lit(s)}')],
  ['all', 'echo ${x%%s}', arg('Param{x %% Lit(s)}')],
  ['all', 'echo ${x:-a b}', arg('Param{x :- Lit(a b)}')],
  ['all', 'echo ${x:-"a b"}', arg('Param{x :- DQ(Lit(a b))}', true)],
  ['all', 'echo ${x:-$(echo a)}', arg('Param{x :- Cmd(Simple(echo a))}')],
  ['all', 'echo ${x:-${y:-z}}', arg('Param{x :- Param{y :- Lit(z)}}')],
  // pattern substitution and substrings (dash's -n accepts them; dash fails them at run time, #251)
  ['all', 'echo ${x/a/b}', arg('Param{x / Lit(a) / Lit(b)}')],
  ['all', 'echo ${x//a/b}', arg('Param{x // Lit(a) / Lit(b)}')],
  ['all', 'echo ${x/#a/b}', arg('Param{x /# Lit(a) / Lit(b)}')],
  ['all', 'echo ${x/%a/b}', arg('Param{x /% Lit(a) / Lit(b)}')],
  ['all', 'echo ${x:1:2}', arg('Param{x : Lit(1:2)}')],
  ['all', 'echo ${x: -1}', arg('Param{x : Lit( -1)}')],
  ['all', 'echo ${a[1]}', arg('Param{a[Lit(1)]}')],
  ['all', 'echo ${#a[@]}', arg('Param{#a[Lit(@)]}')],
  // bash-only operators: zsh refuses them when it reads the line
  ['bash sh', 'echo ${x@Q}', arg('Param{x @ Lit(Q)}')],
  ['bash sh', 'echo ${!x}', arg('Param{!x}')],
  ['bash sh', 'echo ${x^^}', arg('Param{x ^^}')],
  ['bash sh', 'echo ${x,}', arg('Param{x ,}')],
  ['zsh', 'echo ${x@Q}', rejects('bad substitution')],
  ['zsh', 'echo ${!x}', rejects('bad substitution')],
  ['zsh', 'echo ${x^^}', rejects('bad substitution')],
  ['zsh', 'echo ${a b}', rejects('bad substitution')],
  ['zsh', 'echo ${1x}', rejects('bad substitution')],
  ['bash sh', 'echo ${a b}', arg('Param{a · Lit( b)}')],
  // zsh flags, nesting and modifiers
  ['zsh', 'echo ${(j:,:)x}', arg('Param{(j:,:) x}')],
  ['zsh', 'echo ${(s. .)x}', arg('Param{(s. .) x}')],
  ['zsh', 'echo ${(P)x}', arg('Param{(P) x}')],
  ['zsh', 'echo ${${x}}', arg('Param{Param{x}}')],
  ['zsh', 'echo ${${x#a}%b}', arg('Param{Param{x # Lit(a)} % Lit(b)}')],
  ['zsh', 'echo ${$(echo x)}', arg('Param{Cmd(Simple(echo x))}')],
  ['zsh', 'echo ${=x} ${~x} ${^x} ${+x}', (tree, src) => {
    expect(firstSimple(tree).words.slice(1).map((w) => src.slice(w.span[0], w.span[1]))).toEqual(['${=x}', '${~x}', '${^x}', '${+x}']);
  }],
  ['zsh', 'echo ${x:h}', arg('Param{x : Lit(h)}')],
  // in zsh a `{` inside `${…}` needs its own `}`; bash and dash close at the first `}`
  ['zsh', 'echo ${x:-{a}b}', arg('Param{x :- Lit({a}b)}')],
  ['bash sh', 'echo ${x:-{a}b}', arg('Param{x :- Lit({a)} Lit(b})')],
  ['bash sh', 'echo ${x:-}}', arg('Param{x :-} Lit(})')],
  ['zsh', 'echo ${x:-}}', rejects('`}`')],
  ['all', 'echo ${x', rejects('unterminated parameter expansion')],
  ['all', 'echo ${x:-${y}', rejects('unterminated parameter expansion')],
]);

table('command substitution `$(…)` is parsed recursively', [
  ['all', 'echo $(echo a; echo b)', arg('Cmd(Simple(echo a); Simple(echo b))')],
  ['all', 'echo $(case x in a) echo;; esac)', arg('Cmd(Case(x in:[a) [Simple(echo)] ;;]))')],
  ['all', 'echo $( (echo a) )', arg('Cmd(Subshell(Simple(echo a)))')],
  ['all', 'echo $(echo ")")', arg('Cmd(Simple(echo ")"))')],
  ['all', 'echo $(echo $(echo a))', arg('Cmd(Simple(echo $(echo a)))')],
  ['all', 'echo $(echo `echo a`)', arg('Cmd(Simple(echo `echo a`))')],
  ['all', 'echo $(if true; then echo; fi)x', arg('Cmd(If(cond:[Simple(true)] then:[Simple(echo)])) Lit(x)')],
  ['all', 'echo $(', rejects('unterminated `$(`', [5, 7])],
  ['all', 'echo $(echo', rejects('unterminated `$(`', [5, 11])],
  ['all', 'echo $(echo ))', rejects('`)`')],
  ['all', 'echo $(if)', rejects()],
  ['all', 'echo $(fi)', rejects('fi')],
]);

table('backquotes: `\\`` nests, and the body is parsed', [
  ['all', 'echo `echo a`', arg('Backq(Simple(echo a))')],
  ['all', 'echo `echo \\`echo b\\``', (tree, src) => {
    const subs = nodes(tree).filter((n) => n.type === 'CommandSubstitution');
    expect(subs).toHaveLength(2);
    expect(nodes(subs[1]).filter((n) => n.type === 'Word').map((w) => src.slice(w.span[0], w.span[1]))).toEqual(['echo', 'b']);
  }],
  ['all', 'echo `echo $(echo a)`', arg('Backq(Simple(echo $(echo a)))')],
  ['all', 'echo `echo \\$x`', arg('Backq(Simple(echo $x))')],
  ['all', 'echo `echo', rejects('unterminated backquote', [5, 10])],
  ['sh zsh', 'echo `if`', rejects('inside backquotes')],
]);

describe('backquote spans point back into the source', () => {
  it.each(['bash', 'sh', 'zsh'] as const)('%s', (dialect) => {
    const src = 'echo `echo a` `echo b \\`echo c\\`` x';
    const words = nodes(accept(src, dialect)).filter((n) => n.type === 'Word').map((w) => src.slice(w.span[0], w.span[1]));
    expect(words).toEqual(['echo', '`echo a`', 'echo', 'a', '`echo b \\`echo c\\``', 'echo', 'b', '`echo c\\`', 'echo', 'c', 'x']);
  });
});

table('arithmetic expansion `$((…))`, its fallback to `$( (…) )` (bash, zsh), and `$[…]`', [
  ['all', 'echo $((1+2))', arg('Arith(1+2)')],
  ['all', 'echo $(( 2 > 1 ))', arg('Arith( 2 > 1 )')],
  ['all', 'echo $((a<b ? 1 : 2))', arg('Arith(a<b ? 1 : 2)')],
  ['all', 'echo $(( (1+2)*3 ))', arg('Arith( (1+2)*3 )')],
  ['all', 'echo $(( $(echo 1) + `echo 2` ))', (tree, src) => {
    const a = nodes(tree).find((n) => n.type === 'ArithmeticExpansion')!;
    expect(src.slice(a.span[0], a.span[1])).toBe('$(( $(echo 1) + `echo 2` ))');
    expect(nodes(a).filter((n) => n.type === 'CommandSubstitution')).toHaveLength(2);
  }],
  ['bash zsh', 'echo $((echo a) )', arg('Cmd(Subshell(Simple(echo a)))')],
  ['bash zsh', 'echo $((echo a); echo b)', arg('Cmd(Subshell(Simple(echo a)); Simple(echo b))')],
  ['sh', 'echo $((echo a) )', rejects('arithmetic')],
  ['sh', 'echo $((echo a); echo b)', rejects()],
  ['all', 'echo $((1+2)', rejects()],
  ['bash zsh', 'echo $[1+2]', arg('Arith(1+2)')],
  ['sh', 'echo $[1+2]', arg('Lit($) Glob([1+2])')],
  ['bash zsh', 'echo $[1+2', rejects('`$[`')],
  ['sh', 'echo $[1+2', arg('Lit($[1+2)')],
]);

table('globs `*` `?` `[…]`', [
  ['all', 'echo a*b?c[xy]', arg('Lit(a) Glob(*) Lit(b) Glob(?) Lit(c) Glob([xy])', true)],
  ['all', 'echo [!a]*', arg('Glob([!a]) Glob(*)')],
  ['all', 'echo **/*.txt', arg('Glob(**) Lit(/) Glob(*) Lit(.txt)')],
  ['all', 'echo .*', arg('Lit(.) Glob(*)')],
  ['all', 'echo [', arg('Lit([)')],
  ['all', 'echo a]', arg('Lit(a])')],
  ['all', 'echo "*" \\* \'*\'', (tree) => {
    expect(nodes(firstSimple(tree).words.slice(1)).some((n) => n.type === 'Glob')).toBe(false);
  }],
]);

table("bash's extended globs (read with extglob on); a syntax error in sh", [
  ['bash', 'echo @(a|b)', arg('Glob(@(a|b))')],
  ['bash', 'echo !(a)', arg('Glob(!(a))')],
  ['bash', 'echo +(a) *(b) ?(c)', (tree, src) => {
    expect(firstSimple(tree).words.slice(1).map((w) => w.parts.map((p) => p.type + ':' + src.slice(p.span[0], p.span[1])).join(' '))).toEqual(['Glob:+(a)', 'Glob:*(b)', 'Glob:?(c)']);
  }],
  ['bash', 'echo x@(a|b)y', arg('Lit(x) Glob(@(a|b)) Lit(y)')],
  ['bash', 'echo @(a|$(echo b))', arg('Glob(@(a|$(echo b)))')],
  ['bash', 'echo @(a', rejects('extended glob')],
  ['sh', 'echo @(a|b)', rejects()],
  ['sh', 'echo !(a)', rejects()],
]);

/** A part of the first argument is a Glob whose pattern holds `text`. */
const globHolds = (text: string) => (tree: Parameters<typeof firstSimple>[0]) => {
  const w = firstSimple(tree).words[1]!;
  expect(w.parts.filter((p) => p.type === 'Glob').map((p) => p.type === 'Glob' && p.pattern).join(' ')).toContain(text);
};

table('zsh glob parentheses, qualifiers and numeric globs are one word', [
  ['zsh', 'echo *(D)', both('Simple(echo *(D))', globHolds('(D)'))],
  ['zsh', 'echo *(.)', both('Simple(echo *(.))', globHolds('(.)'))],
  ['zsh', 'echo (a|b)', both('Simple(echo (a|b))', globHolds('(a|b)'))],
  ['zsh', 'echo .g(i)t', both('Simple(echo .g(i)t)', globHolds('(i)'))],
  ['zsh', 'echo a(b c)', 'Simple(echo a(b c))'],
  ['zsh', 'echo <1-5>', both('Simple(echo <1-5>)', globHolds('<1-5>'))],
  ['zsh', 'echo a<->b', 'Simple(echo a<->b)'],
  ['bash sh', 'echo (a|b)', rejects()],
  ['bash sh', 'echo a(b c)', rejects()],
  ['sh', 'echo *(D)', rejects()],
  ['bash sh', 'echo <1-5>', rejects()],
  ['bash sh', 'echo a<->b', 'Simple(echo a <- >b)'],
]);

table('brace expansion in bash and zsh; literal in sh (#197–#200)', [
  ['bash zsh', 'echo {a,b}', arg('Brace{a,b}', true)],
  ['bash zsh', 'echo {a,.git}', arg('Brace{a,.git}')],
  ['bash zsh', 'echo {1..3}', arg('Brace{1..3}')],
  ['bash zsh', 'echo {a..e..2}', arg('Brace{a..e..2}')],
  ['bash zsh', 'echo a{b,c}d', arg('Lit(a) Brace{b,c} Lit(d)')],
  ['bash zsh', 'echo {,.bak}', arg('Brace{,.bak}')],
  ['bash zsh', 'echo {a,{b,c}}', arg('Brace{a,{b,c}}')],
  ['bash zsh', 'echo {a,"b c"}', arg('Brace{a,"b c"}', false)],
  ['sh', 'echo {a,b}', arg('Lit({a,b})')],
  ['sh', 'echo {1..3}', arg('Lit({1..3})')],
  ['sh', 'echo a{b,c}d', arg('Lit(a{b,c}d)')],
  // no comma, no sequence: not an expansion
  ['all', 'echo {a}', arg('Lit({a})')],
  ['all', 'echo {}', arg('Lit({})')],
  ['all', 'echo "{a,b}"', arg('DQ(Lit({a,b}))')],
  ['bash sh', 'echo \\{a,b}', arg('Esc({) Lit(a,b})')],
  // zsh splits the unmatched `}` off the word (the `{` is quoted): a close with nothing open
  ['zsh', 'echo \\{a,b}', rejects('`}`')],
]);

table('tilde prefixes (#207–#209)', [
  ['all', 'echo ~', arg('Tilde(~)')],
  ['all', 'echo ~/x', arg('Tilde(~) Lit(/x)')],
  ['all', 'echo ~root/x', arg('Tilde(~root) Lit(/x)')],
  ['bash zsh', 'echo ~+', arg('Tilde(~+)')],
  ['bash zsh', 'echo ~-', arg('Tilde(~-)')],
  ['sh', 'echo ~+', arg('Lit(~+)')],
  ['sh', 'echo ~-', arg('Lit(~-)')],
  ['all', 'echo a~', arg('Lit(a~)')],
  ['all', 'echo "~"', arg('DQ(Lit(~))')],
  ['all', 'echo \\~', arg('Esc(~)')],
  // bash expands a tilde after `=` in an argument that looks like an assignment; no other shell does
  ['bash', 'echo x=~/y', arg('Lit(x=) Tilde(~) Lit(/y)')],
  ['sh zsh', 'echo x=~/y', arg('Lit(x=~/y)')],
  ['all', 'echo --dir=~/y', arg('Lit(--dir=~/y)')],
  // an assignment value expands a tilde at its start and after each `:`
  ['all', 'PATH=~/a:~/b', assignment('Tilde(~) Lit(/a:) Tilde(~) Lit(/b)')],
  ['all', 'x=~/y echo', assignment('Tilde(~) Lit(/y)')],
  ['all', 'x=a~:b', assignment('Lit(a~:b)')],
  ['bash', 'echo PATH=~/a:~/b', arg('Lit(PATH=) Tilde(~) Lit(/a:) Tilde(~) Lit(/b)')],
  // zsh ends a tilde prefix at a quote
  ['zsh', 'echo ~"/x"', arg('Tilde(~) DQ(Lit(/x))')],
  ['bash sh', 'echo ~"/x"', arg('Lit(~) DQ(Lit(/x))')],
]);

table("zsh's `=name` is the path of a command, in any word (#216, #217)", [
  ['zsh', '=ls x', both('Simple(=ls x)', (tree, src) => {
    expect(firstSimple(tree).words[0]!.parts.map((p) => p.type + ':' + src.slice(p.span[0], p.span[1]))).toEqual(['EqualsCommandPath:=ls']);
  })],
  ['zsh', 'echo =ls', arg('EqCmd(=ls)')],
  ['bash sh', '=ls x', both('Simple(=ls x)', (tree) => {
    expect(firstSimple(tree).words[0]!.parts.map((p) => p.type)).toEqual(['Literal']);
  })],
  ['bash sh', 'echo =ls', arg('Lit(=ls)')],
  ['all', 'echo a=b', arg('Lit(a=b)')],
]);

table('`unquoted`: true only with no quote, backslash or empty quote pair in the word itself', [
  ['all', 'echo abc', arg('Lit(abc)', true)],
  ['all', 'echo "abc"', arg('DQ(Lit(abc))', false)],
  ['all', "echo a'b'", arg('Lit(a) SQ(b)', false)],
  ['all', 'echo a\\b', arg('Lit(a) Esc(b)', false)],
  ['all', 'echo {""', arg('Lit({) DQ()', false)],
  ['all', "echo ''x", arg('SQ() Lit(x)', false)],
  // a quote inside a substitution does not count
  ['all', 'echo $(echo "a")', arg('Cmd(Simple(echo "a"))', true)],
  ['all', 'echo ${x:-"a"}', arg('Param{x :- DQ(Lit(a))}', true)],
  ['all', 'echo $x*', arg('Param(x) Glob(*)', true)],
  ['bash zsh', "echo $'x'", arg('AnsiC(x)', false)],
  ['bash', 'echo $"x"', arg('Locale(Lit(x))', false)],
]);

describe('word and part spans', () => {
  it.each(['bash', 'sh', 'zsh'] as const)('%s: each part covers its own text', (dialect) => {
    const src = `echo a"b"'c'\\d$x\${y}$(z)*`;
    const w = firstSimple(accept(src, dialect)).words[1]!;
    expect(w.parts.map((p) => src.slice(p.span[0], p.span[1]))).toEqual(['a', '"b"', "'c'", '\\d', '$x', '${y}', '$(z)', '*']);
  });
});
