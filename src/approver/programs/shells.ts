// The shells: bash, sh, dash, zsh and rbash, whose code treeward reads in
// their dialect (`-c CODE`, a script the line wrote, a here-document on
// stdin), and the shells it does not read, which it refuses to run code in.
// A startup file given by the line (`BASH_ENV`, `ENV`, `ZDOTDIR`) would run
// first.

import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import { shellNamed, shellNames } from '../core/shells.js';
import { optionIsHarmless } from './shell-options.js';

const { read: readShells, unread: unreadShells } = shellNames();

/**
 * The shells' own options, as bash, dash and zsh alike read them for where
 * the program comes from: these take the next word (with `-` or `+`); any
 * other word of `-` or `+` and letters is a cluster of flags, of which `c`
 * (the program is the next operand) and `s` (it is stdin) matter; any
 * other `--` word is a flag; `--` and `-` end the options.
 */
const valueOptions = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file']);

export const rows: ProgramRow[] = [
  { names: readShells.filter((name) => shellNamed(name)!.plain), shadowable: true, readsStartupFiles: true, read: readShell },
  { names: [...readShells.filter((name) => !shellNamed(name)!.plain), ...unreadShells], readsStartupFiles: true, read: readShell },
];

/** zsh reads these in $ZDOTDIR (zsh(1) STARTUP/SHUTDOWN FILES): .zshenv always, the others for login and interactive shells. */
const zdotdirFiles = ['.zshenv', '.zprofile', '.zshrc', '.zlogin'];

/**
 * A startup file named by the environment the line inherits that the line itself wrote (issue 13
 * item 8): `BASH_ENV` (bash(1) INVOCATION: every non-interactive bash runs it), `ENV` (sh -i, bash
 * in posix mode), `$ZDOTDIR/.zshenv` and the rest. Null when the line wrote none of them.
 */
export function writtenStartupFile(ctx: Invocation['ctx'], variables: readonly ('BASH_ENV' | 'ENV' | 'ZDOTDIR')[]): string | null {
  for (const variable of variables) {
    const value = ctx.env[variable];
    if (value === undefined || value === '' || ctx.environment.has(variable)) continue;
    for (const file of variable === 'ZDOTDIR' ? zdotdirFiles.map((f) => `${value.replace(/\/+$/, '')}/${f}`) : [value]) {
      if (ctx.contentOf(file)) return file;
    }
  }
  return null;
}

/**
 * A program the table does not read as a shell, given `BASH_ENV` or `ZDOTDIR` (by the line, or inherited
 * naming a file it wrote): any bash or zsh it starts (a script's `#!`, a recipe) runs that file first.
 * `ENV` is read only by interactive shells, and is a common name for other things (`ENV=production`).
 */
export function startupFileGiven(program: string, ctx: Invocation['ctx'], span: Invocation['span']): Action[] {
  const given = (['BASH_ENV', 'ZDOTDIR'] as const).find((v) => ctx.environment.has(v));
  if (given) return [runsCode(span, { source: 'startup-file', variable: given, shell: program, through: true })];
  const inherited = writtenStartupFile(ctx, ['BASH_ENV', 'ZDOTDIR']);
  return inherited === null ? [] : [runsCode(span, { source: 'written-by-line', via: `\`${program}\``, file: inherited, use: 'startup' })];
}

/** The letters of a shell's flags that change nothing in how it reads its code (errors, tracing, login, interactive, restricted…). */
const harmlessShellLetters = [...'cseuxvlinpraEhmCHbfB'];

/** A path that names the shell's input or an open fd, which a script named by it is read from (`/dev/stdin`, `/dev/fd/0`, `/proc/self/fd/3`). */
export function isInputDevice(path: string): boolean {
  return /^\/+(?:dev\/+(?:stdin|fd\/+\d+)|proc\/+(?:self|thread-self|\d+)\/+fd\/+\d+)$/.test(path);
}

function readShell({ name, args, ctx, span }: Invocation): Action[] {
  const dialect = shellNamed(name)?.dialect ?? undefined;
  const rest = args.slice(1);
  let commandString: Argument | null = null;
  let sawC = false;
  let scriptIndex = -1;
  let readsStdin = false;
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i]!.text;
    if (t === null) {
      if (sawC && !commandString) return [runsCode(span, { source: 'unfixed', via: `\`${name} -c\``, what: 'code' })];
      scriptIndex = i;
      break;
    }
    if (t === '--' || t === '-') {
      // `sh -c -- CODE`: the options end, and the code is still the next word
      if (sawC && !commandString) {
        commandString = rest[i + 1] ?? null;
        if (commandString?.text === null) return [runsCode(span, { source: 'unfixed', via: `\`${name} -c\``, what: 'code' })];
        break;
      }
      if (t === '-') readsStdin = true;
      scriptIndex = i + 1;
      break;
    }
    if (t === '-o' || t === '+o' || t === '-O' || t === '+O') {
      // an option that changes how the shell reads its code: treeward reads it under defaults, so it refuses
      const option = rest[i + 1]?.text ?? null;
      if (option === null || !optionIsHarmless(option, t.startsWith('-'))) {
        return [runsCode(span, { source: 'shell-state', change: 'nested-shell-option', name: `${t} ${option ?? '…'}` })];
      }
      i++;
      continue;
    }
    if (valueOptions.has(t)) { i++; continue; }
    if (t.startsWith('--')) continue;
    if (/^[-+][A-Za-z]+$/.test(t)) {
      if (t.includes('c')) sawC = true;
      if (t.includes('s')) readsStdin = true;
      // `bash -f`, `zsh -k`, `sh -B`…: a letter that changes how the code reads
      const letter = [...t.slice(1)].find((l) => !harmlessShellLetters.includes(l));
      if (letter !== undefined) return [runsCode(span, { source: 'shell-state', change: 'nested-shell-option', name: `${t[0]}${letter}` })];
      continue;
    }
    if (sawC && !commandString) {
      commandString = rest[i]!;
      continue;
    }
    if (!sawC) scriptIndex = i;
    break;
  }
  const startup = ['BASH_ENV', 'ENV', 'ZDOTDIR'].filter((v) => ctx.environment.has(v));
  if (startup.length > 0) return [runsCode(span, { source: 'startup-file', variable: startup[0]!, shell: name })];
  const inherited = writtenStartupFile(ctx, ['BASH_ENV', 'ENV', 'ZDOTDIR']);
  if (inherited !== null) return [runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: inherited, use: 'startup' })];
  if (!dialect) {
    // code for a shell treeward does not read is refused; read as sh too, an agent it starts or a removal it makes is refused as that
    const asSh: Action[] = sawC && commandString?.text ? [{ kind: 'shell-code', code: commandString.text, span: commandString.word.span, dialect: 'sh' }] : [];
    if (sawC || readsStdin || scriptIndex < 0) return [...asSh, runsCode(span, { source: 'unread-shell', via: `\`${name}\``, runs: 'code' })];
    // `fish x.fish`, `ksh x.ksh` with no options before the script (fish's `-C`, nu's `-e` run code): the tree's own script, as `bash x.sh` is;
    // one the line wrote is text treeward cannot read in that shell (issue 16)
    const script = rest[scriptIndex]!;
    if (scriptIndex !== 0 || script.text === null) return [runsCode(span, { source: 'unread-shell', via: `\`${name}\``, runs: 'script' })];
    if (ctx.contentOf(script.text)) return [runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: script.text, use: 'run' })];
    return [];
  }
  if (sawC) {
    if (!commandString) return [];
    if (commandString.text === null) return [runsCode(span, { source: 'unfixed', via: `\`${name} -c\``, what: 'code' })];
    return [{ kind: 'shell-code', code: commandString.text, span: commandString.word.span, dialect }];
  }
  if (scriptIndex >= 0 && scriptIndex < rest.length && !readsStdin) {
    const script = rest[scriptIndex]!;
    if (script.text === null) return [runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'script' })];
    // `sh /dev/stdin <<EOF`, `bash /dev/fd/3`: the script is the shell's input or an fd, not a file treeward reads
    if (isInputDevice(script.text)) return [runsCode(span, { source: 'shell-state', change: 'stdin-script', name: `${name} ${script.text}` })];
    const written = ctx.contentOf(script.text);
    if (written) {
      if (written.literal === null) return [runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: script.text, use: 'run' })];
      return [{ kind: 'shell-code', code: written.literal, span, dialect }];
    }
    return [];
  }
  // the program comes from stdin: a literal here-document is read; a pipe or file is not
  if (ctx.stdinText !== undefined && ctx.stdinText !== null) return [{ kind: 'shell-code', code: ctx.stdinText, span, dialect }];
  if (ctx.stdinFile !== undefined) return [runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: ctx.stdinFile, use: 'stdin program' })];
  if (ctx.fedByPipe || ctx.stdinText === null) return [runsCode(span, { source: 'pipe', via: `\`${name}\``, what: 'program' })];
  return [];
}
