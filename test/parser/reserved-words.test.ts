// Reserved words: read only when wholly unquoted and where the dialect reads
// them; zsh's braces (SPEC §2 "Reserved words"; dialects.md §5, §6).
// Verdicts confirmed with bash -O extglob -n, dash -n, zsh -f -n.

import { expect } from 'vitest';
import { firstSimple, rejects, table } from './helpers.js';

/** The command's first word is an ordinary, quoted command name. */
const quotedName = (name: string) => (tree: Parameters<typeof firstSimple>[0], src: string) => {
  const w = firstSimple(tree).words[0]!;
  expect(src.slice(w.span[0], w.span[1])).toBe(name);
  expect(w.unquoted).toBe(false);
};

table('a quoted, escaped or emptily-quoted reserved word is a command name [seed 0704] (#84–#96)', [
  ['all', '"{" echo hi', 'Simple("{" echo hi)'],
  ['all', "'{' echo hi", "Simple('{' echo hi)"],
  ['all', '\\{ echo hi', 'Simple(\\{ echo hi)'],
  ['bash sh', '{"" echo hi', 'Simple({"" echo hi)'],
  ['all', "'then' echo hi", "Simple('then' echo hi)"],
  ['all', '\\! true', 'Simple(\\! true)'],
  ['all', '"!" true', 'Simple("!" true)'],
  ['all', '"time" echo hi', 'Simple("time" echo hi)'],
  ['all', "'function' f", "Simple('function' f)"],
  ['all', '"if" true', quotedName('"if"')],
  ['all', 'i""f true', quotedName('i""f')],
  ['all', "'fi'", quotedName("'fi'")],
  ['all', '\\}', quotedName('\\}')],
  // so the keyword it would have been is missing
  ['all', '"{" echo hi; }', rejects('`}`', [13, 14])],
  ['all', "if true; 'then' echo hi; fi", rejects('fi')],
  ['all', '\\if true; then :; fi', rejects('then', [10, 14])],
  ['all', 'i""f true; then :; fi', rejects('then')],
  // zsh rejects `{""` (#86)
  ['zsh', '{"" echo hi', rejects()],
]);

table('reserved words only in command position', [
  ['all', 'echo if then fi', 'Simple(echo if then fi)'],
  ['all', 'echo in do done esac', 'Simple(echo in do done esac)'],
  ['all', 'echo {', 'Simple(echo {)'],
  ['all', 'echo a{', 'Simple(echo a{)'],
  ['all', 'echo {}', 'Simple(echo {})'],
  ['bash sh', 'a=1 if', 'Simple(assign:[a=1] if)'],
  ['zsh', 'a=1 if', rejects('`if`')],
  ['all', 'if true; then echo fi; fi', 'If(cond:[Simple(true)] then:[Simple(echo fi)])'],
  ['all', '! if true; then :; fi', '! If(cond:[Simple(true)] then:[Simple(:)])'],
  ['all', 'echo hi | while read l; do :; done', 'Simple(echo hi) | While(cond:[Simple(read l)] do:[Simple(:)])'],
  ['all', 'true && { echo; }', 'Simple(true) && Group(Simple(echo))'],
  ['all', 'true; for i in a; do :; done', 'Simple(true); For(i in:[a] do:[Simple(:)])'],
  // a line continuation does not quote: `i\⏎f` is still `if`
  ['all', 'i\\\nf true; then :; fi', 'If(cond:[Simple(true)] then:[Simple(:)])'],
]);

table('a closer with nothing open (#104–#110)', [
  ['all', '}', rejects('`}` with nothing open', [0, 1])],
  ['all', 'fi', rejects('`fi` with nothing open', [0, 2])],
  ['all', 'done', rejects('`done` with nothing open', [0, 4])],
  ['all', 'esac', rejects('`esac` with nothing open', [0, 4])],
  ['all', ')', rejects('`)` with nothing open', [0, 1])],
  ['all', 'then', rejects('`then`', [0, 4])],
  ['all', 'then x', rejects('`then`', [0, 4])],
  ['all', 'do x', rejects('`do`', [0, 2])],
  ['all', 'elif', rejects('`elif`')],
  ['all', 'else', rejects('`else`')],
  ['all', 'echo a; fi', rejects('`fi`', [8, 10])],
  ['all', 'true; }; rm y', rejects('`}`', [6, 7])],
  ['bash sh', 'in', rejects('`in`')],
  ['bash sh', 'in x', rejects('`in`')],
  ['bash sh', 'x; in', rejects('`in`')],
  ['bash sh', '{ in; }', rejects('`in`')],
]);

table('words zsh reads as reserved only in their place: elsewhere `in` and `always` are commands', [
  ['zsh', 'in x', 'Simple(in x)'],
  ['zsh', 'x; in', 'Simple(x); Simple(in)'],
  ['zsh', '{ in; }', 'Group(Simple(in))'],
  ['zsh', 'always x', 'Simple(always x)'],
  ['zsh', 'echo; always', 'Simple(echo); Simple(always)'],
  ['bash sh', 'always x', 'Simple(always x)'],
]);

table('`end` closes `foreach` in zsh; elsewhere it is a command', [
  ['zsh', 'end', rejects('`end`')],
  ['bash sh', 'end', 'Simple(end)'],
]);

table("zsh reads a sole `}` as a close anywhere (#98–#103)", [
  ['bash sh', 'echo }', 'Simple(echo })'],
  ['bash sh', 'echo };', 'Simple(echo })'],
  ['bash sh', 'echo a } b', 'Simple(echo a } b)'],
  ['zsh', 'echo }', rejects('`}` with nothing open', [5, 6])],
  ['zsh', 'echo };', rejects('`}`', [5, 6])],
  ['zsh', 'echo a } b', rejects('`}`', [7, 8])],
  ['zsh', '{ echo hi }', 'Group(Simple(echo hi))'],
  ['zsh', '{ echo }', 'Group(Simple(echo))'],
  ['zsh', '{ echo hi } ; echo after', 'Group(Simple(echo hi)); Simple(echo after)'],
  ['zsh', '{ echo a } && { echo b }', 'Group(Simple(echo a)) && Group(Simple(echo b))'],
  ['bash sh', '{ echo hi }', rejects('`}`')],
  ['bash sh', '{ echo a } && { echo b }', rejects()],
  // the same text groups differently (#102)
  ['bash sh', '{ echo hi }\necho after\n}', 'Group(Simple(echo hi }); Simple(echo after))'],
  ['zsh', '{ echo hi }\necho after\n}', rejects('`}`', [23, 24])],
  // quoted, escaped or glued to other text it is an argument everywhere but at a word's end in zsh
  ['all', 'echo "}" \'}\' \\}', 'Simple(echo "}" \'}\' \\})'],
  ['all', 'echo x\\}', 'Simple(echo x\\})'],
  ['all', 'echo }x', 'Simple(echo }x)'],
  ['bash sh', 'echo x}', 'Simple(echo x})'],
  ['zsh', 'echo x}', rejects('`}`', [6, 7])],
  ['zsh', '{ echo x}', 'Group(Simple(echo x))'],
  ['zsh', '{ echo x}; }', rejects('`}`')],
  // … except in an assignment
  ['zsh', 'a=x}', 'Simple(assign:[a=x}])'],
  // zsh opens a group at a word starting with `{` in command position (#87)
  ['zsh', '{echo hi; }', 'Group(Simple(echo hi))'],
  ['bash sh', '{echo hi; }', rejects('`}`', [10, 11])],
  ['bash sh', '{echo hi', 'Simple({echo hi)'],
  ['bash sh', 'echo x}; rm a; {true', 'Simple(echo x}); Simple(rm a); Simple({true)'],
  ['zsh', 'echo x}; rm a; {true', rejects('`}`', [6, 7])],
  ['zsh', '{ echo x}; rm a; {true }', 'Group(Simple(echo x)); Simple(rm a); Group(Simple(true))'],
]);

table('zsh reads the word right after `fi`, `done`, `esac` outside command position', [
  ['all', '{ if a; then b; fi }', 'Group(If(cond:[Simple(a)] then:[Simple(b)]))'],
  ['all', '{ case x in a) ;; esac }', 'Group(Case(x in:[a) [] ;;]))'],
  ['bash sh', 'for i in a; do if a; then b; fi done', 'For(i in:[a] do:[If(cond:[Simple(a)] then:[Simple(b)])])'],
  ['bash sh', 'if a; then if b; then c; fi fi', 'If(cond:[Simple(a)] then:[If(cond:[Simple(b)] then:[Simple(c)])])'],
  ['bash sh', 'case x in a) if a; then b; fi esac', 'Case(x in:[a) [If(cond:[Simple(a)] then:[Simple(b)])]])'],
  ['bash sh', 'if a; then for i in a; do b; done fi', 'If(cond:[Simple(a)] then:[For(i in:[a] do:[Simple(b)])])'],
  ['zsh', 'for i in a; do if a; then b; fi done', rejects('`done`')],
  ['zsh', 'if a; then if b; then c; fi fi', rejects('`fi`')],
  ['zsh', 'case x in a) if a; then b; fi esac', rejects('`esac`')],
  ['zsh', 'if a; then for i in a; do b; done fi', rejects('`fi`')],
  ['all', 'while a; do if a; then b; fi; done', 'While(cond:[Simple(a)] do:[If(cond:[Simple(a)] then:[Simple(b)])])'],
  ['all', 'if true; then :; fi echo', rejects('`echo`')],
  ['all', 'for i in a; do :; done echo x', rejects('`echo`')],
  ['all', 'case x in a) ;; esac echo', rejects('`echo`')],
]);

table('the wrapper `cd -- DIR && { … }` around a line (dialects.md §6)', [
  ['all', "cd -- 'sub' && {\ntrue; }; rm y; { true\n}", "Simple(cd -- 'sub') && Group(Simple(true)); Simple(rm y); Group(Simple(true))"],
  ['all', "cd -- 'sub' && {\nrm x # }\n}", "Simple(cd -- 'sub') && Group(Simple(rm x))"],
  ['all', "cd -- 'sub' && {\ncat <<EOF\n}\nEOF\nrm x\n}", "Simple(cd -- 'sub') && Group(Simple(cat <<EOF«}⏎»); Simple(rm x))"],
  ['all', "cd -- 'sub' && {\n\"{\"\n}\nrm x\n}", rejects('`}`')],
  ['all', "cd -- 'sub' && {\ncat <<EOF\n}", rejects()],
  ['bash sh', "cd -- 'sub' && {\necho hi } ; rm x\n}", "Simple(cd -- 'sub') && Group(Simple(echo hi }); Simple(rm x))"],
  ['bash sh', "cd -- 'sub' && {\necho }\n}", "Simple(cd -- 'sub') && Group(Simple(echo }))"],
  ['bash sh', "cd -- 'sub' && {\nrm x; }; rm y; {\n}", rejects()],
  ['bash sh', "cd -- 'sub' && {\necho hi\n}\nrm x\n{\n}", rejects()],
  ['bash sh', "cd -- 'sub' && {\nrm x &&\n}", rejects()],
  ['bash sh', "cd -- 'sub' && {\necho hi \\\n}", rejects()],
  ['bash sh', "cd -- 'sub' && {\n# just a comment\n}", rejects()],
  ['zsh', "cd -- 'sub' && {\necho hi } ; rm x\n}", rejects()],
  ['zsh', "cd -- 'sub' && {\necho }\n}", rejects()],
  ['zsh', "cd -- 'sub' && {\nrm x; }; rm y; {\n}", "Simple(cd -- 'sub') && Group(Simple(rm x)); Simple(rm y); Group()"],
  ['zsh', "cd -- 'sub' && {\necho hi\n}\nrm x\n{\n}", "Simple(cd -- 'sub') && Group(Simple(echo hi)); Simple(rm x); Group()"],
  ['zsh', "cd -- 'sub' && {\nrm x &&\n}", "Simple(cd -- 'sub') && Group(Simple(rm x))"],
  ['zsh', "cd -- 'sub' && {\necho hi \\\n}", "Simple(cd -- 'sub') && Group(Simple(echo hi))"],
  ['zsh', "cd -- 'sub' && {\n# just a comment\n}", "Simple(cd -- 'sub') && Group()"],
]);
