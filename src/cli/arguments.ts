// The command line of the `treeward` binary (SPEC §1 "Command line").

import { type DialectName, isDialectName } from '../lexer/dialect.js';
import { type HarnessFormat, harnessFormats } from './harness.js';

export const usage = `usage:
  treeward check [--shell bash|sh|zsh] [--tree DIR] [--cwd DIR] [--run-dir DIR]... [--json] [--] COMMAND
  treeward hook  [--format claude|codex|gemini] [--shell bash|sh|zsh] [--tree DIR] [--run-dir DIR]... [--config FILE]
  treeward parse [--shell bash|sh|zsh] [--json] [--] COMMAND
  (COMMAND - reads the command from stdin; hook reads one JSON request from stdin)
`;

export interface Arguments {
  subcommand: string;
  shell: DialectName | null;
  json: boolean;
  tree: string | null;
  cwd: string | null;
  runDirs: string[];
  command: string | null;
  /** hook only */
  format: HarnessFormat | null;
  /** hook only */
  config: string | null;
}

export class UsageError extends Error {}

const valueOptions = new Set(['--shell', '--tree', '--cwd', '--run-dir', '--format', '--config']);

/** Which options each subcommand takes; any other is a usage error. */
const optionsOf: Record<string, Set<string>> = {
  check: new Set(['--shell', '--tree', '--cwd', '--run-dir', '--json']),
  parse: new Set(['--shell', '--json']),
  hook: new Set(['--shell', '--tree', '--run-dir', '--format', '--config']),
};

export function parseArguments(argv: string[]): Arguments {
  const [subcommand, ...rest] = argv;
  if (!subcommand) throw new UsageError('missing subcommand');
  const out: Arguments = { subcommand, shell: null, json: false, tree: null, cwd: null, runDirs: [], command: null, format: null, config: null };
  const allowed = optionsOf[subcommand];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') {
      if (i + 2 < rest.length) throw new UsageError('give COMMAND as one argument: quote it');
      out.command = rest[i + 1] ?? null;
      break;
    }
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    if (allowed && (valueOptions.has(name) || name === '--json') && !allowed.has(name)) throw new UsageError(`${subcommand} does not take ${name}`);
    if (valueOptions.has(name)) {
      const value = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : rest[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      if (name === '--shell') {
        if (!isDialectName(value)) throw new UsageError('--shell takes bash, sh or zsh');
        out.shell = value;
      } else if (name === '--format') {
        if (!(harnessFormats as readonly string[]).includes(value)) throw new UsageError('--format takes claude, codex or gemini');
        out.format = value as HarnessFormat;
      } else if (name === '--tree') out.tree = value;
      else if (name === '--cwd') out.cwd = value;
      else if (name === '--config') out.config = value;
      else out.runDirs.push(value);
    } else if (a === '--json') out.json = true;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else {
      if (out.command !== null) throw new UsageError('give COMMAND as one argument: quote it');
      out.command = a;
    }
  }
  if (subcommand === 'hook' && out.command !== null) throw new UsageError('hook reads its request as JSON on stdin and takes no COMMAND');
  return out;
}
