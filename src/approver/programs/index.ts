// The program table (SPEC §3 "commands it runs"): every program, wrapper,
// shell, interpreter and builtin treeward reads is one row of one shape
// (core/actions.ts `ProgramRow`), in the file of its family. This file
// merges the families' rows into one table, refuses a name registered
// twice, and reads a command by it. To add a program: add its row to its
// family's `rows` (or a new family file, listed below), with a line in
// test/programs/<family>.test.ts.

import type { Span } from '../../syntax/ast.js';
import { type Action, effectAction, type ProgramContext, type ProgramRow } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import { baseName } from '../core/path-text.js';
import { agentLaunch } from './agents.js';
import { homeVariableWrites } from './home-variables.js';
import { rows as archives } from './archives.js';
import { rows as awk } from './awk.js';
import { rows as directories } from './directories.js';
import { rows as download } from './download.js';
import { rows as editors } from './editors.js';
import { rows as files } from './files.js';
import { rows as find } from './find.js';
import { rows as gdb } from './gdb.js';
import { rows as git } from './git.js';
import { rows as interpreters } from './interpreters.js';
import { readByRow } from './invocation.js';
import { rows as less } from './less.js';
import { rows as macos } from './macos.js';
import { rows as make } from './make.js';
import { rows as readers } from './readers.js';
import { rows as runners } from './runners.js';
import { rows as packageRunners } from './package-runners.js';
import { rows as removalTools } from './removal-tools.js';
import { rows as scheduling } from './scheduling.js';
import { rows as sed } from './sed.js';
import { builtins, rows as shellBuiltins, type Builtin } from './shell-builtins.js';
import { rows as shellOptions } from './shell-options.js';
import { rows as shells, startupFileGiven } from './shells.js';
import { rows as ssh } from './ssh.js';
import { rows as textCopy, wrapperWordBeforeCopy } from './text-copy.js';
import { rows as tools } from './tools.js';
import { handedWords } from './unknown.js';
import { rows as wrappers } from './wrappers.js';
import { rows as writers } from './writers.js';

export { listsOutput, producerListing } from './listings.js';
export { readByItsProgram, variableMeaning, type VariableMeaning } from './environment.js';
export { agentPrograms } from './agents.js';
export type { Builtin, SetsNames } from './shell-builtins.js';

const families: readonly (readonly ProgramRow[])[] = [
  files, archives, directories, shellBuiltins, shellOptions, wrappers, shells, interpreters, packageRunners,
  git, ssh, download, find, awk, sed, gdb, make, less, removalTools, scheduling, textCopy, readers, writers, runners, tools, editors, macos,
];

/** The families' rows by name; a name registered twice is an error. */
export function programTable(rowsOfFamilies: readonly (readonly ProgramRow[])[]): ReadonlyMap<string, ProgramRow> {
  const merged = new Map<string, ProgramRow>();
  for (const family of rowsOfFamilies) {
    for (const row of family) {
      for (const name of row.names) {
        if (merged.has(name)) throw new Error(`the program table reads \`${name}\` twice`);
        merged.set(name, row);
      }
    }
  }
  return merged;
}

const table = programTable(families);

/**
 * Programs that hand their words to code treeward does not read (a script
 * in the tree, a makefile's recipes): what that code does with a protected
 * path is not known, so the words are handed on as an unknown program's
 * (issue 13 item 1: `python3 tool.py -o ~/.bashrc`, `make OUT=.git/x`).
 */
const runsUnreadCode = new Set([...interpreters, ...make].flatMap((row) => row.names));

const builtinTable = new Map<string, Builtin>(Object.entries(builtins));

/**
 * Whether running the program may make any name anywhere, beyond what its row
 * reads: a program the table does not read, or one that runs code treeward
 * does not read (a script, a makefile's recipes). A later glob cannot list
 * what such a program made (walk/option-globs.ts).
 */
export function makesUnknownNames(name: string, args: readonly Argument[]): boolean {
  if (runsUnreadCode.has(name)) return true;
  const row = table.get(name);
  if (row) return row.makesNames?.(args) === true;
  return !builtinTable.has(name);
}

/** The row that reads a program, by its name in the table (no path: `rm`, not `/bin/rm`). */
export function rowOf(name: string): ProgramRow | undefined {
  return table.get(name);
}

/** What the table knows of a builtin, beyond its reader. */
export function builtinOf(name: string): Builtin | undefined {
  return builtinTable.get(name);
}

/** A function or alias may not take this name: it would hide a builtin or a program the table reads. */
export function isShadowable(name: string): boolean {
  return builtinTable.get(name)?.shadowable === true || table.get(name)?.shadowable === true;
}

/**
 * Whether a command's words (as literals) are a program that copies its
 * stdin to its stdout, behind wrappers that hand it theirs (`nice cat`,
 * `env A=1 cat`): a here-document through it is then the text it writes.
 */
export function copiesStdinToStdout(words: readonly (string | null)[]): boolean {
  const last = words[words.length - 1];
  if (last === undefined || last === null || table.get(last)?.copiesStdinToStdout !== true) return false;
  for (let i = 0; i < words.length - 1; i++) {
    const word = words[i]!;
    if (word === null || !(table.get(word)?.passesStdio === true || wrapperWordBeforeCopy.test(word))) return false;
  }
  return true;
}

/**
 * Read one command: a coding-agent harness first (by name, whatever reads it
 * otherwise), then its program's row. A name the configuration lists as a
 * wrapper is read as one, except where a row of its own reads it as a
 * command runner, a shell or a builtin: the file tools' option rows and
 * `cat` yield to it.
 */
export function readProgram(name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const actions = readProgramHere(name, args, ctx, span);
  const program = baseName(name);
  // a program that is not a shell, given BASH_ENV or ZDOTDIR, runs that file in every bash or zsh it starts; a wrapper's command is judged itself
  if (table.get(program)?.readsStartupFiles || builtinTable.has(program) || actions.some((a) => a.kind === 'run')) return actions;
  return [...actions, ...startupFileGiven(program, ctx, span)];
}

function readProgramHere(name: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const program = baseName(name);
  const launch = agentLaunch(program, args, ctx, span);
  if (launch) return [effectAction(launch)];
  // HOME or an XDG directory the line gave the program moves where it keeps its files (home-variables.ts)
  const moved = builtinTable.has(program) ? [] : homeVariableWrites(program, args, ctx);
  return moved.length > 0 ? [...readProgramRow(program, args, ctx, span), ...moved] : readProgramRow(program, args, ctx, span);
}

function readProgramRow(program: string, args: Argument[], ctx: ProgramContext, span: Span): Action[] {
  const row = table.get(program);
  if (row && !yieldsToConfiguredWrapper(row)) {
    const actions = readByRow(row, program, args, ctx, span);
    return runsUnreadCode.has(program) ? [...actions, ...handedWords(program, args, ctx.home)] : actions;
  }
  if (ctx.wrappers.has(program)) return [{ kind: 'run', argv: args.slice(1).filter((a) => !(a.text ?? '').startsWith('-')) }];
  if (row) return readByRow(row, program, args, ctx, span);
  // a builtin without a row reads no file (`echo`, `true`); any other program may write what its words name
  if (builtinTable.has(program)) return [];
  return handedWords(program, args, ctx.home);
}

function yieldsToConfiguredWrapper(row: ProgramRow): boolean {
  return (row.bsdReading !== undefined && row.runsCommands !== true) || row.copiesStdinToStdout === true;
}
