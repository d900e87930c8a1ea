// The words a program is given, as the walk evaluated them, and the one set
// of constructors for arguments a reader derives from them: a fixed path
// derived from another word (curl -O's file name), a value the line does not
// fix, an option's value as an argument of its own, and paths another
// program lists.

import type { Word } from '../../syntax/ast.js';
import type { FindFilter } from './effects.js';
import type { Unfixed } from './facts.js';
import type { WordValue } from './words.js';

/** A word of a command line, with its evaluated value and, when it is one fixed string, that string. */
export interface Argument {
  word: Word;
  value: WordValue;
  text: string | null;
  /** A path another program lists (`find … -exec CMD {}`, `grep -rl … | xargs CMD`): not fixed, but known to lie below fixed start points. */
  listed?: Listing;
}

/** Entries a program lists: below its start points, narrowed by its filters. */
export interface Listing {
  starts: Argument[];
  /** One filter per alternative (grep's several `--include`s); null where none is read. */
  filters: (FindFilter | null)[];
  /** False: the entries are the start points themselves (`grep -l x a.ts b.ts`). */
  recursive: boolean;
  /** `git ls-files` never lists what lies in a `.git` directory. */
  skipsGitDirectories: boolean;
  /** The program listing them. */
  by: string;
  /** `find … -exec rm {}`: the find's own removal covers every entry. */
  coveredRemoval: boolean;
}

/** A synthetic fixed argument standing for a path or word derived from another argument. */
export function derivedArgument(from: Argument, text: string): Argument {
  return { word: from.word, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

/** An argument at `from`'s word whose value the line does not fix, and why. */
export function unfixedArgument(from: Argument, why: Unfixed): Argument {
  return { word: from.word, value: { kind: 'unfixed', why, span: from.word.span }, text: null };
}

/** An option's value (options.ts `ParsedOption`) as an argument of its own: attached values are sliced out of their word. */
export function valueArgument(option: { arg: Argument; value: string | null; attached: boolean }): Argument {
  if (!option.attached) return option.arg;
  if (option.value === null) return unfixedArgument(option.arg, { source: 'option-value' });
  return derivedArgument(option.arg, option.value);
}

/** An argument standing for listed paths (or, with no listing, for words the line does not fix). */
export function listedArgument(from: Argument, listing: Listing | null, why: Unfixed): Argument {
  return { word: from.word, value: { kind: 'unfixed', why, span: from.word.span }, text: null, ...(listing ? { listed: listing } : {}) };
}

/**
 * The arguments that may stand at position `k` of a program's operands once
 * the shell has expanded them: a glob expands to one word or more (its own
 * text when nothing matches), so position `k` holds operand `k`, or a match
 * of any glob at or before it (`uniq *` writes the glob's second match).
 */
export function operandsAt(operands: readonly Argument[], k: number): Argument[] {
  const out: Argument[] = [];
  for (let i = 0; i < Math.min(k, operands.length); i++) if (isGlob(operands[i]!)) out.push(operands[i]!);
  if (k < operands.length) out.push(operands[k]!);
  return out;
}

function isGlob(arg: Argument): boolean {
  return arg.text === null && arg.value.kind === 'fixed' && arg.value.fields.some((f) => f.glob);
}
