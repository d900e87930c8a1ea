// The `treeward` binary: argument handling only; each subcommand lives in its own module.

import { readFileSync } from 'node:fs';
import { type DialectName, isDialectName } from '../lexer/dialect.js';
import { runCheck } from './check-command.js';
import { runParse } from './parse-command.js';

const usage = `usage:
  treeward check [--shell bash|sh|zsh] [--tree DIR] [--cwd DIR] [--run-dir DIR]... [--json] [--] COMMAND
  treeward parse [--shell bash|sh|zsh] [--json] [--] COMMAND
  (COMMAND - reads the command from stdin)
`;

export interface Arguments {
  subcommand: string;
  shell: DialectName | null;
  json: boolean;
  tree: string | null;
  cwd: string | null;
  runDirs: string[];
  command: string | null;
}

export class UsageError extends Error {}

const valueOptions = new Set(['--shell', '--tree', '--cwd', '--run-dir']);

export function parseArguments(argv: string[]): Arguments {
  const [subcommand, ...rest] = argv;
  if (!subcommand) throw new UsageError('missing subcommand');
  const out: Arguments = { subcommand, shell: null, json: false, tree: null, cwd: null, runDirs: [], command: null };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') {
      if (i + 2 < rest.length) throw new UsageError('give COMMAND as one argument: quote it');
      out.command = rest[i + 1] ?? null;
      break;
    }
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (valueOptions.has(name)) {
      const value = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : rest[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      if (name === '--shell') {
        if (!isDialectName(value)) throw new UsageError('--shell takes bash, sh or zsh');
        out.shell = value;
      } else if (name === '--tree') out.tree = value;
      else if (name === '--cwd') out.cwd = value;
      else out.runDirs.push(value);
    } else if (a === '--json') out.json = true;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else {
      if (out.command !== null) throw new UsageError('give COMMAND as one argument: quote it');
      out.command = a;
    }
  }
  return out;
}

function readCommand(command: string | null): string {
  if (command === null) throw new UsageError('missing COMMAND');
  if (command === '-') return readFileSync(0, 'utf8');
  return command;
}

export function main(argv: string[]): number {
  try {
    const parsed = parseArguments(argv);
    if (parsed.subcommand === 'parse') {
      const result = runParse(readCommand(parsed.command), parsed.shell ?? 'bash', parsed.json);
      process.stdout.write(result.stdout);
      return result.exitCode;
    }
    if (parsed.subcommand === 'check') {
      const result = runCheck(readCommand(parsed.command), parsed);
      process.stdout.write(result.stdout);
      return result.exitCode;
    }
    throw new UsageError(`unknown subcommand ${parsed.subcommand}`);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`treeward: ${error.message}\n${usage}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main(process.argv.slice(2));
