// make: `-C` places it, `--eval` text and a makefile the line wrote hold
// recipes treeward does not read, and command-line variables go into the
// recipes' `sh -c` text (`make CC='rm -rf ~'` runs it).

import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import type { Directories } from '../core/effects.js';
import { optionLines, valuesOf } from '../core/options.js';
import { baseName, joinPath } from '../core/path-text.js';
import { shellNamed } from '../core/shells.js';
import { changeDirs } from './directories.js';

const makeTable = optionLines([
  '-b',
  '-B --always-make',
  '-C --directory=DIR',
  '-d --debug[=FLAGS]',
  '-E --eval=STRING',
  '-e --environment-overrides',
  '-f --file=FILE --makefile=FILE',
  '-h --help',
  '-i --ignore-errors',
  '-I --include-dir=DIR',
  '-j [N] --jobs[=N]',
  '-k --keep-going',
  '-l [N] --load-average[=N] --max-load[=N]',
  '-L --check-symlink-times',
  '-n --just-print --dry-run --recon',
  '-O [TYPE] --output-sync[=TYPE]',
  '-o --old-file=FILE --assume-old=FILE',
  '-p --print-data-base',
  '-q --question',
  '-r --no-builtin-rules',
  '-R --no-builtin-variables',
  '-s --silent --quiet',
  '-S --no-keep-going --stop',
  '-t --touch',
  '-v --version',
  '-W --what-if=FILE --new-file=FILE --assume-new=FILE',
  '-w --print-directory',
  '   --no-silent',
  '   --trace',
  '   --no-print-directory',
  '   --warn-undefined-variables',
  '   --shuffle[=MODE]',
  '   --jobserver-auth=AUTH',
  '   --jobserver-style=STYLE',
]);

function readMake({ line, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  // -C DIR (cumulative) places make; the makefile is read there
  let dirs: Directories = ctx.dirs;
  for (const o of valuesOf(line, 'directory')) dirs = changeDirs(dirs, o.value);
  for (const o of valuesOf(line, 'eval')) {
    // --eval text is makefile syntax: it can define rules (the first becomes the default goal) and run $(shell …)
    if (o.value === null) out.push(runsCode(o.arg.word.span, { source: 'unfixed', via: '`make --eval`', what: 'text' }));
    else if (!plainAssignments(o.value)) out.push(runsCode(o.arg.word.span, { source: 'make-eval' }));
  }
  for (const a of line.operands) {
    if (a.text === null) continue;
    const m = /^(SHELL|MAKESHELL|\.SHELLFLAGS)\s*[:+?!]*=([\s\S]*)$/.exec(a.text);
    const plainShell = m !== null && m[1] === 'SHELL' && shellNamed(baseName(m[2]!.trim()))?.runsRecipes === true;
    if (m && !plainShell) out.push(runsCode(a.word.span, { source: 'make-variable', variable: m[1]!, how: 'shell' }));
    const assignment = /^([A-Za-z_][A-Za-z0-9_.]*)\s*[:+?!]*=([\s\S]*)$/.exec(a.text);
    if (!assignment || m) continue;
    const [, variable, value] = assignment;
    // recipes put command-line variables into `sh -c` text, and make expands `$(shell …)` in them
    if (/[;&|`$<>\n]/.test(value!)) out.push(runsCode(a.word.span, { source: 'make-variable', variable: variable!, how: 'syntax' }));
    else if (commandVariables.has(variable!) && value!.trim() !== '') {
      // `make CC='rm -rf ~'`: a recipe runs `$(CC) …` with sh, so the value is the start of a shell command
      out.push({ kind: 'shell-code', code: value!, span: a.word.span, dialect: 'sh', subshell: true, ...(dirs !== undefined ? { dirs } : {}) });
    }
  }
  // a makefile an earlier part of the line wrote holds recipes treeward does not read
  const makefiles = valuesOf(line, 'file');
  const candidates = makefiles.length > 0 ? makefiles.map((o) => o.value) : ['GNUmakefile', 'makefile', 'Makefile'];
  for (const file of candidates) {
    if (file === null) {
      out.push(runsCode(span, { source: 'unfixed', via: '`make -f`', what: 'makefile' }));
      continue;
    }
    if (file === '-') {
      if (ctx.stdinText !== undefined || ctx.fedByPipe) out.push(runsCode(span, { source: 'pipe', via: '`make -f -`', what: 'makefile' }));
      continue;
    }
    if (dirs === null && !file.startsWith('/')) continue;
    const paths = file.startsWith('/') ? [file] : dirs!.map((d) => joinPath(d, file));
    if (paths.some((p) => ctx.contentOf(p))) out.push(runsCode(span, { source: 'written-by-line', via: 'make', file, use: 'make recipes' }));
  }
  return [...out, ...writtenMakefiles(ctx, dirs, span)];
}

/**
 * MAKEFILES (make(1), GNU make manual §3.4 "The Variable MAKEFILES"): make reads each word as a
 * makefile before the others, in the directory `-C` moved it to; one the line wrote holds recipes
 * treeward does not read. Given by the line or inherited; a value the line does not fix may name any.
 */
function writtenMakefiles(ctx: Invocation['ctx'], dirs: Directories, span: Invocation['span']): Action[] {
  const value = ctx.environment.has('MAKEFILES') ? ctx.environment.get('MAKEFILES')! : ctx.env.MAKEFILES ?? '';
  const anyWritten = ctx.written().files.length > 0 || ctx.written().unknown;
  if (value === null) return anyWritten ? [runsCode(span, { source: 'written-by-line', via: 'make', file: '$MAKEFILES', use: 'makefiles' })] : [];
  for (const file of value.split(/\s+/).filter((f) => f !== '')) {
    const paths = file.startsWith('/') ? [file] : dirs === null ? null : dirs.map((d) => joinPath(d, file));
    if (paths === null ? anyWritten : paths.some((p) => ctx.contentOf(p))) {
      return [runsCode(span, { source: 'written-by-line', via: 'make', file, use: 'makefiles' })];
    }
  }
  return [];
}

/** make's variables for the programs its built-in and usual recipes run. */
const commandVariables = new Set([
  // compilers and the toolchain
  'CC',
  'CXX',
  'CPP',
  'LD',
  'AR',
  'AS',
  'FC',
  'RANLIB',
  'STRIP',
  'NM',
  'OBJCOPY',
  'OBJDUMP',
  'LEX',
  'YACC',
  'M4',
  // file tools
  'RM',
  'CP',
  'MV',
  'LN',
  'MKDIR',
  'INSTALL',
  'ECHO',
  'TAR',
  'SED',
  'AWK',
  'CHMOD',
  'TOUCH',
  // interpreters, package managers and other tools
  'PYTHON',
  'PERL',
  'NODE',
  'NPM',
  'GO',
  'CARGO',
  'DOCKER',
  'MAKE',
  'GIT',
]);

/** Whether `--eval` text only sets variables to plain text (no `$`, no rule, no directive). */
function plainAssignments(text: string): boolean {
  return text.split('\n').every((line) => {
    const m = /^\s*(?:override\s+|export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*(?:=|:=|::=|\?=|\+=)([\s\S]*)$/.exec(line);
    if (line.trim() === '') return true;
    if (!m || /[$`]/.test(m[2]!)) return false;
    return !/^(SHELL|MAKESHELL|MAKEFLAGS|MFLAGS|MAKEFILES|MAKE|MAKECMDGOALS)$/.test(m[1]!);
  });
}

export const rows: ProgramRow[] = [{ names: ['make', 'gmake'], options: makeTable, read: readMake }];
