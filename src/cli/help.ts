// What `treeward --help`, `treeward help [COMMAND]` and `treeward COMMAND
// --help` print: usage on stdout, exit 0, as npm, eslint and tsc do. The
// commands and their options are data here; src/cli/arguments.ts reads the
// same table, so an option is described where it is accepted.

import { harnessFormats } from './harness/index.js';

export interface OptionHelp {
  /** As written on the command line: `--shell bash|sh|zsh`. */
  form: string;
  /** One line: what it does and its default. */
  about: string;
}

export interface CommandHelp {
  /** `check [--shell bash|sh|zsh] … [--] COMMAND` */
  synopsis: string;
  /** A sentence or two. */
  about: string;
  options: OptionHelp[];
}

const shell: OptionHelp = {
  form: '--shell bash|sh|zsh',
  about: 'the dialect to read the line in (default: from $SHELL, else bash; hook: the harness\'s shell)',
};
const tree: OptionHelp = {
  form: '--tree DIR',
  about: 'the working tree the line is judged for (check: the current directory; hook: $CLAUDE_PROJECT_DIR, else the request\'s cwd)',
};
const runDir: OptionHelp = { form: '--run-dir DIR', about: 'a directory outside the tree where removals are allowed too (repeatable)' };
const platform: OptionHelp = {
  form: '--platform linux|darwin',
  about: 'whose tools run the line: linux (GNU) or darwin (macOS, BSD) (default: hook: the configuration\'s `platform`, else the platform treeward runs on)',
};
const binSh: OptionHelp = {
  form: '--sh dash|bash',
  about: 'which /bin/sh reads sh lines and every `sh -c`: dash, or bash in POSIX mode (default: hook: the configuration\'s `sh`; '
    + 'then the one /bin/sh leads to on this machine; when it is neither, a line must be clean under both)',
};
const json: OptionHelp = { form: '--json', about: 'print exactly one JSON object' };
const help: OptionHelp = { form: '-h, --help', about: 'print this help' };
const formats = harnessFormats.join(', ');
const project: OptionHelp = { form: '--project', about: "the project's settings (in the current directory) instead of the user's" };
const dryRun: OptionHelp = { form: '--dry-run', about: 'print what would change, and write nothing' };

export const commandHelp: Record<string, CommandHelp> = {
  check: {
    synopsis: 'check [--shell bash|sh|zsh] [--sh dash|bash] [--platform linux|darwin] [--tree DIR] [--cwd DIR] [--run-dir DIR]... [--pack PACK]... [--json] [--log] [--] COMMAND',
    about: 'Judge one command line for a tree: print allow and the line handed back pinned to the tree, or deny, the id, the reason and a caret under the word that caused it. Exit status 0 allow, 1 deny, 2 usage error. COMMAND - reads the line from stdin.',
    options: [
      shell, binSh, platform, tree, { form: '--cwd DIR', about: 'the directory the line would start in, inside the tree (default: the tree)' }, runDir,
      {
        form: '--pack PACK',
        about: 'turn on an opt-in rule pack: git-history refuses git commands that lose work (repeatable; the hook: `packs` in the configuration)',
      },
      json,
      { form: '--log', about: 'write the verdict to the audit log too, as the hook does (see `treeward help log`)' },
      help,
    ],
  },
  hook: {
    synopsis: 'hook [--format HARNESS] [--shell bash|sh|zsh] [--sh dash|bash] [--platform linux|darwin] [--tree DIR] [--run-dir DIR]... [--config FILE]',
    about: 'Answer a coding-agent harness: read its one JSON request on stdin, print its own allow (with the line pinned to the tree where the harness '
      + 'runs a rewritten command), deny, or nothing for a tool that runs no shell code, with the exit status the harness reads.',
    options: [
      { form: '--format HARNESS', about: `the harness's protocol: ${formats} (default: detected from the request)` },
      shell, binSh, platform, tree, runDir,
      { form: '--config FILE', about: 'the configuration file (default: ~/.config/treeward/config.json; one inside the tree is refused)' },
      help,
    ],
  },
  install: {
    synopsis: 'install HOST [--project] [--dry-run]',
    about: `Write treeward's hook into HOST's settings (${formats}): the user's by default, merged into what is there (every other byte kept, `
      + 'a file that does not parse refused, the file as it was kept beside it); installing twice changes nothing. Prints what it changed.',
    options: [project, dryRun, help],
  },
  uninstall: {
    synopsis: 'uninstall HOST [--project] [--dry-run]',
    about: "Remove from HOST's settings what `treeward install HOST` added, and nothing else.",
    options: [project, dryRun, help],
  },
  doctor: {
    synopsis: 'doctor',
    about: 'Check every harness on this machine: treeward\'s hook present and running this treeward, the harness\'s version and its known problems, '
      + 'the code cache (node) or bytecode (Bun) valid for the hook\'s runtime, and the dialect $SHELL implies. '
      + 'One line per check; exit status 1 when something needs fixing.',
    options: [help],
  },
  log: {
    synopsis: 'log [--denies] [--since WHEN] [--tree DIR] [--session ID] [--json] [--follow] [--stats]',
    about: 'Print what the hooks decided, from the audit log ($XDG_STATE_HOME/treeward/log.jsonl, default ~/.local/state/treeward/log.jsonl, '
      + 'and its rotated files, oldest first): one row per verdict (time, verdict, id, tree, and the command, cut to the terminal\'s width), '
      + 'in colour on a terminal unless NO_COLOR is set.',
    options: [
      { form: '--denies', about: 'only the denies' },
      { form: '--since WHEN', about: 'only verdicts since WHEN: a time back from now (30m, 2h, 7d, 1w) or a date (2026-12-01, 2026-12-01T09:30)' },
      { form: '--tree DIR', about: 'only verdicts for the tree DIR, or a tree inside it' },
      { form: '--session ID', about: 'only verdicts of the harness session ID' },
      { form: '--json', about: 'the entries as JSON lines, as the log holds them (with --stats: one object)' },
      { form: '--follow', about: 'keep printing verdicts as they are logged, until interrupted' },
      { form: '--stats', about: 'counts instead of rows: verdicts, allows and denies, denies per id, and verdicts per harness' },
      help,
    ],
  },
  parse: {
    synopsis: 'parse [--shell bash|sh|zsh] [--json] [--] COMMAND',
    about: 'Print how treeward reads a line: its syntax tree, or the parse error and exit status 1. COMMAND - reads the line from stdin.',
    options: [{ ...shell, about: 'the dialect to read the line in (default: bash)' }, { form: '--json', about: 'the tree as JSON: every node with its kind and [start,end] span' }, help],
  },
  help: {
    synopsis: 'help [COMMAND]',
    about: 'Print the usage of treeward, or of one command.',
    options: [],
  },
};

export const commandNames = Object.keys(commandHelp);

function optionLines(options: OptionHelp[]): string {
  const width = Math.max(...options.map((o) => o.form.length));
  return options.map((o) => `  ${o.form.padEnd(width)}  ${o.about}`).join('\n');
}

/** `treeward --help`: every command, one line each. */
export function generalHelp(version: string): string {
  return `treeward ${version}: judges the shell command line a coding agent is about to run, for its working tree

usage:
${commandNames.map((name) => `  treeward ${commandHelp[name]!.synopsis}`).join('\n')}
  treeward --version

Run \`treeward help COMMAND\` or \`treeward COMMAND --help\` for a command's options.
`;
}

/** `treeward help COMMAND`, `treeward COMMAND --help`. */
export function helpOf(name: string): string {
  const command = commandHelp[name]!;
  return `usage: treeward ${command.synopsis}

${command.about}
${command.options.length ? `\noptions:\n${optionLines(command.options)}\n` : ''}`;
}

/** The short pointer a usage error ends with (on stderr). */
export function usageHint(name: string | null): string {
  return name && commandHelp[name] ? `Run \`treeward help ${name}\` for its usage.\n` : 'Run `treeward --help` for usage.\n';
}
