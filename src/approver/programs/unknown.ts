// What treeward assumes of a program its table does not read (issue 13 item
// 1): nothing. Every word it is handed that can name a path — the word
// itself, an option's value glued to its letter (`-oFILE`) or after `=`
// (`--out=FILE`, `of=FILE`), each piece of a `:`/`,` list (`-v SRC:DST`),
// `@FILE` and `file://PATH` — is a path the program may write or remove.
// The walk judges these `handed` writes only against the protected set
// (rules/writes.ts): a protected path is refused, anything else stays as
// it was (a program the table does not know is not a write the line fixes).

import type { Action } from '../core/actions.js';
import { type Argument, derivedArgument } from '../core/arguments.js';
import { joinPath } from '../core/path-text.js';

/** Past this many candidate paths per word the rest are not read (a word of thousands of `:` pieces is not a path list). */
const candidatesPerWord = 24;

/** The `handed` writes of an unknown program's words (`args[0]` is the program). */
export function handedWords(program: string, args: readonly Argument[], home: string): Action[] {
  const out: Action[] = [];
  for (const arg of args.slice(1)) {
    out.push({ kind: 'write', arg, by: program, handed: true });
    if (arg.text === null) continue;
    for (const text of pathsInWord(arg.text, home)) {
      if (text !== arg.text) out.push({ kind: 'write', arg: derivedArgument(arg, text), by: program, handed: true });
    }
  }
  return out;
}

/** The texts in one word that may be a path the program is given, by the spellings programs read paths in. */
export function pathsInWord(word: string, home: string): string[] {
  const found = new Set<string>();
  const add = (text: string) => {
    if (text === '' || found.size >= candidatesPerWord) return;
    found.add(text);
    // a program may expand `~` itself (the shell leaves `--key=~/x` alone)
    if (text === '~' || text.startsWith('~/')) found.add(joinPath(home, text.slice(2)));
    if (text.startsWith('@')) add(text.slice(1));
    if (text.startsWith('file://')) add(text.slice('file://'.length));
  };
  add(word);
  const eq = word.indexOf('=');
  if (eq >= 0) add(word.slice(eq + 1));
  if (/^-[^-]/.test(word)) {
    add(word.slice(2));
    // a cluster's value starts after any letter: `-xvf.git/x`, `-o~/.ssh/k`
    for (let i = 2; i < word.length && /^[A-Za-z0-9]$/.test(word[i - 1]!); i++) if ('/.~'.includes(word[i]!)) add(word.slice(i));
  }
  for (const piece of word.split(/[:,]/)) add(piece);
  if (eq >= 0) for (const piece of word.slice(eq + 1).split(/[:,]/)) add(piece);
  return [...found];
}
