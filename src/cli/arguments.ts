// The command line of the `treeward` binary (SPEC §1 "Command line"). The
// options each command takes are read from the help table (./help.ts), so an
// option is accepted exactly where its help describes it.

import { packNames, type PackName } from '../approver/types.js';
import { type DialectName, isDialectName } from '../syntax/dialect.js';
import { type HarnessFormat, harnessFormats, isHarnessFormat } from './harness/index.js';
import { commandHelp } from './help.js';
import { type BinShName, binShNames, isBinShName, isPlatformName, type PlatformName, platformNames } from './platform.js';

export interface Arguments {
  subcommand: string;
  /** `-h` or `--help` among the options: print the command's help instead. */
  help: boolean;
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
  /** install, uninstall */
  project: boolean;
  /** install, uninstall */
  dryRun: boolean;
  /** check, hook: whose tools run the line */
  platform: PlatformName | null;
  /** check, hook: which `/bin/sh` reads sh */
  sh: BinShName | null;
  /** check: the opt-in rule packs to apply */
  packs: PackName[];
  /** check: write the verdict to the audit log too */
  log: boolean;
  /** log */
  denies: boolean;
  /** log */
  since: string | null;
  /** log */
  session: string | null;
  /** log */
  follow: boolean;
  /** log */
  stats: boolean;
}

/** A command line treeward cannot take: the message names the word, the binary exits 2. */
export class UsageError extends Error {
  constructor(message: string, readonly subcommand: string | null = null) {
    super(message);
  }
}

interface OptionShape {
  takesValue: boolean;
}

/** `--shell bash|sh|zsh` → `--shell` taking a value; `-h, --help` → both names, no value. */
function optionsOf(subcommand: string): Map<string, OptionShape> | null {
  const help = commandHelp[subcommand];
  if (!help) return null;
  const out = new Map<string, OptionShape>();
  for (const { form } of help.options) {
    const names = form.split(', ');
    const last = names.pop()!;
    const space = last.indexOf(' ');
    const takesValue = space > 0;
    for (const name of [...names, takesValue ? last.slice(0, space) : last]) out.set(name, { takesValue });
  }
  return out;
}

export function parseArguments(argv: string[]): Arguments {
  const [subcommand, ...rest] = argv;
  if (!subcommand) throw new UsageError('missing command');
  const accepted = optionsOf(subcommand);
  if (!accepted) throw new UsageError(`unknown command ${subcommand}`);
  const out: Arguments = {
    subcommand, help: false, shell: null, json: false, tree: null, cwd: null, runDirs: [], command: null, format: null, config: null,
    project: false, dryRun: false, platform: null, sh: null, packs: [], log: false, denies: false, since: null, session: null, follow: false, stats: false,
  };
  const fail = (message: string) => new UsageError(message, subcommand);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') {
      if (i + 2 < rest.length) throw fail('give COMMAND as one argument: quote it');
      out.command = rest[i + 1] ?? null;
      break;
    }
    if (a.startsWith('-') && a !== '-') {
      const eq = a.indexOf('=');
      const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
      const shape = accepted.get(name);
      if (!shape) {
        const elsewhere = Object.keys(commandHelp).some((other) => optionsOf(other)!.has(name));
        throw fail(elsewhere ? `${subcommand} does not take ${name}` : `unknown option ${name}`);
      }
      if (!shape.takesValue) {
        if (eq > 0 && a.startsWith('--')) throw fail(`${name} takes no value`);
        if (name === '--json') out.json = true;
        else if (name === '--project') out.project = true;
        else if (name === '--dry-run') out.dryRun = true;
        else if (name === '--log') out.log = true;
        else if (name === '--denies') out.denies = true;
        else if (name === '--follow') out.follow = true;
        else if (name === '--stats') out.stats = true;
        else out.help = true;
        continue;
      }
      const value = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : rest[++i];
      if (value === undefined) throw fail(`${name} needs a value`);
      takeValue(out, name, value, fail);
      continue;
    }
    if (out.command !== null) throw fail('give COMMAND as one argument: quote it');
    out.command = a;
  }
  if (subcommand === 'hook' && out.command !== null && !out.help) throw fail('hook reads its request as JSON on stdin and takes no COMMAND');
  if (subcommand === 'doctor' && out.command !== null && !out.help) throw fail('doctor takes no arguments');
  if (subcommand === 'log' && out.command !== null && !out.help) throw fail(`log takes no COMMAND (${JSON.stringify(out.command)}): filter with its options`);
  return out;
}

function takeValue(out: Arguments, name: string, value: string, fail: (message: string) => UsageError): void {
  if (name === '--shell') {
    if (!isDialectName(value)) throw fail('--shell takes bash, sh or zsh');
    out.shell = value;
  } else if (name === '--format') {
    if (!isHarnessFormat(value)) throw fail(`--format takes ${harnessFormats.slice(0, -1).join(', ')} or ${harnessFormats.at(-1)}`);
    out.format = value;
  } else if (name === '--platform') {
    if (!isPlatformName(value)) throw fail(`--platform takes ${platformNames.join(' or ')}`);
    out.platform = value;
  } else if (name === '--sh') {
    if (!isBinShName(value)) throw fail(`--sh takes ${binShNames.join(' or ')}`);
    out.sh = value;
  } else if (name === '--pack') {
    if (!(packNames as readonly string[]).includes(value)) throw fail(`--pack takes ${packNames.join(' or ')}`);
    if (!out.packs.includes(value as PackName)) out.packs.push(value as PackName);
  } else if (name === '--tree') out.tree = value;
  else if (name === '--cwd') out.cwd = value;
  else if (name === '--config') out.config = value;
  else if (name === '--run-dir') out.runDirs.push(value);
  else if (name === '--since') out.since = value;
  else if (name === '--session') out.session = value;
  else throw fail(`${name} is described but not read`);
}
