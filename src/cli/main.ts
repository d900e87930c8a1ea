// The `treeward` binary: argument handling only; each subcommand lives in its
// own module. `main` does not run on import: the binary's loader (written by
// scripts/build.mjs) calls it with the process's argv, and the build calls it
// in-process to warm the code cache it ships.

import { readFileSync } from 'node:fs';
import { type Arguments, parseArguments, usage, UsageError } from './arguments.js';
import { runCheck } from './check-command.js';
import { maxRequestBytes, runHook } from './hook.js';
import { runParse } from './parse-command.js';
import { readStdinLimited, writeAll } from './stdin.js';

export { type Arguments, parseArguments, UsageError } from './arguments.js';

/** What the binary reads and writes; the process's own by default. */
export interface Io {
  /** Up to `limit + 1` bytes of stdin. */
  readStdin(limit: number): Buffer;
  write(text: string): void;
  writeError(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  cwd(): string;
}

export const processIo: Io = {
  readStdin: readStdinLimited,
  // Straight to the descriptors: setting up process.stdout costs a hook start several milliseconds.
  write: (text) => writeAll(1, text),
  writeError: (text) => writeAll(2, text),
  env: process.env,
  cwd: () => process.cwd(),
};

function readCommand(command: string | null): string {
  if (command === null) throw new UsageError('missing COMMAND');
  if (command === '-') return readFileSync(0, 'utf8');
  return command;
}

export function main(argv: string[], io: Io = processIo): number {
  if (argv[0] === 'hook') return hookCommand(argv, io);
  try {
    const parsed = parseArguments(argv);
    if (parsed.subcommand === 'parse') {
      const result = runParse(readCommand(parsed.command), parsed.shell ?? 'bash', parsed.json);
      io.write(result.stdout);
      return result.exitCode;
    }
    if (parsed.subcommand === 'check') {
      const result = runCheck(readCommand(parsed.command), parsed);
      io.write(result.stdout);
      return result.exitCode;
    }
    throw new UsageError(`unknown subcommand ${parsed.subcommand}`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.writeError(`treeward: ${error.message}\n${usage}`);
      return 2;
    }
    throw error;
  }
}

/**
 * `treeward hook` always exits 0 with the harness's own answer: even a wrong
 * command line, or a failure to read stdin, becomes a deny the harness reads.
 */
function hookCommand(argv: string[], io: Io): number {
  let parsed: Arguments | null = null;
  let usageError: string | null = null;
  try {
    parsed = parseArguments(argv);
  } catch (error) {
    usageError = error instanceof Error ? error.message : 'unreadable arguments';
  }
  let input: Buffer;
  try {
    input = io.readStdin(maxRequestBytes);
  } catch {
    input = Buffer.alloc(0);
  }
  io.write(runHook(input, {
    format: parsed?.format ?? formatNamedIn(argv),
    config: parsed?.config ?? null,
    shell: parsed?.shell ?? null,
    tree: parsed?.tree ?? null,
    runDirs: parsed?.runDirs ?? [],
    usageError,
  }, { env: io.env, cwd: io.cwd() }));
  return 0;
}

/** The `--format` of a command line that did not parse, so the deny is still in the harness's form. */
function formatNamedIn(argv: string[]): Arguments['format'] {
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i] === '--format' ? argv[i + 1] : argv[i]!.startsWith('--format=') ? argv[i]!.slice(9) : undefined;
    if (value === 'claude' || value === 'codex' || value === 'gemini') return value;
  }
  return null;
}
