// The `treeward` binary: argument handling only; each subcommand lives in its
// own module. `main` does not run on import: the binary's loader (written by
// scripts/build.mjs) calls it with the process's argv, and the build calls it
// in-process to warm the code cache it ships.

import { readFileSync } from 'node:fs';
import { parseArguments, UsageError } from './arguments.js';
import { runCheck } from './check-command.js';
import { runDoctor } from './doctor.js';
import { commandHelp, generalHelp, helpOf, usageHint } from './help.js';
import { asksForHelp, hookCommand } from './hook-command.js';
import { runInstall } from './install.js';
import { runLog } from './log-command.js';
import { runParse } from './parse-command.js';
import { type Io, processIo, processSelf } from './process-io.js';
import { version } from './version.js';

export { type Arguments, parseArguments, UsageError } from './arguments.js';
export { type Io, processIo } from './process-io.js';
// for the build (scripts/binary.mjs), which writes each harness's deny into the loader
export { defaultFormat, startFailureReplies } from './harness/index.js';

function readCommand(command: string | null): string {
  if (command === null) throw new UsageError('missing COMMAND');
  if (command === '-') return readFileSync(0, 'utf8');
  return command;
}

export function main(argv: string[], io: Io = processIo): number {
  const first = argv[0];
  // the conventions of npm, eslint and tsc: help and version on stdout, exit 0
  if (first === '--help' || first === '-h' || (first === 'help' && argv.length === 1)) {
    io.write(generalHelp(version));
    return 0;
  }
  if (first === '--version' || first === '-V') {
    io.write(`${version}\n`);
    return 0;
  }
  if (first === 'help') return helpCommand(argv.slice(1), io);
  if (first === 'hook' && !asksForHelp(argv)) return hookCommand(argv, io);
  try {
    const parsed = parseArguments(argv);
    if (parsed.help) {
      io.write(helpOf(parsed.subcommand));
      return 0;
    }
    if (parsed.subcommand === 'parse') {
      const result = runParse(readCommand(parsed.command), parsed.shell ?? 'bash', parsed.json);
      io.write(result.stdout);
      return result.exitCode;
    }
    if (parsed.subcommand === 'check') {
      const result = runCheck(readCommand(parsed.command), parsed);
      io.write(result.stdout);
      if (result.stderr) io.writeError(result.stderr);
      return result.exitCode;
    }
    if (parsed.subcommand === 'log') {
      const terminal = io.terminal?.() ?? false;
      return runLog(parsed, {
        env: io.env, cwd: io.cwd(), write: io.write, writeError: io.writeError, terminal, columns: terminal ? io.columns?.() ?? null : null,
        now: io.now ?? (() => new Date()), pause: io.pause,
      });
    }
    if (parsed.subcommand === 'install' || parsed.subcommand === 'uninstall' || parsed.subcommand === 'doctor') {
      const surroundings = { env: io.env, cwd: io.cwd(), self: io.self?.() ?? processSelf() };
      const result = parsed.subcommand === 'doctor'
        ? runDoctor(surroundings)
        : runInstall({ action: parsed.subcommand, host: parsed.command, project: parsed.project, dryRun: parsed.dryRun }, surroundings);
      if (result.stdout) io.write(result.stdout);
      if (result.stderr) io.writeError(result.stderr);
      return result.exitCode;
    }
    throw new UsageError(`unknown command ${parsed.subcommand}`);
  } catch (error) {
    if (error instanceof UsageError) {
      const name = error.subcommand ?? null;
      const what = first === undefined ? 'missing command' : name === null && first.startsWith('-') ? `unknown option ${first}` : error.message;
      io.writeError(`treeward: ${what}\n${name ? `usage: treeward ${commandHelp[name]!.synopsis}\n` : ''}${usageHint(name)}`);
      return 2;
    }
    throw error;
  }
}

/** `treeward help [COMMAND]`. */
function helpCommand(rest: string[], io: Io): number {
  const [name, ...more] = rest;
  if (name === undefined) {
    io.write(generalHelp(version));
    return 0;
  }
  if (!commandHelp[name] || more.length > 0) {
    io.writeError(`treeward: ${more.length > 0 ? 'help takes one COMMAND' : `unknown command ${name}`}\n${usageHint(null)}`);
    return 2;
  }
  io.write(helpOf(name));
  return 0;
}


