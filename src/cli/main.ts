// The `treeward` binary: argument handling only; each subcommand lives in its own module.

import { readFileSync } from 'node:fs';
import { type DialectName, isDialectName } from '../lexer/dialect.js';
import { runParse } from './parse-command.js';

const usage = `usage:
  treeward parse [--shell bash|sh|zsh] [--json] [--] COMMAND   (COMMAND - reads stdin)
`;

interface Parsed {
  subcommand: string;
  shell: DialectName;
  json: boolean;
  command: string | null;
}

class UsageError extends Error {}

function parseArguments(argv: string[]): Parsed {
  const [subcommand, ...rest] = argv;
  if (!subcommand) throw new UsageError('missing subcommand');
  let shell: DialectName = 'bash';
  let json = false;
  let command: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') {
      if (i + 2 < rest.length) throw new UsageError('give COMMAND as one argument: quote it');
      command = rest[i + 1] ?? null;
      break;
    }
    if (a === '--shell' || a.startsWith('--shell=')) {
      const value = a === '--shell' ? rest[++i] : a.slice('--shell='.length);
      if (value === undefined || !isDialectName(value)) throw new UsageError(`--shell takes bash, sh or zsh`);
      shell = value;
    } else if (a === '--json') json = true;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else {
      if (command !== null) throw new UsageError('give COMMAND as one argument: quote it');
      command = a;
    }
  }
  return { subcommand, shell, json, command };
}

function readCommand(command: string | null): string {
  if (command === null) throw new UsageError('missing COMMAND');
  if (command === '-') return readFileSync(0, 'utf8');
  return command;
}

export function main(argv: string[]): number {
  let parsed: Parsed;
  try {
    parsed = parseArguments(argv);
    if (parsed.subcommand === 'parse') {
      const result = runParse(readCommand(parsed.command), parsed.shell, parsed.json);
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
