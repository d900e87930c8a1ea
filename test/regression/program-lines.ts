// Generated lines of issue 13's classes for the containment proof: programs
// that write a file named by an option or derived from an operand (split,
// csplit, shuf -o, xxd, openssl -out, ssh-keygen -f, gpg -o, cc -o, patch,
// sqlite3, cmake -E, link, tar in every option spelling), wrappers and
// runners around them, and programs the table does not know, each handed
// a path in one of its spellings (operand, `-o P`, `-oP`, `--out=P`, `of=P`,
// `P:DST`), the path in the tree, outside it, or protected. The allowed lines
// run in the real shells with the other generated lines; a line that names
// a protected path must never be allowed (checked without the sandbox, in
// test/programs/readers.test.ts's property and below in the containment test).

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';

/** Paths a program may be handed: in the tree, outside it (unprotected), and protected ones. */
export const ordinaryPaths = ['a.txt', 'sub/out', 'part_', 'build.o', '../outside/w.txt'];
export const protectedPaths = ['.git/hooks/pre-commit', '.git/config', '~/.bashrc', '~/.ssh/authorized_keys', 'sub/../.git/HEAD', '~/.zshrc'];

const spellings: ((p: string) => string)[] = [
  (p) => p, (p) => `-o ${p}`, (p) => `-o${p}`, (p) => `--out=${p}`, (p) => `of=${p}`, (p) => `${p}:/mnt`,
];

/** The classes: each takes the path (as a shell word) and gives a command. */
const templates: ((p: string, spell: (p: string) => string) => string)[] = [
  (p) => `split -l 1 a.txt ${p}`,
  (p) => `csplit -s -f ${p} a.txt 1`,
  (p) => `shuf -o ${p} a.txt`,
  (p) => `xxd a.txt ${p}`,
  (p) => `openssl rand -out ${p} 8`,
  (p) => `ssh-keygen -q -N '' -f ${p}`,
  (p) => `gpg -o ${p} -d a.txt`,
  (p) => `cc -o ${p} x.c`,
  (p) => `gcc -o${p} x.c`,
  (p) => `patch ${p} a.diff`,
  (p) => `sqlite3 ${p} 'select 1;'`,
  (p) => `cmake -E touch ${p}`,
  (p) => `cmake -E copy a.txt ${p}`,
  (p) => `link a.txt ${p}`,
  (p) => `tar -c --file=${p} a.txt`,
  (p) => `tar -x --directory=${p} -f a.tar`,
  (p) => `tar -xf a.tar --dir=${p}`,
  (p) => `tar -cf${p} a.txt`,
  (p, spell) => `mytool ${spell(p)}`,
  (p, spell) => `frobnicate --verbose ${spell(p)}`,
  (p, spell) => `nice -n 5 mytool ${spell(p)}`,
  (p, spell) => `setarch x86_64 -R mytool ${spell(p)}`,
];

/** A path as a shell word: `~` expands only where it leads the word. */
const shellWord = (p: string) => (p.startsWith('~/') ? `~/'${p.slice(2)}'` : `'${p}'`);

export interface ProgramLine { line: string; dialect: DialectName; protectedPath: boolean }

export const programCase: fc.Arbitrary<ProgramLine> = fc.record({
  template: fc.nat(templates.length - 1),
  spelling: fc.nat(spellings.length - 1),
  path: fc.oneof(fc.constantFrom(...ordinaryPaths).map((p) => ({ p, bad: false })), fc.constantFrom(...protectedPaths).map((p) => ({ p, bad: true }))),
  dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh'),
  before: fc.constantFrom('', 'true && ', 'cd sub && cd .. && '),
}).map(({ template, spelling, path, dialect, before }) => {
  const spell = spellings[spelling]!;
  // `~/x` after `=` or glued to an option is not expanded by the shell: spelled with $HOME there
  const word = (p: string) => (p.startsWith('~/') ? `"$HOME"/'${p.slice(2)}'` : shellWord(p));
  const line = `${before}${templates[template]!(word(path.p), (w) => spell(w))}`;
  return { line, dialect, protectedPath: path.bad };
});
