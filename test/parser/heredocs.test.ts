// Here-documents: quoted and unquoted delimiters, `<<-`, several on a line,
// inside `$( )` and backquotes, unterminated bodies (SPEC §2 "Heredocs";
// dialects.md §3). A body is shown `<<DELIM«body»` (its source text, the
// delimiter line excluded). Verdicts confirmed with bash -O extglob -n,
// dash -n, zsh -f -n.

import { expect } from 'vitest';
import type { Heredoc, Script } from '../../src/index.js';
import { both, nodes, parts, rejects, table } from './helpers.js';

function heredocs(tree: Script): Heredoc[] {
  return nodes(tree).filter((n) => n.type === 'Heredoc') as unknown as Heredoc[];
}

/** The first here-document's delimiter and flags. */
const doc = (want: { delimiter: string; quoted: boolean; stripTabs?: boolean; terminated?: boolean }) => (tree: Script) => {
  const h = heredocs(tree)[0]!;
  expect({ delimiter: h.delimiter, quoted: h.quoted, stripTabs: h.stripTabs, terminated: h.terminated })
    .toEqual({ stripTabs: false, terminated: true, ...want });
};

/** The parts of the first here-document's body. */
const body = (want: string) => (tree: Script, src: string) => {
  expect(parts(heredocs(tree)[0]!.body.parts, src)).toBe(want);
};

table('an unquoted delimiter: the body expands `$`, `` ` `` and backslashes', [
  ['all', 'cat <<EOF\nhello $x\nEOF', both('Simple(cat <<EOF«hello $x⏎»)', body('Lit(hello ) Param(x) Lit(⏎)'))],
  ['all', 'cat <<EOF\n$(rm x)\nEOF', both('Simple(cat <<EOF«$(rm x)⏎»)', body('Cmd(Simple(rm x)) Lit(⏎)'))],
  ['all', 'cat <<EOF\n`rm x` ${y:-z}\nEOF', body('Backq(Simple(rm x)) Lit( ) Param{y :- Lit(z)} Lit(⏎)')],
  // a backslash escapes only $ ` \ and newline; quotes are ordinary characters
  ['all', 'cat <<EOF\n\\$x \\"q\\" \\\\\nEOF', body('Esc($) Lit(x \\"q\\" ) Esc(\\) Lit(⏎)')],
  ['all', 'cat <<EOF\n"\nEOF', 'Simple(cat <<EOF«"⏎»)'],
  ['all', "cat <<EOF\n'\nEOF", "Simple(cat <<EOF«'⏎»)"],
  ['all', 'cat <<EOF\n}\nEOF', 'Simple(cat <<EOF«}⏎»)'],
  ['all', 'cat <<EOF\nx\nEOF', doc({ delimiter: 'EOF', quoted: false })],
  ['all', 'cat << EOF\nx\nEOF', 'Simple(cat <<EOF«x⏎»)'],
  ['all', 'cat <<$x\nbody\n$x', both('Simple(cat <<$x«body⏎»)', doc({ delimiter: '$x', quoted: false }))],
  ['all', 'cat <<EOF\nEOF', 'Simple(cat <<EOF«»)'],
  // the delimiter line must match exactly
  ['all', 'cat <<EOF\nx\nEOFX\nEOF', 'Simple(cat <<EOF«x⏎EOFX⏎»)'],
  ['all', 'cat <<EOF\nbody\n EOF\nEOF', 'Simple(cat <<EOF«body⏎ EOF⏎»)'],
  ['all', 'cat <<EOF\nx\nEOF\nEOF', 'Simple(cat <<EOF«x⏎»); Simple(EOF)'],
  // a line continuation in an unquoted body joins the next line to it: that line is no delimiter
  ['all', 'cat <<EOF\na\\\nEOF\necho cmd\nEOF', 'Simple(cat <<EOF«a\\⏎EOF⏎echo cmd⏎»)'],
  // the shells check a body's syntax only when they expand it (dash: when it reads it).
  // Deliberate refusal: treeward reads the body's expansions now and refuses one that does not close.
  ['bash zsh', 'cat <<EOF\n${x\nEOF', rejects('unterminated parameter expansion')],
  ['sh', 'cat <<EOF\n${x\nEOF', rejects('unterminated parameter expansion')],
  // deliberate refusal, as above
  ['bash', 'cat <<EOF\n$(\nEOF', rejects('`$(`')],
  ['sh zsh', 'cat <<EOF\n$(\nEOF', rejects('`$(`')],
]);

table('a quoted delimiter makes the body literal', [
  ['all', "cat <<'EOF'\nhello $x\nEOF", both("Simple(cat <<'EOF'«hello $x⏎»)", body('Lit(hello $x⏎)'))],
  ['all', "cat <<'EOF'\n$(\nEOF", body('Lit($(⏎)')],
  ['all', "cat <<'EOF'\na\\\nEOF", body('Lit(a\\⏎)')],
  ['all', "cat <<'EOF'\nx\nEOF", doc({ delimiter: 'EOF', quoted: true })],
  ['all', 'cat <<"EOF"\nhi\nEOF', both('Simple(cat <<"EOF"«hi⏎»)', doc({ delimiter: 'EOF', quoted: true }))],
  ['all', 'cat <<\\EOF\nhi\nEOF', both('Simple(cat <<\\EOF«hi⏎»)', doc({ delimiter: 'EOF', quoted: true }))],
  ['all', 'cat <<E"O"F\nhi\nEOF', both('Simple(cat <<E"O"F«hi⏎»)', doc({ delimiter: 'EOF', quoted: true }))],
  ['all', 'cat <<E\\OF\nx\nEOF', doc({ delimiter: 'EOF', quoted: true })],
  ['all', 'cat <<"E F"\nx\nE F', both('Simple(cat <<"E F"«x⏎»)', doc({ delimiter: 'E F', quoted: true }))],
  ['all', "cat <<''\nx\n\n", both("Simple(cat <<''«x⏎»)", doc({ delimiter: '', quoted: true }))],
]);

table('`<<-` strips leading tabs (not spaces) from the body and the delimiter line (#54)', [
  ['all', 'cat <<-EOF\n\thi\n\tEOF', both('Simple(cat <<-EOF«⇥hi⏎»)', doc({ delimiter: 'EOF', quoted: false, stripTabs: true }))],
  ['all', 'cat <<-EOF\nx\n\t\tEOF', 'Simple(cat <<-EOF«x⏎»)'],
  ['all', "cat <<-'EOF'\n\t$x\n\tEOF", 'Simple(cat <<-\'EOF\'«⇥$x⏎»)'],
  ['all', 'cat <<-EOF\n    hi\n    EOF\necho after', 'Simple(cat <<-EOF«    hi⏎    EOF⏎echo after» unterminated)'],
  ['all', 'cat <<EOF\n\tx\n\tEOF\nEOF', 'Simple(cat <<EOF«⇥x⏎⇥EOF⏎»)'],
]);

table('several here-documents: bodies follow the line in order (#60)', [
  ['all', 'cat <<A <<B\na\nA\nb\nB', 'Simple(cat <<A«a⏎» <<B«b⏎»)'],
  ['all', 'cat <<A; cat <<B\na\nA\nb\nB', 'Simple(cat <<A«a⏎»); Simple(cat <<B«b⏎»)'],
  ['all', 'cat <<EOF; cat <<EOF\na\nEOF\nb\nEOF', 'Simple(cat <<EOF«a⏎»); Simple(cat <<EOF«b⏎»)'],
  ['all', 'cat <<EOF | cat <<F2\na\nEOF\nb\nF2', 'Simple(cat <<EOF«a⏎») | Simple(cat <<F2«b⏎»)'],
  ['all', 'cat <<EOF && cat <<F\na\nEOF\nb\nF', 'Simple(cat <<EOF«a⏎») && Simple(cat <<F«b⏎»)'],
  ['all', 'cat <<EOF <<EOF2\na\nEOF\nb', 'Simple(cat <<EOF«a⏎» <<EOF2«b» unterminated)'],
  // text after the operator on the same line is live code (#57)
  ['all', 'cat <<EOF; rm x\nbody\nEOF', 'Simple(cat <<EOF«body⏎»); Simple(rm x)'],
  ['all', 'cat <<EOF >f\nx\nEOF', 'Simple(cat <<EOF«x⏎» >f)'],
  ['all', 'cat <<EOF\nx\nEOF\n\necho', 'Simple(cat <<EOF«x⏎»); Simple(echo)'],
  // a substitution on the here-document's line that spans lines comes first
  ['all', 'cat <<EOF $(echo a\n)\nbody\nEOF', 'Simple(cat $(echo a⏎) <<EOF«body⏎»)'],
  ['all', 'cat <<EOF; echo $(\necho a)\nbody\nEOF', 'Simple(cat <<EOF«body⏎»); Simple(echo $(⏎echo a))'],
]);

table('here-documents inside compound commands', [
  ['all', 'if true; then cat <<EOF\nx\nEOF\nfi', 'If(cond:[Simple(true)] then:[Simple(cat <<EOF«x⏎»)])'],
  ['all', 'for i in a; do cat <<EOF\n$i\nEOF\ndone', 'For(i in:[a] do:[Simple(cat <<EOF«$i⏎»)])'],
  ['all', '(cat <<EOF\nx\nEOF\n)', 'Subshell(Simple(cat <<EOF«x⏎»))'],
  ['all', '{ cat <<EOF; }\nx\nEOF', 'Group(Simple(cat <<EOF«x⏎»))'],
  ['all', 'f() {\ncat <<EOF\n}\nEOF\n}', 'Func(f body:Group(Simple(cat <<EOF«}⏎»)))'],
]);

table('here-documents inside `$( )`: bash also ends one at `DELIM)` (SPEC §2)', [
  ['all', 'echo $(cat <<EOF\nhi\nEOF\n)', 'Simple(echo $(cat <<EOF⏎hi⏎EOF⏎))'],
  ['all', 'echo $(cat <<EOF\nhi\nEOF\n) after', 'Simple(echo $(cat <<EOF⏎hi⏎EOF⏎) after)'],
  ['all', 'echo "$(cat <<EOF\nhi\nEOF\n)"', 'Simple(echo "$(cat <<EOF⏎hi⏎EOF⏎)")'],
  ['bash', 'echo $(cat <<EOF\nhi\nEOF)', both('Simple(echo $(cat <<EOF⏎hi⏎EOF))', (tree) => {
    expect(heredocs(tree).map((h) => h.terminated)).toEqual([true]);
  })],
  ['bash', 'echo $(cat <<EOF\nhi\nEOF)x', 'Simple(echo $(cat <<EOF⏎hi⏎EOF)x)'],
  ['sh zsh', 'echo $(cat <<EOF\nhi\nEOF)', rejects('`$(`')],
  ['sh zsh', 'echo $(cat <<EOF\nhi\nEOF)x', rejects('`$(`')],
]);

table('here-documents inside backquotes: the substitution ends at the next backquote, even in a body', [
  ['all', 'echo `cat <<EOF\nhi\nEOF\n`', 'Simple(echo `cat <<EOF⏎hi⏎EOF⏎`)'],
  ['all', 'echo `cat <<EOF\nhi`\nEOF', 'Simple(echo `cat <<EOF⏎hi`); Simple(EOF)'],
]);

table('unterminated here-documents swallow the rest of the input (#55, #56)', [
  ['all', 'cat <<EOF\nhello\necho not-a-command', both('Simple(cat <<EOF«hello⏎echo not-a-command» unterminated)', doc({ delimiter: 'EOF', quoted: false, terminated: false }))],
  ['all', 'cat <<EOF', 'Simple(cat <<EOF«» unterminated)'],
  ['all', 'cat <<EOF; rm x', 'Simple(cat <<EOF«» unterminated); Simple(rm x)'],
  ['all', 'cat <<', rejects('here-document delimiter')],
  ['all', 'cat <<;', rejects('here-document delimiter')],
]);
