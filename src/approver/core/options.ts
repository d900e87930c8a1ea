// Reading a program's options the way getopt and GNU getopt_long do:
// clustered short flags (`-rf`), attached and separate values (`-ofile`,
// `-o file`), long options with `=` or a separate value, unique prefixes of
// long names (`--recurs`), and `--` ending the options. GNU permutes (an
// option after an operand is an option); BSD's getopt, and GNU's with
// POSIXLY_CORRECT, stop at the first operand: `platformReadings` gives both
// (SPEC §3 "Platforms").

import type { Argument } from './arguments.js';

export type Arity = 'none' | 'required' | 'optional';

export interface OptionSpec {
  /** One-letter name, without `-`. */
  short?: string;
  /** Long name, without `--`. */
  long?: string;
  arity?: Arity;
  /** What the option records when present (defaults to its long name, else its short one). */
  name?: string;
  /** Its value is the whole word the letter stands in (chmod's `-w`, `-g+x`: a mode), not what follows the letter. */
  wholeWord?: boolean;
}

export interface OptionTable {
  options: readonly OptionSpec[];
  /** Options stop at the first operand (POSIX, and every wrapper); GNU tools read options anywhere. */
  stopAtOperand?: boolean;
}

export interface ParsedOption {
  /** The option's name: its first long name, else its letter (optionLines links every spelling of an option to it). */
  name: string;
  /** How the line spells it: `-o` for a letter, `--output` (in full, even where the line gives a prefix) for a long name. */
  spelled: string;
  /** The value as text when it is fixed; null for a flag or an unfixed value. */
  value: string | null;
  /** The argument holding the value (for its span and its word), when it has one of its own or it was attached. */
  arg: Argument;
  /** The value was attached to the option (`-ofile`, `--out=file`): its text is a slice of arg. */
  attached: boolean;
}

export interface ParsedOptions {
  options: ParsedOption[];
  operands: Argument[];
  /** An argument that might be an option but is not fixed (`rm $flags x`). */
  unfixedOptionLike: Argument[];
  /**
   * Options GNU getopt_long refuses: a letter or name the table does not
   * know, a prefix of several names, a missing value, a value given to a
   * flag. A GNU tool then does nothing; the reading goes on as though each
   * were a flag without a value, so that a table behind the program's
   * release lists more, never less.
   */
  invalid: string[];
}

/** A long name, or a prefix of it; names of one option (`--parents`, `--path`) do not make a prefix ambiguous, as in glibc. */
function findLong(table: OptionTable, name: string): OptionSpec | null | 'ambiguous' {
  let exact: OptionSpec | null = null;
  const prefixed: OptionSpec[] = [];
  for (const spec of table.options) {
    if (!spec.long) continue;
    if (spec.long === name) exact = spec;
    else if (spec.long.startsWith(name)) prefixed.push(spec);
  }
  if (exact) return exact;
  const first = prefixed[0];
  if (!first) return null;
  const oneOption = prefixed.every((spec) => specName(spec) === specName(first) && (spec.arity ?? 'none') === (first.arity ?? 'none'));
  return oneOption ? first : 'ambiguous';
}

function specName(spec: OptionSpec): string {
  return spec.name ?? spec.long ?? spec.short!;
}

/**
 * Read `args` (the operands and options after the program name) by a table;
 * `stopAtOperand` overrides the table's (a wrapper's command starts at its
 * first operand; BSD's getopt stops there too).
 */
export function readOptions(args: readonly Argument[], table: OptionTable, stopAtOperand = table.stopAtOperand === true): ParsedOptions {
  const out: ParsedOptions = { options: [], operands: [], unfixedOptionLike: [], invalid: [] };
  let i = 0;
  let optionsEnded = false;
  const operand = (arg: Argument) => {
    out.operands.push(arg);
    if (stopAtOperand) optionsEnded = true;
  };
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
      operand(arg);
      i++;
      continue;
    }
    if (text === '--') {
      optionsEnded = true;
      i++;
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq < 0 ? text.slice(2) : text.slice(2, eq);
      const spec = findLong(table, name);
      if (spec === null || spec === 'ambiguous') {
        out.invalid.push(text);
        out.options.push({ name, spelled: `--${name}`, value: eq < 0 ? null : text.slice(eq + 1), arg, attached: eq >= 0 });
        i++;
        continue;
      }
      const arity = spec.arity ?? 'none';
      const spelled = `--${spec.long!}`;
      if (eq >= 0) {
        if (arity === 'none') {
          out.invalid.push(text);
          out.options.push({ name: specName(spec), spelled, value: null, arg, attached: false });
        } else out.options.push({ name: specName(spec), spelled, value: text.slice(eq + 1), arg, attached: true });
        i++;
      } else if (arity === 'required') {
        const valueArg = args[i + 1];
        if (valueArg) out.options.push({ name: specName(spec), spelled, value: valueArg.text, arg: valueArg, attached: false });
        else out.invalid.push(text);
        i += 2;
      } else {
        out.options.push({ name: specName(spec), spelled, value: null, arg, attached: false });
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
        const spelled = '-' + letter;
        if (!spec) {
          out.invalid.push(spelled);
          out.options.push({ name: letter, spelled, value: null, arg, attached: false });
          j++;
          continue;
        }
        const arity = spec.arity ?? 'none';
        if (spec.wholeWord) {
          // GNU chmod takes the whole word as a mode; BSD's ends its options there, the word (when the letter opens it) being the mode operand
          if (!stopAtOperand) out.options.push({ name: specName(spec), spelled, value: text, arg, attached: false });
          else if (j === 1) out.operands.push(arg);
          if (stopAtOperand) optionsEnded = true;
          break;
        }
        if (arity === 'none') {
          out.options.push({ name: specName(spec), spelled, value: null, arg, attached: false });
          j++;
          continue;
        }
        if (j + 1 < text.length) {
          out.options.push({ name: specName(spec), spelled, value: text.slice(j + 1), arg, attached: true });
        } else if (arity === 'required') {
          const valueArg = args[i + 1];
          if (valueArg) out.options.push({ name: specName(spec), spelled, value: valueArg.text, arg: valueArg, attached: false });
          else out.invalid.push(spelled);
          consumedNext = true;
        } else {
          out.options.push({ name: specName(spec), spelled, value: null, arg, attached: false });
        }
        break;
      }
      i += consumedNext ? 2 : 1;
      continue;
    }
    operand(arg);
    i++;
  }
  return out;
}

/**
 * The readings of a command line on every platform it may run on (SPEC §3
 * "Platforms"): GNU getopt_long permutes, so an option after an operand is
 * an option (`rm a -rf` removes `a` recursively); BSD's getopt (macOS), and
 * GNU's with POSIXLY_CORRECT set, stop at the first operand, so there it is
 * an operand (a file named `-rf`). treeward does not yet know which platform
 * a line runs on, so a program is judged by both: one reading when they
 * agree, else the two.
 */
export function platformReadings(args: readonly Argument[], table: OptionTable): ParsedOptions[] {
  const gnu = readOptions(args, table);
  if (table.stopAtOperand) return [gnu];
  const bsd = readOptions(args, table, true);
  const same = bsd.operands.length === gnu.operands.length && bsd.operands.every((a, k) => a === gnu.operands[k]) && bsd.options.length === gnu.options.length;
  return same ? [gnu] : [gnu, bsd];
}

/**
 * A table of letters only, from a getopt string as the program's source
 * writes it (`"46AaB:b:"`: `:` after a letter takes a value, `::` a value
 * only when attached), for programs with no long options. Its specs are
 * built at its first read: the program tables hold many, built at every
 * start, and a verdict reads a few.
 */
export function getopt(letters: string, stopAtOperand = false): OptionTable {
  return new GetoptTable(letters, stopAtOperand);
}

class GetoptTable implements OptionTable {
  readonly stopAtOperand: boolean;
  private readonly letters: string;
  private specs: readonly OptionSpec[] | null = null;

  constructor(letters: string, stopAtOperand: boolean) {
    this.letters = letters;
    this.stopAtOperand = stopAtOperand;
  }

  get options(): readonly OptionSpec[] {
    return (this.specs ??= letterSpecs(this.letters));
  }
}

/**
 * A table written one option per line, as `--help` writes them, with the
 * spellings of one option on one line:
 *   `-R -r --recursive`                letters and long names of one option
 *   `-t --target-directory=DIRECTORY`  a value, in every spelling
 *   `-b --backup[=CONTROL]`            an optional value, after `=`: only the long
 *                                      spelling takes it (getopt's letters take none)
 *   `-m MODE`, `-d [LEVEL]`            a letter's own value, required or attached
 *   `-r -w -x ~MODE`                   the whole word holding the letter is the value
 *                                      (chmod reads `-w` and `-g+x` as modes)
 * An option records its first long name, else the word after `~` in lower
 * case, else its first letter: `has(line, 'recursive')` asks for all of them.
 */
export function optionLines(lines: readonly string[], stopAtOperand = false): OptionTable {
  return new LineTable(lines, stopAtOperand);
}

/** Lines for letters that take no value, one option each: `...flagLines('abc')` is `'-a', '-b', '-c'`. */
export function flagLines(letters: string): string[] {
  return [...letters].map((letter) => `-${letter}`);
}

/** Built at its first read, like GetoptTable. */
class LineTable implements OptionTable {
  readonly stopAtOperand: boolean;
  private readonly lines: readonly string[];
  private specs: readonly OptionSpec[] | null = null;

  constructor(lines: readonly string[], stopAtOperand: boolean) {
    this.lines = lines;
    this.stopAtOperand = stopAtOperand;
  }

  get options(): readonly OptionSpec[] {
    return (this.specs ??= this.lines.flatMap(specsOfLine));
  }
}

function specsOfLine(line: string): OptionSpec[] {
  const letters: string[] = [];
  const longs: { long: string; arity: Arity }[] = [];
  let letterArity: Arity | null = null;
  let wholeWord: string | null = null;
  for (const token of line.trim().split(/\s+/)) {
    const long = /^--([^=[]+)(?:=(\S+)|\[=(\S+)\])?$/.exec(token);
    if (long) longs.push({ long: long[1]!, arity: long[2] ? 'required' : long[3] ? 'optional' : 'none' });
    else if (/^-.$/.test(token)) letters.push(token[1]!);
    else if (/^~[A-Z_]+$/.test(token)) wholeWord = token.slice(1).toLowerCase();
    else if (/^\[[A-Z_]+\]$/.test(token)) letterArity = 'optional';
    else if (/^[A-Z_]+$/.test(token)) letterArity = 'required';
    else throw new Error(`option line \`${line}\`: \`${token}\` is not an option or a value`);
  }
  const name = longs[0]?.long ?? wholeWord ?? letters[0];
  if (name === undefined) throw new Error(`option line \`${line}\` names no option`);
  const arity = letterArity ?? (wholeWord ? 'optional' : longs.some((l) => l.arity === 'required') ? 'required' : 'none');
  return [
    ...letters.map((short): OptionSpec => ({ short, arity, name, ...(wholeWord ? { wholeWord: true } : {}) })),
    ...longs.map(({ long, arity: longArity }): OptionSpec => ({ long, arity: longArity, name })),
  ];
}

function letterSpecs(letters: string): OptionSpec[] {
  const out: OptionSpec[] = [];
  for (let i = 0; i < letters.length; i++) {
    const letter = letters[i]!;
    let arity: Arity = 'none';
    if (letters[i + 1] === ':') {
      arity = letters[i + 2] === ':' ? 'optional' : 'required';
      i += arity === 'optional' ? 2 : 1;
    }
    out.push({ short: letter, arity });
  }
  return out;
}

/** One word read as one option of a table, spelled exactly (`exactOption`). */
export interface ExactOption {
  name: string;
  /** Its value when attached (`--chdir=DIR`, `-CDIR`). */
  value: string | null;
  /** It takes a value and none is attached: the value is the next word. */
  valueNext: boolean;
}

/**
 * One word read as one option of `table`, spelled in full (no unique
 * prefixes, no clusters): `--chdir=DIR`, `--chdir`, `-C`, `-CDIR`; null for a
 * word that is no option of the table. For the readers that take no prefix
 * of a long name, as env's is read.
 */
export function exactOption(text: string, table: OptionTable): ExactOption | null {
  if (text.startsWith('--')) {
    const eq = text.indexOf('=');
    const long = eq < 0 ? text.slice(2) : text.slice(2, eq);
    const spec = table.options.find((o) => o.long === long);
    if (!spec) return null;
    return { name: specName(spec), value: eq < 0 ? null : text.slice(eq + 1), valueNext: eq < 0 && spec.arity === 'required' };
  }
  if (!text.startsWith('-') || text.length < 2) return null;
  const spec = table.options.find((o) => o.short === text[1]);
  if (!spec) return null;
  const attached = text.length > 2 ? text.slice(2) : null;
  return { name: specName(spec), value: attached, valueNext: attached === null && spec.arity === 'required' };
}

export function has(line: ParsedOptions, ...names: string[]): boolean {
  return line.options.some((o) => names.includes(o.name));
}

export function valuesOf(line: ParsedOptions, ...names: string[]): ParsedOption[] {
  return line.options.filter((o) => names.includes(o.name));
}
