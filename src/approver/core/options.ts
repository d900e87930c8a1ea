// Reading a program's options the way getopt and GNU getopt_long do:
// clustered short flags (`-rf`), attached and separate values (`-ofile`,
// `-o file`), long options with `=` or a separate value, unique prefixes of
// long names (`--recurs`), and `--` ending the options. GNU permutes (an
// option after an operand is an option); BSD's getopt, and GNU's with
// POSIXLY_CORRECT, stop at the first operand: `userlandReadings` gives each
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
  /** The option and its value end the options: every later word is the program's (python's `-c CMD` and `-m MOD`). */
  endsOptions?: boolean;
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
        if (spec.endsOptions) optionsEnded = true;
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

/** Whose userland a program is: GNU's (Linux) or BSD's (macOS). */
export type Userland = 'gnu' | 'bsd';

/** The platforms treeward is told of (ApproveOptions `platform`); `unknown` when it is told none. */
export type PlatformName = 'linux' | 'darwin';

/**
 * Whose tools may run a line on each platform (SPEC §3 "Platforms"): GNU's
 * on linux, BSD's on darwin (macOS ships FreeBSD's file tools, Apple's
 * file_cmds, shell_cmds and text_cmds), and either where the platform is
 * not known, so a line is judged by both readings there.
 */
export const platformUserlands: Readonly<Record<PlatformName | 'unknown', readonly Userland[]>> = {
  linux: ['gnu'],
  darwin: ['bsd'],
  unknown: ['gnu', 'bsd'],
};

export function userlandsOf(platform: PlatformName | undefined): readonly Userland[] {
  // a library caller's platform that is neither (`freebsd`, from plain JavaScript) is one treeward does not know
  return (platform === 'linux' || platform === 'darwin' ? platformUserlands[platform] : undefined) ?? platformUserlands.unknown;
}

/** One reading of a command line: whose program reads it, and what it reads. */
export interface Reading {
  userland: Userland;
  line: ParsedOptions;
}

/**
 * The readings of a command line by each userland that may run it (SPEC §3
 * "Platforms"): GNU getopt_long permutes, so an option after an operand is
 * an option (`rm a -rf` removes `a` recursively); BSD's getopt (macOS), and
 * GNU's with POSIXLY_CORRECT set, stop at the first operand, so there it is
 * an operand (a file named `-rf`). BSD's reading is by `bsd`, the BSD
 * program's own table (its getopt string) where it has one, else by GNU's
 * table stopping at the first operand. Readings that agree are one, unless
 * `keepBoth` (the row reads something else by the userland).
 */
export function userlandReadings(
  args: readonly Argument[], table: OptionTable, userlands: readonly Userland[], bsd?: OptionTable, keepBoth = false,
): Reading[] {
  const read = (userland: Userland): Reading => ({
    userland, line: userland === 'gnu' ? readOptions(args, table) : readOptions(args, bsd ?? table, true),
  });
  const readings = userlands.map(read);
  if (readings.length !== 2 || keepBoth || bsd !== undefined) return readings;
  const [gnu, other] = [readings[0]!.line, readings[1]!.line];
  const same = other.operands.length === gnu.operands.length && other.operands.every((a, k) => a === gnu.operands[k])
    && other.options.length === gnu.options.length;
  return same ? [readings[0]!] : readings;
}

/** The option lines of `userlandReadings` alone, for a platform (absent: not known, both readings). */
export function platformReadings(args: readonly Argument[], table: OptionTable, platform?: PlatformName, bsd?: OptionTable): ParsedOptions[] {
  if (table.stopAtOperand && bsd === undefined) return [readOptions(args, table)];
  return userlandReadings(args, table, userlandsOf(platform), bsd).map((r) => r.line);
}

/**
 * A table of letters only, from a getopt string as the program's source
 * writes it (`"46AaB:b:"`: `:` after a letter takes a value, `::` a value
 * only when attached), for programs with no long options. Its specs are
 * built at its first read: the program tables hold many, built at every
 * start, and a verdict reads a few.
 */
export function getopt(letters: string, stopAtOperand = false, names: Readonly<Record<string, string>> = {}): OptionTable {
  return new GetoptTable(letters, stopAtOperand, names);
}

/**
 * A BSD program's table, from the getopt string its source passes (cited in
 * its row): it stops at the first operand, and `names` gives a letter the
 * name the row reads it by (`{ R: 'recursive' }`), as GNU's table names it.
 */
export function bsdGetopt(letters: string, names: Readonly<Record<string, string>> = {}): OptionTable {
  return new GetoptTable(letters, true, names);
}

class GetoptTable implements OptionTable {
  readonly stopAtOperand: boolean;
  private readonly letters: string;
  private readonly names: Readonly<Record<string, string>>;
  private specs: readonly OptionSpec[] | null = null;

  constructor(letters: string, stopAtOperand: boolean, names: Readonly<Record<string, string>>) {
    this.letters = letters;
    this.stopAtOperand = stopAtOperand;
    this.names = names;
  }

  get options(): readonly OptionSpec[] {
    return (this.specs ??= letterSpecs(this.letters).map((spec) => ({ ...spec, name: this.names[spec.short!] ?? spec.short! })));
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
