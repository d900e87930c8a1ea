// Reading a program's options the way getopt and GNU getopt_long do:
// clustered short flags (`-rf`), attached and separate values (`-ofile`,
// `-o file`), long options with `=` or a separate value, unique prefixes of
// long names (`--recurs`), and `--` ending the options.

import type { Word } from '../syntax/ast.js';
import type { FindFilter } from './effects.js';
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

/** An argument standing for listed paths (or, with no listing, for words the line does not fix). */
export function listedArgument(from: Argument, listing: Listing | null, reason: string): Argument {
  return { word: from.word, value: { kind: 'unfixed', reason, span: from.word.span }, text: null, ...(listing ? { listed: listing } : {}) };
}

export type Arity = 'none' | 'required' | 'optional';

export interface OptionSpec {
  /** One-letter name, without `-`. */
  short?: string;
  /** Long name, without `--`. */
  long?: string;
  arity?: Arity;
  /** What the option records when present (defaults to its long name, else its short one). */
  name?: string;
}

export interface OptionTable {
  options: readonly OptionSpec[];
  /** Options stop at the first operand (POSIX, and every wrapper); GNU tools read options anywhere. */
  stopAtOperand?: boolean;
  /** Long options are written with one dash (`-exec`, `find`-style) – not used by getopt rows. */
  singleDashLong?: boolean;
}

export interface ReadOption {
  name: string;
  /** The value as text when it is fixed; null for a flag or an unfixed value. */
  value: string | null;
  /** The argument holding the value (for its span and its word), when it has one of its own or it was attached. */
  arg: Argument;
  /** The value was attached to the option (`-ofile`, `--out=file`): its text is a slice of arg. */
  attached: boolean;
}

export interface ReadCommandLine {
  options: ReadOption[];
  operands: Argument[];
  /** An argument that might be an option but is not fixed (`rm $flags x`). */
  unfixedOptionLike: Argument[];
  /** An option the table does not know. */
  unknown: string[];
}

function findLong(table: OptionTable, name: string): OptionSpec | null | 'ambiguous' {
  let exact: OptionSpec | null = null;
  const prefixed: OptionSpec[] = [];
  for (const spec of table.options) {
    if (!spec.long) continue;
    if (spec.long === name) exact = spec;
    else if (spec.long.startsWith(name)) prefixed.push(spec);
  }
  if (exact) return exact;
  if (prefixed.length === 1) return prefixed[0]!;
  if (prefixed.length > 1) return 'ambiguous';
  return null;
}

function specName(spec: OptionSpec): string {
  return spec.name ?? spec.long ?? spec.short!;
}

/** Read `args` (the operands and options after the program name) by a table; `stopAtOperand` overrides the table's (a wrapper's command starts at its first operand). */
export function readOptions(args: readonly Argument[], table: OptionTable, stopAtOperand = table.stopAtOperand === true): ReadCommandLine {
  const out: ReadCommandLine = { options: [], operands: [], unfixedOptionLike: [], unknown: [] };
  let i = 0;
  let optionsEnded = false;
  while (i < args.length) {
    const arg = args[i]!;
    const text = arg.text;
    if (optionsEnded) {
      out.operands.push(arg);
      i++;
      continue;
    }
    if (text === null) {
      // a word that is not fixed might be an option; read it as an operand and remember it
      if (arg.value.kind !== 'fixed') out.unfixedOptionLike.push(arg);
      out.operands.push(arg);
      if (stopAtOperand) optionsEnded = true;
      i++;
      continue;
    }
    if (text === '--') {
      optionsEnded = true;
      i++;
      continue;
    }
    if (text.startsWith('--') && !table.singleDashLong) {
      const eq = text.indexOf('=');
      const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
      const spec = findLong(table, name);
      if (spec === null || spec === 'ambiguous') {
        out.unknown.push(text);
        out.options.push({ name: name, value: eq < 0 ? null : text.slice(eq + 1), arg, attached: eq >= 0 });
        i++;
        continue;
      }
      const arity = spec.arity ?? 'none';
      if (eq >= 0) {
        out.options.push({ name: specName(spec), value: text.slice(eq + 1), arg, attached: true });
        i++;
      } else if (arity === 'required' && i + 1 < args.length) {
        const valueArg = args[i + 1]!;
        out.options.push({ name: specName(spec), value: valueArg.text, arg: valueArg, attached: false });
        i += 2;
      } else {
        out.options.push({ name: specName(spec), value: null, arg, attached: false });
        i++;
      }
      continue;
    }
    if (text.startsWith('-') && text.length > 1) {
      // a cluster of short options: `-rf`, `-ofile`, `-n5`
      let j = 1;
      let consumedNext = false;
      while (j < text.length) {
        const letter = text[j]!;
        const spec = table.options.find((o) => o.short === letter);
        if (!spec) {
          out.unknown.push('-' + letter);
          out.options.push({ name: letter, value: null, arg, attached: false });
          j++;
          continue;
        }
        const arity = spec.arity ?? 'none';
        if (arity === 'none') {
          out.options.push({ name: specName(spec), value: null, arg, attached: false });
          j++;
          continue;
        }
        if (j + 1 < text.length) {
          out.options.push({ name: specName(spec), value: text.slice(j + 1), arg, attached: true });
        } else if (arity === 'required' && i + 1 < args.length) {
          const valueArg = args[i + 1]!;
          out.options.push({ name: specName(spec), value: valueArg.text, arg: valueArg, attached: false });
          consumedNext = true;
        } else {
          out.options.push({ name: specName(spec), value: null, arg, attached: false });
        }
        break;
      }
      i += consumedNext ? 2 : 1;
      continue;
    }
    out.operands.push(arg);
    if (stopAtOperand) optionsEnded = true;
    i++;
  }
  return out;
}

type LongOption = string | [string, Arity, string?];

/**
 * A table from a getopt string and long names, whose spec list is built at
 * its first read: the program tables hold hundreds of these, built at every
 * start, and a verdict reads a few.
 */
class GetoptTable implements OptionTable {
  readonly stopAtOperand: boolean;
  private readonly shortSpec: string;
  private readonly long: readonly LongOption[];
  private specs: readonly OptionSpec[] | null = null;

  constructor(shortSpec: string, long: readonly LongOption[], stopAtOperand: boolean) {
    this.shortSpec = shortSpec;
    this.long = long;
    this.stopAtOperand = stopAtOperand;
  }

  get options(): readonly OptionSpec[] {
    return (this.specs ??= optionSpecs(this.shortSpec, this.long));
  }
}

/** Build an option table from a compact getopt-like string (`"rRfdiv"`, `"o:n:"`) plus long options. */
export function options(shortSpec: string, long: readonly LongOption[] = [], stopAtOperand = false): OptionTable {
  return new GetoptTable(shortSpec, long, stopAtOperand);
}

function optionSpecs(shortSpec: string, long: readonly LongOption[]): OptionSpec[] {
  const out: OptionSpec[] = [];
  for (let i = 0; i < shortSpec.length; i++) {
    const letter = shortSpec[i]!;
    let arity: Arity = 'none';
    if (shortSpec[i + 1] === ':') {
      arity = shortSpec[i + 2] === ':' ? 'optional' : 'required';
      i += arity === 'optional' ? 2 : 1;
    }
    out.push({ short: letter, arity });
  }
  for (const entry of long) {
    if (typeof entry === 'string') out.push({ long: entry, arity: 'none' });
    else out.push({ long: entry[0], arity: entry[1], ...(entry[2] ? { name: entry[2] } : {}) });
  }
  return out;
}

export function has(line: ReadCommandLine, ...names: string[]): boolean {
  return line.options.some((o) => names.includes(o.name));
}

export function valuesOf(line: ReadCommandLine, ...names: string[]): ReadOption[] {
  return line.options.filter((o) => names.includes(o.name));
}
