// gdb: the commands it runs (`-ex`, `-x FILE`, stdin without `--batch`),
// of which `shell`, `!`, `pipe`, `python`, `make` and a `run` of the program
// run code here, and `dump`, `gcore`, `save` and logging write files.

import type { Span } from '../../syntax/ast.js';
import { type Action, runsCode, type Invocation, type ProgramContext, type ProgramRow } from '../core/actions.js';
import { type Argument, derivedArgument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import { shQuote, unfixedWord } from '../core/sh-quote.js';
import { changeDirs } from './directories.js';
import { inlineCodeAction } from './inline-code.js';

export const rows: ProgramRow[] = [{ names: ['gdb'], read: readGdb }];

/** gdb's options that take a value (gdb reads `-opt` and `--opt`, `=VALUE` or the next word). */
const gdbValued = new Set([
  // commands, run before or after the program loads
  'ex',
  'eval-command',
  'iex',
  'init-eval-command',
  // files of commands
  'x',
  'command',
  'ix',
  'init-command',
  // what to debug
  'p',
  'pid',
  'c',
  'core',
  'se',
  's',
  'symbols',
  'e',
  'exec',
  // where and how
  'd',
  'directory',
  'cd',
  'tty',
  'i',
  'interpreter',
  'data-directory',
  'D',
  'b',
  'l',
]);

/** gdb's options whose value is a gdb command; those whose value is a file of them. */
const commandOptions = new Set(['ex', 'eval-command', 'iex', 'init-eval-command']);
const commandFileOptions = new Set(['x', 'command', 'ix', 'init-command']);

interface GdbState {
  /** The word derived paths are reported at. */
  base: Argument;
  dirs: Directories;
  program: Argument | null;
  programArgs: Argument[] | null;
}

function readGdb({ args, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  const commands: { text: string | null; span: Span }[] = [];
  const files: Argument[] = [];
  const operands: Argument[] = [];
  let batch = false;
  let programArgs: Argument[] | null = null;
  let dirs: Directories = ctx.dirs;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    const t = arg.text;
    if (t === null || !t.startsWith('-') || t === '-') {
      operands.push(arg);
      continue;
    }
    const bare = t.replace(/^--?/, '');
    if (bare === 'args') {
      operands.push(...args.slice(i + 1, i + 2));
      programArgs = args.slice(i + 2);
      break;
    }
    if (bare === 'batch' || bare === 'batch-silent') batch = true;
    const eq = bare.indexOf('=');
    const option = eq < 0 ? bare : bare.slice(0, eq);
    if (!gdbValued.has(option)) continue;
    let value: Argument | undefined;
    if (eq >= 0) value = derivedArgument(arg, bare.slice(eq + 1));
    else value = args[++i];
    if (!value) break;
    if (commandOptions.has(option)) commands.push({ text: value.text, span: value.word.span });
    else if (commandFileOptions.has(option)) files.push(value);
    else if (option === 'cd') dirs = changeDirs(dirs, value.text);
    else if (option === 'e' || option === 'exec' || option === 'se') operands.unshift(value);
  }
  const state: GdbState = { base: args[0]!, dirs, program: operands[0] ?? null, programArgs };
  for (const file of files) {
    // a command file the line wrote is read; any other is an ordinary file
    if (file.text === null) {
      out.push(runsCode(file.word.span, { source: 'unfixed', via: '`gdb -x`', what: 'command file' }));
      continue;
    }
    const written = ctx.contentOf(file.text);
    if (!written) continue;
    if (written.literal === null) out.push(runsCode(span, { source: 'written-by-line', via: 'gdb', file: file.text, use: 'gdb commands' }));
    else if (/\.py$/.test(file.text)) out.push(inlineCodeAction('python', written.literal, span, ctx));
    else out.push(...gdbScript(written.literal, span, state, ctx));
  }
  for (const command of commands) {
    if (command.text === null) out.push(runsCode(command.span, { source: 'unfixed', via: 'gdb', what: 'gdb command' }));
    else out.push(...gdbCommand(command.text, command.span, state, ctx));
  }
  // without --batch gdb reads more commands from its stdin
  if (!batch) {
    if (ctx.stdinText !== undefined && ctx.stdinText !== null) out.push(...gdbScript(ctx.stdinText, span, state, ctx));
    else if (ctx.fedByPipe || ctx.stdinText === null) out.push(runsCode(span, { source: 'pipe', via: 'gdb', what: 'gdb commands' }));
  }
  return out;
}

/** Lines of gdb commands (a `-x` file, stdin); `python` … `end` blocks are Python. */
function gdbScript(text: string, span: Span, state: GdbState, ctx: ProgramContext): Action[] {
  const out: Action[] = [];
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (/^(python|py|python-interactive|pi)$/.test(line)) {
      const body: string[] = [];
      while (++k < lines.length && lines[k]!.trim() !== 'end') body.push(lines[k]!);
      out.push(inlineCodeAction('python', body.join('\n'), span, ctx));
      continue;
    }
    out.push(...gdbCommand(line, span, state, ctx));
  }
  return out;
}

/** Whether a gdb command word names `full` (gdb takes unique prefixes; a few have short aliases). */
function names(word: string, full: string, aliases: string[] = []): boolean {
  return word === full || aliases.includes(word) || (word.length >= 3 && full.startsWith(word));
}

/** One gdb command: what it runs or writes here. */
function gdbCommand(text: string, span: Span, state: GdbState, ctx: ProgramContext): Action[] {
  const line = text.trim();
  if (line.startsWith('!')) return shellCode(line.slice(1), span, state);
  if (line.startsWith('|')) return pipeCommand(line.slice(1), span, state);
  const m = /^([A-Za-z][\w-]*)\s*([\s\S]*)$/.exec(line);
  if (!m) return [];
  const word = m[1]!;
  const rest = m[2]!;
  const arg = (text: string) => derivedArgument(state.base, text);
  if (names(word, 'shell')) return shellCode(rest, span, state);
  if (names(word, 'pipe')) return pipeCommand(rest, span, state);
  if (names(word, 'python', ['py']) || names(word, 'python-interactive', ['pi'])) {
    return rest.trim() === '' ? [] : [inlineCodeAction('python', rest, span, ctx)];
  }
  if (names(word, 'guile', ['gu']) || names(word, 'guile-repl', ['gr'])) return [inlineCodeAction('guile', rest, span, ctx)];
  if (names(word, 'eval')) return [runsCode(span, { source: 'changes-commands', via: 'gdb `eval`', how: 'gdb eval' })];
  if (names(word, 'source')) {
    const file = rest.replace(/^(-[sv]\s+)*/, '').trim();
    return file !== '' && ctx.contentOf(file) ? [runsCode(span, { source: 'written-by-line', via: 'gdb', file, use: 'gdb source' })] : [];
  }
  if (names(word, 'make')) return [{ kind: 'run', argv: [arg('make'), ...rest.split(/\s+/).filter(Boolean).map(arg)], subshell: true, dirs: state.dirs }];
  if (word === 'cd') {
    state.dirs = changeDirs(state.dirs, rest.trim() === '' ? ctx.home : rest.trim());
    return [];
  }
  if (names(word, 'run', ['r']) || names(word, 'start') || names(word, 'starti')) return runProgram(rest, span, state);
  if (names(word, 'call') || names(word, 'print', ['p', 'inspect']) || names(word, 'output')) {
    // a call into the debugged program can run a command or write a file there
    return /\b(system|popen|execv?[lpe]*|unlink|remove|rmdir|rename|fopen|open|creat|write|symlink|truncate)\s*\(/.test(rest)
      ? [runsCode(span, { source: 'changes-commands', via: 'gdb', how: 'gdb call' })] : [];
  }
  const write = (file: string | undefined, by: string): Action[] => (file ? [{ kind: 'write', arg: arg(file), by, dirs: state.dirs }] : []);
  if (names(word, 'dump') || names(word, 'append')) {
    const words = rest.split(/\s+/).filter(Boolean);
    const at = words.findIndex((w) => w === 'memory' || w === 'value');
    return write(at >= 0 ? words[at + 1] : undefined, `gdb ${word}`);
  }
  if (names(word, 'gcore') || names(word, 'generate-core-file')) return write(rest.trim().split(/\s+/)[0] || 'core', 'gdb gcore');
  if (names(word, 'save')) return write(rest.trim().split(/\s+/)[1], 'gdb save');
  if (word === 'set') {
    const logging = /^logging\s+(?:file\s+(\S+)|(?:on|enabled\s+on|redirect\s+on)\b)/.exec(rest.trim());
    if (logging) return write(logging[1] ?? 'gdb.txt', 'gdb set logging');
  }
  return [];
}

function shellCode(code: string, span: Span, state: GdbState): Action[] {
  return code.trim() === '' ? [] : [{ kind: 'shell-code', code, span, dialect: 'sh', dirs: state.dirs }];
}

/** `pipe [COMMAND] | SHELL_COMMAND` (`-d DELIM` changes the `|`). */
function pipeCommand(rest: string, span: Span, state: GdbState): Action[] {
  const delimited = /^\s*-d\s+(\S+)\s/.exec(rest);
  const delimiter = delimited ? delimited[1]! : '|';
  const body = delimited ? rest.slice(delimited[0].length) : rest;
  const at = body.indexOf(delimiter);
  return shellCode(at < 0 ? body : body.slice(at + delimiter.length), span, state);
}

/** `run [ARGS]`: gdb starts the program through the shell (`exec PROGRAM ARGS`). */
function runProgram(rest: string, span: Span, state: GdbState): Action[] {
  const program = state.program;
  if (!program) return [];
  if (rest.trim() === '') {
    // the arguments from --args are passed as they are
    return [{ kind: 'run', argv: [program, ...(state.programArgs ?? [])], subshell: true, dirs: state.dirs }];
  }
  const name = program.text === null ? unfixedWord : shQuote(program.text.includes('/') ? program.text : `./${program.text}`);
  return shellCode(`exec ${name} ${rest}`, span, state);
}
