// Options of common tools that run a command (SPEC §3 "commands it runs"):
// gdb's commands (`-ex 'shell …'`, `!…`, `pipe … | …`, `python …`, a `run`
// of the program), make's `--eval` text and the makefile it reads, less's
// `LESSOPEN` preprocessor, and zip's `-TT` test command.

import type { Span } from '../syntax/ast.js';
import { derivedArgument } from './core/arguments.js';
import { dynamicAction, effectAction } from './core/actions.js';
import { shQuote } from './core/sh-quote.js';
import type { Directories } from './core/effects.js';
import { scanInlineCode } from './inline-code.js';
import type { Argument } from './core/arguments.js';
import { has, options, readOptions, valuesOf } from './core/options.js';
import { baseName, joinPath } from './core/path-text.js';
import type { Action, ProgramContext } from './core/actions.js';

/** A word standing for a value the line does not fix, inside sh code treeward writes (no line sets it). */
const unfixedWord = '"${__treeward_unfixed}"';

// ------------------------------------------------------------------ gdb

/** gdb's options that take a value (gdb reads `-opt` and `--opt`, `=VALUE` or the next word). */
const gdbValued = new Set(['ex', 'eval-command', 'iex', 'init-eval-command', 'x', 'command', 'ix', 'init-command', 'p', 'pid', 'c', 'core', 'se', 's', 'symbols',
  'e', 'exec', 'd', 'directory', 'cd', 'tty', 'i', 'interpreter', 'data-directory', 'D', 'b', 'l']);

interface GdbState {
  /** The word derived paths are reported at. */
  base: Argument;
  dirs: Directories;
  program: Argument | null;
  programArgs: Argument[] | null;
}

export function readGdb(_name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
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
    if (option === 'ex' || option === 'eval-command' || option === 'iex' || option === 'init-eval-command') commands.push({ text: value.text, span: value.word.span });
    else if (option === 'x' || option === 'command' || option === 'ix' || option === 'init-command') files.push(value);
    else if (option === 'cd') dirs = changeDirs(dirs, value.text);
    else if (option === 'e' || option === 'exec' || option === 'se') operands.unshift(value);
  }
  const state: GdbState = { base: args[0]!, dirs, program: operands[0] ?? null, programArgs };
  for (const file of files) {
    // a command file the line wrote is read; any other is an ordinary file
    if (file.text === null) {
      out.push(dynamicAction(file.word.span, '`gdb -x` of a command file the line does not fix'));
      continue;
    }
    const written = ctx.contentOf(file.text);
    if (!written) continue;
    if (written.literal === null) out.push(dynamicAction(span, `gdb runs the commands in \`${file.text}\`, which an earlier part of the line wrote`));
    else if (/\.py$/.test(file.text)) out.push(inlineCode('python', written.literal, span, ctx));
    else out.push(...gdbScript(written.literal, span, state, ctx));
  }
  for (const command of commands) {
    if (command.text === null) out.push(dynamicAction(command.span, 'a gdb command the line does not fix'));
    else out.push(...gdbCommand(command.text, command.span, state, ctx));
  }
  // without --batch gdb reads more commands from its stdin
  if (!batch) {
    if (ctx.stdinText !== undefined && ctx.stdinText !== null) out.push(...gdbScript(ctx.stdinText, span, state, ctx));
    else if (ctx.fedByPipe || ctx.stdinText === null) out.push(dynamicAction(span, 'gdb reads commands (which can run a shell) from a pipe or file treeward cannot read'));
  }
  return out;
}

function changeDirs(dirs: Directories, target: string | null): Directories {
  if (target === null) return null;
  if (target.startsWith('/')) return [target];
  return dirs === null ? null : dirs.map((d) => joinPath(d, target));
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
      out.push(inlineCode('python', body.join('\n'), span, ctx));
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
  if (names(word, 'python', ['py']) || names(word, 'python-interactive', ['pi'])) return rest.trim() === '' ? [] : [inlineCode('python', rest, span, ctx)];
  if (names(word, 'guile', ['gu']) || names(word, 'guile-repl', ['gr'])) return [inlineCode('guile', rest, span, ctx)];
  if (names(word, 'eval')) return [dynamicAction(span, 'gdb `eval` builds a command at run time')];
  if (names(word, 'source')) {
    const file = rest.replace(/^(-[sv]\s+)*/, '').trim();
    return file !== '' && ctx.contentOf(file) ? [dynamicAction(span, `gdb sources \`${file}\`, which an earlier part of the line wrote`)] : [];
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
      ? [dynamicAction(span, 'gdb calls a function of the debugged program that runs a command or writes a file')] : [];
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

function inlineCode(language: string, code: string, span: Span, ctx: ProgramContext): Action {
  const finding = ctx.inlineCode === 'allow' ? null : ctx.inlineCode === 'refuse' ? 'the inline-code policy refuses all inline code' : scanInlineCode(language, code);
  return effectAction({ kind: 'inline-code', span, language, code, finding });
}

// ------------------------------------------------------------------ make

const makeTable = options('bBC:dE:ef:hiI:j::kl::LnO::o:pqrRsStvW:w', [
  ['directory', 'required', 'C'], ['eval', 'required', 'E'], ['file', 'required', 'f'], ['makefile', 'required', 'f'], ['include-dir', 'required', 'I'],
  ['jobs', 'optional', 'j'], ['load-average', 'optional', 'l'], ['max-load', 'optional', 'l'], ['output-sync', 'optional', 'O'], ['old-file', 'required', 'o'],
  ['assume-old', 'required', 'o'], ['what-if', 'required', 'W'], ['new-file', 'required', 'W'], ['assume-new', 'required', 'W'], ['debug', 'optional'],
  'always-make', 'environment-overrides', 'help', 'ignore-errors', 'keep-going', 'check-symlink-times', 'just-print', 'dry-run', 'recon', 'print-data-base',
  'question', 'no-builtin-rules', 'no-builtin-variables', 'silent', 'quiet', 'no-silent', 'stop', 'no-keep-going', 'touch', 'trace', 'version',
  'print-directory', 'no-print-directory', 'warn-undefined-variables', ['shuffle', 'optional'], ['jobserver-auth', 'required'], ['jobserver-style', 'required'],
]);

/** Shells a `make SHELL=…` may name: make then runs recipes as it always does. */
const knownShells = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'mksh']);

export function readMake(_name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const line = readOptions(args.slice(1), makeTable);
  const out: Action[] = [];
  // -C DIR (cumulative) places make; the makefile is read there
  let dirs: Directories = ctx.dirs;
  for (const o of valuesOf(line, 'C')) dirs = changeDirs(dirs, o.value);
  for (const o of valuesOf(line, 'E')) {
    // --eval text is makefile syntax: it can define rules (the first becomes the default goal) and run $(shell …)
    if (o.value === null) out.push(dynamicAction(o.arg.word.span, '`make --eval` of text the line does not fix'));
    else if (!plainAssignments(o.value)) out.push(dynamicAction(o.arg.word.span, '`make --eval` text can define recipes and run `$(shell …)`; pass variables as `make NAME=value` instead'));
  }
  for (const a of line.operands) {
    if (a.text === null) continue;
    const m = /^(SHELL|MAKESHELL|\.SHELLFLAGS)\s*[:+?!]*=([\s\S]*)$/.exec(a.text);
    if (m && !(m[1] === 'SHELL' && knownShells.has(baseName(m[2]!.trim())))) out.push(dynamicAction(a.word.span, `\`make ${m[1]}=…\` changes how make runs every recipe`));
    const assignment = /^([A-Za-z_][A-Za-z0-9_.]*)\s*[:+?!]*=([\s\S]*)$/.exec(a.text);
    if (!assignment || m) continue;
    const [, variable, value] = assignment;
    // recipes put command-line variables into `sh -c` text, and make expands `$(shell …)` in them
    if (/[;&|`$<>\n]/.test(value!)) out.push(dynamicAction(a.word.span, `\`make ${variable}=…\` puts shell syntax or a make function into the recipes that use it; pass a plain value`));
    else if (commandVariables.has(variable!) && value!.trim() !== '') {
      // `make CC='rm -rf ~'`: a recipe runs `$(CC) …` with sh, so the value is the start of a shell command
      out.push({ kind: 'shell-code', code: value!, span: a.word.span, dialect: 'sh', subshell: true, ...(dirs !== undefined ? { dirs } : {}) });
    }
  }
  // a makefile an earlier part of the line wrote holds recipes treeward does not read
  const makefiles = valuesOf(line, 'f');
  const candidates = makefiles.length > 0 ? makefiles.map((o) => o.value) : ['GNUmakefile', 'makefile', 'Makefile'];
  for (const file of candidates) {
    if (file === null) {
      out.push(dynamicAction(span, '`make -f` of a makefile the line does not fix'));
      continue;
    }
    if (file === '-') {
      if (ctx.stdinText !== undefined || ctx.fedByPipe) out.push(dynamicAction(span, '`make -f -` reads its makefile from stdin, with recipes treeward does not read'));
      continue;
    }
    if (dirs === null && !file.startsWith('/')) continue;
    const paths = file.startsWith('/') ? [file] : dirs!.map((d) => joinPath(d, file));
    if (paths.some((p) => ctx.contentOf(p))) out.push(dynamicAction(span, `make runs recipes from \`${file}\`, which an earlier part of the line wrote; write it in one command and run make in another`));
  }
  return out;
}

/** make's variables for the programs its built-in and usual recipes run. */
const commandVariables = new Set(['CC', 'CXX', 'CPP', 'LD', 'AR', 'AS', 'FC', 'RANLIB', 'STRIP', 'NM', 'OBJCOPY', 'OBJDUMP', 'RM', 'CP', 'MV', 'LN', 'MKDIR', 'INSTALL', 'ECHO', 'PYTHON', 'PERL', 'NODE', 'NPM', 'GO', 'CARGO', 'DOCKER', 'MAKE', 'LEX', 'YACC', 'M4', 'TAR', 'SED', 'AWK', 'CHMOD', 'TOUCH', 'GIT']);

/** Whether `--eval` text only sets variables to plain text (no `$`, no rule, no directive). */
function plainAssignments(text: string): boolean {
  return text.split('\n').every((line) => {
    const m = /^\s*(?:override\s+|export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|:=|::=|\?=|\+=)([\s\S]*)$/.exec(line);
    if (line.trim() === '') return true;
    if (!m || /[$`]/.test(m[2]!)) return false;
    return !/^(SHELL|MAKESHELL|MAKEFLAGS|MFLAGS|MAKEFILES|MAKE|MAKECMDGOALS)$/.test(m[1]!);
  });
}

// ------------------------------------------------------------------ less

/**
 * less: `LESSOPEN`/`LESSCLOSE` set by the line name a preprocessor less runs
 * through the shell with `%s` replaced by each file; `-o FILE`/`-O FILE`
 * copy the input to a file; a `+` command with `!` or `|` runs a shell.
 */
export function readLess(_name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const out: Action[] = [];
  const files: Argument[] = [];
  const words: { arg: Argument; text: string | null }[] = args.slice(1).map((arg) => ({ arg, text: arg.text }));
  const lessVariable = ctx.environment.get('LESS');
  // the options in `LESS` come first, as if typed before the command line's own
  if (typeof lessVariable === 'string') words.unshift(...lessVariable.split(/\s+/).filter(Boolean).map((w) => ({ arg: derivedArgument(args[0]!, w), text: w })));
  else if (lessVariable !== undefined) out.push(dynamicAction(span, '`LESS` options the line does not fix'));
  let ended = false;
  for (let i = 0; i < words.length; i++) {
    const { arg, text } = words[i]!;
    if (ended || text === null || (!text.startsWith('-') && !text.startsWith('+')) || text === '-') {
      files.push(arg);
      continue;
    }
    if (text === '--') { ended = true; continue; }
    const log = /^(?:-[oO]|--log-file=|--LOG-FILE=)(.*)$/.exec(text);
    if (log) {
      const value = log[1] !== '' ? derivedArgument(arg, log[1]!) : words[++i]?.arg;
      if (value) out.push({ kind: 'write', arg: value, by: 'less -o' });
      continue;
    }
    if (text === '--log-file' || text === '--LOG-FILE') {
      const value = words[++i]?.arg;
      if (value) out.push({ kind: 'write', arg: value, by: 'less -o' });
      continue;
    }
    if (/^(?:\+|--cmd=)/.test(text) && /^(?:\+|--cmd=)\d*[!|sv#]|^(?:\+|--cmd=)[^/?].*[!|]/.test(text)) {
      out.push(dynamicAction(arg.word.span, 'a less command that runs a shell or writes a file (`!`, `|`, `s`, `v`)'));
    }
  }
  for (const variable of ['LESSOPEN', 'LESSCLOSE']) {
    const value = ctx.environment.get(variable);
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      out.push(dynamicAction(span, `\`${variable}\` names a command the line does not fix, which less runs with the shell`));
      continue;
    }
    const code = value.replace(/^\|{0,2}-?/, '');
    if (code.trim() === '') continue;
    for (const file of files.length > 0 ? files : [derivedArgument(args[0]!, '-')]) {
      const name = file.text === null ? unfixedWord : shQuote(file.text);
      let count = 0;
      const filled = code.replace(/%s/g, () => (count++ === 0 ? name : unfixedWord));
      out.push({ kind: 'shell-code', code: filled, span, dialect: 'sh' });
    }
  }
  return out;
}

// ------------------------------------------------------------------ zip

const zipTable = options('0123456789AcdDeFfgjJklLmnoqrRSTuvwXyzb:i:n:O:P:t:x:', [['unzip-command', 'required'], 'move', 'test'], false);

/** zip: the archive it writes, `-m` removals, and `-TT CMD`, the test command it runs with system(). */
export function readZip(_name: string, args: Argument[], _ctx: ProgramContext, _span: Span): Action[] {
  const out: Action[] = [];
  const commands: { text: string | null; arg: Argument }[] = [];
  const rest: Argument[] = [];
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === '-TT' || t === '--unzip-command') {
      const value = args[++i];
      if (value) commands.push({ text: value.text, arg: value });
    } else if (t !== null && /^(?:-TT=?|--unzip-command=)/.test(t) && t !== '-TT') commands.push({ text: t.replace(/^(?:-TT=?|--unzip-command=)/, ''), arg: args[i]! });
    else rest.push(args[i]!);
  }
  const line = readOptions(rest, zipTable);
  const [archive, ...sources] = line.operands;
  for (const c of commands) {
    if (c.text === null) {
      out.push(dynamicAction(c.arg.word.span, '`zip -TT` of a command the line does not fix'));
      continue;
    }
    // `{}` is the archive's name (zip's temporary copy of it, in the same directory); else the name is appended
    const name = archive ? (archive.text === null ? unfixedWord : shQuote(archive.text)) : unfixedWord;
    const code = c.text.includes('{}') ? c.text.split('{}').join(name) : `${c.text} ${name}`;
    out.push({ kind: 'shell-code', code, span: c.arg.word.span, dialect: 'sh' });
  }
  if (archive) out.push({ kind: 'write', arg: archive, by: 'zip' });
  if (has(line, 'm', 'move')) for (const arg of sources) out.push({ kind: 'remove', arg, recursive: has(line, 'r', 'R'), by: 'zip -m' });
  return out;
}
