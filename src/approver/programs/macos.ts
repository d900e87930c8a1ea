// macOS's own programs that remove, write or run code (issue 14 item 4),
// read from their manual pages (macOS 14: srm(1) as shipped to 10.11,
// ditto(1), open(1), osascript(1), launchctl(1), defaults(1), diskutil(8)).
// On Linux most of these names are absent or other programs (Debian's `open`
// is openvt(1), which runs its operands as a command on a new console): the
// rows refuse what either would do. `trash` is read with rimraf's family
// (removal-tools.ts), osascript with the interpreters (interpreters.ts).

import type { Action, ProgramRow } from '../core/actions.js';
import { runsCode } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import { derivedArgument } from '../core/arguments.js';
import { bsdGetopt, has } from '../core/options.js';

/** Words not spelled as options, skipping the values of the options named. */
function operandsOf(args: readonly Argument[], valued: readonly string[]): Argument[] {
  const out: Argument[] = [];
  let options = true;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]!.text;
    if (options && text === '--') {
      options = false;
      continue;
    }
    if (options && text !== null && text.startsWith('-') && text !== '-') {
      if (valued.includes(text)) i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

/** launchctl(1) subcommands that only read: list, print, and kin. Every other loads, starts, stops or changes jobs. */
const launchctlReads = new Set(['list', 'print', 'print-cache', 'print-disabled', 'blame', 'procinfo', 'hostinfo', 'resolveport', 'examine',
  'error', 'variant', 'version', 'help', 'getenv', 'managerpid', 'manageruid', 'managername', 'dumpstate', 'dumpjpcategory']);

/** diskutil(8) verbs that only read. Every other erases, partitions, mounts or changes a disk. */
const diskutilReads = new Set(['list', 'info', 'information', 'activity', 'listFilesystems', 'verifyVolume', 'verifyDisk']);

/** defaults(1) subcommands that only read. `write`, `import`, `delete`, `rename` change preferences, some of which run code later. */
const defaultsReads = new Set(['read', 'read-type', 'domains', 'find', 'help']);

export const rows: ProgramRow[] = [
  {
    // chflags(1) (file_cmds chflags/chflags.c: `getopt(argc, argv, "HLPRfhvx")`): `chflags [-fhvx] [-R [-H | -L | -P]] flags file ...`
    // sets file flags (`schg`, `uchg` make a file immutable, `hidden` hides it): a write of each file's metadata, below it with -R.
    names: ['chflags'],
    options: bsdGetopt('HLPRfhvx', { R: 'recursive' }),
    shadowable: true,
    read: ({ line, name }) => line.operands.slice(1).map((arg) => ({ kind: 'write', arg, recursive: has(line, 'recursive'), by: name, content: false })),
  },
  {
    // srm(1): "securely removes files or directories"; -r/-R recurse. Read as recursive always, like rm -rf.
    names: ['srm'],
    read: ({ args }) => operandsOf(args.slice(1), []).map((arg) => ({ kind: 'remove', arg, recursive: true, by: 'srm' })),
  },
  {
    // ditto(1): "ditto [options] src ... dst_directory" copies hierarchies (merging into dst); -c/-x make or
    // extract an archive, whose last operand is still what it writes. --arch and --bom take a value.
    names: ['ditto'],
    read: ({ args }) => {
      const operands = operandsOf(args.slice(1), ['--arch', '--bom']);
      const destination = operands[operands.length - 1];
      return destination && operands.length >= 2 ? [{ kind: 'write', arg: destination, recursive: true, by: 'ditto' }] : [];
    },
  },
  {
    // open(1) opens files with their application: a `.command` or `.tool` file runs in Terminal, an app
    // (`-a`, `-b`, a `.app` operand) starts; openvt(1) (Debian's `open`) runs its operands as a command.
    // Only web addresses with no option are left to flow.
    names: ['open'],
    read: ({ args, span }) => {
      const rest = args.slice(1);
      if (rest.length > 0 && rest.every((a) => a.text !== null && /^https?:\/\/[^\s]*$/.test(a.text))) return [];
      return [runsCode(span, { source: 'runs-program', via: '`open`', program: rest.map((a) => a.text ?? '…').join(' ') || null })];
    },
  },
  {
    // launchctl(1): load/bootstrap/submit/enable/kickstart run jobs, now or at every login, and unload/bootout/remove stop them.
    names: ['launchctl'],
    read: ({ args, span }) => {
      const sub = args[1]?.text ?? null;
      if (sub !== null && launchctlReads.has(sub)) return [];
      return [runsCode(span, { source: 'runs-program', via: `\`launchctl ${sub ?? '…'}\``, program: 'a launchd job' })];
    },
  },
  {
    // defaults(1): `write`/`import`/`delete`/`rename` change preferences, and some run code later
    // (com.apple.loginwindow LoginHook); `export DOMAIN PATH` writes PATH.
    names: ['defaults'],
    read: ({ args, span }) => {
      const rest = operandsOf(args.slice(1), ['-host']);
      const sub = rest[0]?.text ?? null;
      if (sub !== null && defaultsReads.has(sub)) return [];
      if (sub === 'export' && rest[2]) return rest[2].text === '-' ? [] : [{ kind: 'write', arg: rest[2], by: 'defaults export' }];
      return [runsCode(span, { source: 'runs-program', via: `\`defaults ${sub ?? '…'}\``, program: 'preferences that may hold commands' })];
    },
  },
  {
    // diskutil(8): eraseDisk, eraseVolume, partitionDisk, secureErase, zeroDisk, apfs deleteVolume, … destroy
    // whole volumes: read as a removal of everything (`/`). Only the reading verbs flow.
    names: ['diskutil'],
    read: ({ args }) => {
      const verb = args[1]?.text ?? null;
      const apfsList = verb === 'apfs' && (args[2]?.text === 'list' || args[2]?.text === 'listSnapshots');
      if ((verb !== null && diskutilReads.has(verb)) || apfsList || args.length === 1) return [];
      const everything: Action = { kind: 'remove', arg: derivedArgument(args[1] ?? args[0]!, '/'), recursive: true, by: `diskutil ${verb ?? '…'}` };
      return [everything];
    },
  },
];
