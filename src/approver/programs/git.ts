// git: where it runs (`-C`, `--work-tree`, `GIT_DIR`), the settings and
// variables whose value it runs as a command (dcn-2610161930191632), and the
// subcommands that remove or write files outside git's own repository.

import type { Span } from '../../syntax/ast.js';
import { leadingText } from '../core/words.js';
import { shQuote } from '../core/sh-quote.js';
import type { Directories } from '../core/effects.js';
import { type Argument, derivedArgument, type Listing, unfixedArgument } from '../core/arguments.js';
import { joinPath, trimTrailingSlashes } from '../core/path-text.js';
import { type Action, type Invocation, type ProgramContext, type ProgramRow, runsCode } from '../core/actions.js';
import { listingFilter } from './find.js';
import { gitHistoryActions } from './git-history.js';
import {
  type ConfigEntry, environmentFiles, fileSetting, includedEntries, isIncludeKey, moreCommandSettings, repositoryFiles,
  submoduleUpdateCommand, templateOption, workTreeWrites,
} from './git-config.js';

export const rows: ProgramRow[] = [{ names: ['git'], shadowable: true, makesNames: checksOutFiles, read: (invocation) => readGit(invocation, 0) }];

/**
 * Subcommands that write files of a commit, a patch or a stash into the work tree, under names the repository chose
 * (git-checkout(1) and kin): a file named `-rf` or `--checkpoint-action=exec=…` may stand there afterwards (issue 13
 * item 6). A subcommand the line does not fix, or an alias, may be any of them.
 */
const checkoutSubcommands = new Set([
  'checkout', 'switch', 'pull', 'merge', 'rebase', 'cherry-pick', 'revert', 'am', 'apply', 'stash', 'reset', 'restore', 'clone',
  'worktree', 'read-tree', 'checkout-index', 'submodule', 'bisect', 'sparse-checkout', 'filter-branch', 'mergetool',
]);

/** Subcommands that write no file of the repository's choosing into the work tree (an alias from the user's configuration may). */
const namingNothing = new Set([
  'status', 'log', 'diff', 'show', 'add', 'rm', 'mv', 'commit', 'push', 'fetch', 'branch', 'tag', 'config', 'remote', 'rev-parse', 'rev-list',
  'ls-files', 'ls-tree', 'ls-remote', 'grep', 'blame', 'describe', 'shortlog', 'reflog', 'init', 'gc', 'fsck', 'notes', 'help', 'version',
  'archive', 'format-patch', 'cat-file', 'for-each-ref', 'show-ref', 'symbolic-ref', 'update-index', 'hash-object', 'count-objects', 'prune',
  'clean', 'var', 'check-ignore', 'whatchanged', 'range-diff', 'name-rev', 'merge-base', 'bundle', 'credential', 'maintenance',
]);

const knownSubcommand = (word: string): boolean => namingNothing.has(word);

function checksOutFiles(args: readonly Argument[]): boolean {
  const words = args.slice(1).map((a) => a.text);
  // the subcommand: the first word not an option (a -C/-c value is one word on: both take the next word)
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    if (w === null || w === undefined) return true;
    if (w === '-C' || w === '-c' || w === '--git-dir' || w === '--work-tree' || w === '--namespace') { k++; continue; }
    if (w.startsWith('-')) continue;
    return checkoutSubcommands.has(w) || !knownSubcommand(w);
  }
  return false;
}

/** Settings whose value git runs as a command (names in lower case; `*` is any subsection). */
const commandSettings = [
  /^core\.pager$/, /^pager\.[^.]+$/, /^core\.sshcommand$/, /^core\.editor$/, /^core\.fsmonitor$/, /^core\.askpass$/, /^credential(\..+)?\.helper$/,
  /^diff\.external$/, /^diff\..+\.(command|textconv)$/, /^difftool\..+\.cmd$/, /^mergetool\..+\.cmd$/, /^remote\..+\.(uploadpack|receivepack)$/,
  /^filter\..+\.(clean|smudge|process)$/, /^merge\..+\.driver$/, /^sequence\.editor$/, /^gpg(\..+)?\.program$/, /^sendemail\.(smtpserver|tocmd|cccmd)$/,
  /^uploadpack\.packobjectshook$/, /^protocol\..+\.allow$/,
];

/** `git filter-branch`'s options whose value git runs with sh for each commit. */
const branchFilters = ['--env-filter', '--tree-filter', '--index-filter', '--parent-filter', '--msg-filter', '--commit-filter', '--tag-name-filter'];

/**
 * `git filter-branch --tree-filter CMD …` (issue 16): each filter is a command git runs with sh, judged as a `git -c` value is;
 * a filter given in a form not read here, or `-d` (a scratch directory of its own), is refused.
 */
function filterBranch({ dirs }: { dirs: Directories }, sub: Argument, subArgs: Argument[]): Action[] {
  const out: Action[] = [];
  for (let k = 0; k < subArgs.length; k++) {
    const t = subArgs[k]!.text;
    if (t === '--') break; // the rest are rev-list arguments
    const eq = t?.indexOf('=') ?? -1;
    const name = t !== null && eq > 0 ? t.slice(0, eq) : t;
    if (t === null || name === '-d' || (t.startsWith('--') && branchFilters.some((f) => f !== name && f.startsWith(name!)))) {
      return [runsCode(sub.word.span, { source: 'changes-commands', via: `\`git ${sub.text}\``, how: 'git filter' })];
    }
    if (!branchFilters.includes(name!)) continue;
    const value = eq > 0 ? t.slice(eq + 1) : subArgs[++k]?.text ?? null;
    out.push(settingAction(`git filter-branch ${name}`, value, subArgs[k]?.word.span ?? sub.word.span, dirs));
  }
  return out;
}

/** Variables git (or the pager and editor it starts) runs as commands. */
const commandVariables = [
  'GIT_PAGER',
  'PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'EDITOR',
  'VISUAL',
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_PROXY_COMMAND',
];

function runsCommand(key: string, value: string | null): boolean {
  const k = key.toLowerCase();
  if (k.startsWith('alias.')) return value === null || value.startsWith('!');
  if (k === 'core.hookspath') return true;
  return commandSettings.some((re) => re.test(k)) || moreCommandSettings.some((re) => re.test(k));
}

/** The command a setting's value runs (an alias drops its `!`; a credential helper without one runs `git credential-…`). */
function commandOf(key: string, value: string): string | null {
  const k = key.toLowerCase();
  if (k.startsWith('alias.')) return value.startsWith('!') ? value.slice(1) : null;
  if (k.endsWith('.helper') && !value.startsWith('!')) return value.startsWith('/') ? value : `git credential-${value}`;
  if (k.endsWith('.helper')) return value.slice(1);
  return value;
}

/**
 * git's options before its subcommand (git.c `handle_options`), as treeward
 * reads them: the ones that place git (`-C DIR`, `--git-dir`, `--work-tree`),
 * give a setting (`-c NAME=VALUE`), or take a value treeward does not read.
 * Any other word starting with `-` is a flag; the first other word is the
 * subcommand.
 */
const globalOptions = new Map<string, 'place' | 'place-or-attached' | 'setting' | 'value'>([
  ['-C', 'place'],
  ['--git-dir', 'place-or-attached'],
  ['--work-tree', 'place-or-attached'],
  ['-c', 'setting'],
  ['--exec-path', 'value'],
  ['--namespace', 'value'],
  ['--super-prefix', 'value'],
  ['--list-cmds', 'value'],
]);

/** What git's own options and environment say before its subcommand runs. */
interface GitCall {
  /** Where git runs. */
  dirs: Directories;
  /** `-c` settings. */
  settings: Setting[];
  ctx: ProgramContext;
  span: Span;
  /** Where `--work-tree` or GIT_WORK_TREE put the work tree, when one did. */
  workTree?: Directories;
}

/** The subcommand's own reading: its word, its arguments (and their texts). */
type Subcommand = (git: GitCall, sub: Argument, subArgs: Argument[], texts: (string | null)[]) => Action[];

function readGit({ args, ctx, span }: Pick<Invocation, 'args' | 'ctx' | 'span'>, aliasDepth: number): Action[] {
  const out: Action[] = [];
  const git: GitCall = { dirs: ctx.dirs, settings: [], ctx, span };
  const i = readGlobalOptions(args, git, out);
  if (i === null) return out;
  // GIT_DIR / GIT_WORK_TREE place git too
  for (const variable of ['GIT_WORK_TREE', 'GIT_DIR']) {
    const value = ctx.environment.get(variable);
    if (value !== undefined) place(git, typeof value === 'string' ? value : null);
    if (value !== undefined && variable === 'GIT_WORK_TREE') git.workTree = git.dirs;
  }
  // the settings and variables that run commands
  const sub = args[i];
  for (const setting of git.settings) {
    // an included file the line wrote from literal text: its settings, judged as -c settings are (issue 13 item 4)
    const included = isIncludeKey(setting.key) ? includedEntries(setting.value, ctx) : null;
    if (included) out.push(...entrySettings(included, setting.arg, git.dirs, sub?.text ?? null));
    else {
      const action = commandSetting(setting, setting.arg.word.span, git.dirs);
      if (action) out.push(action);
    }
  }
  out.push(...environmentSettings(git, args[0]!));
  // configuration files the line wrote, judged key by key as `-c` settings are
  const judgeEntries = (entries: ConfigEntry[]): Action[] => entrySettings(entries, args[0]!, git.dirs, sub?.text ?? null);
  out.push(...environmentFiles(ctx, span, git.dirs, sub?.text ?? null, judgeEntries));
  out.push(...repositoryFiles(ctx, span, git.dirs, judgeEntries));
  if (!sub) return out;
  const subArgs = args.slice(i + 1);
  if (sub.text === 'init' || sub.text === 'clone') out.push(...templateOption(subArgs, git.dirs));
  out.push(...workTreeWrites(sub, subArgs, git.workTree, ctx.dirs));
  const alias = git.settings.find((s) => s.key.toLowerCase() === `alias.${sub.text}`);
  if (alias) {
    // a `!` alias's command (or a value the line does not fix) was judged as a setting
    if (alias.value === null || alias.value.startsWith('!')) return out;
    // any other alias is git's own command line: git runs `git WORDS… ARGS…` (git.c handle_alias, split_cmdline)
    const words = splitAliasValue(alias.value);
    if (words === null || aliasDepth >= maxAliasDepth) {
      out.push({ kind: 'git-setting', span: alias.arg.word.span, setting: alias.key, command: null, problem: { source: 'nesting' }, dirs: git.dirs });
      return out;
    }
    const expanded = [...args.slice(0, i), ...words.map((word) => derivedArgument(alias.arg, word)), ...subArgs];
    // the same options and settings again, judged once there, with the alias's words in place of its name
    return readGit({ args: expanded, ctx, span }, aliasDepth + 1);
  }
  const reader = sub.text === null ? undefined : gitSubcommands.get(sub.text);
  if (reader) out.push(...reader(git, sub, subArgs, subArgs.map((a) => a.text)));
  out.push(...gitHistoryActions(sub, subArgs, span));
  return out;
}

/** Aliases of aliases git expands before it gives up (git.c: it refuses a loop; treeward stops at this depth). */
const maxAliasDepth = 8;

/**
 * An alias's value split as git's split_cmdline (alias.c) splits it:
 * at blanks, with single and double quotes and backslash escapes (none in
 * single quotes) removed; null where a quote is left open.
 */
function splitAliasValue(value: string): string[] | null {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let k = 0; k < value.length; k++) {
    const c = value[k]!;
    if (quote === null && /\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      continue;
    }
    word ??= '';
    if (c === '\\' && quote !== "'" && k + 1 < value.length) word += value[++k];
    else if (quote === null && (c === '"' || c === "'")) quote = c;
    else if (c === quote) quote = null;
    else word += c;
  }
  if (quote !== null) return null;
  if (word !== null) words.push(word);
  return words;
}

function place(git: GitCall, target: string | null): void {
  if (target === null) git.dirs = null;
  else if (target.startsWith('/')) git.dirs = [target];
  else git.dirs = git.dirs === null ? null : git.dirs.map((d) => joinPath(d, target));
}

/** git's options up to its subcommand: the subcommand's index, or null where an option is not fixed. */
function readGlobalOptions(args: Argument[], git: GitCall, out: Action[]): number | null {
  let i = 1;
  while (i < args.length) {
    const arg = args[i]!;
    const t = arg.text;
    if (t === null) {
      out.push(runsCode(arg.word.span, { source: 'unfixed', via: '`git`', what: 'git option' }));
      return null;
    }
    const eq = t.indexOf('=');
    const kind = globalOptions.get(t) ?? (eq > 0 && globalOptions.get(t.slice(0, eq)) === 'place-or-attached' ? 'attached' : undefined);
    if (kind === 'place' || kind === 'place-or-attached') {
      place(git, args[i + 1]?.text ?? null);
      if (t === '--work-tree') git.workTree = git.dirs;
      i += 2;
      continue;
    }
    if (kind === 'attached') {
      place(git, t.slice(eq + 1));
      if (t.startsWith('--work-tree=')) git.workTree = git.dirs;
      i++;
      continue;
    }
    if (kind === 'setting') {
      const setting = args[i + 1];
      if (setting) git.settings.push(splitSetting(setting));
      i += 2;
      continue;
    }
    if (kind === 'value') { i += 2; continue; }
    if (t.startsWith('--exec-path=')) {
      out.push(runsCode(arg.word.span, { source: 'changes-commands', via: '`git --exec-path`', how: 'git --exec-path' }));
      i++;
      continue;
    }
    if (t.startsWith('--config-env')) {
      out.push(runsCode(arg.word.span, { source: 'changes-commands', via: '`git --config-env`', how: 'git --config-env' }));
      i += t.includes('=') ? 1 : 2;
      continue;
    }
    if (t.startsWith('-')) { i++; continue; }
    break;
  }
  return i;
}

/** Variables that make git run a command, give it settings treeward does not read, or write a trace. */
function environmentSettings(git: GitCall, first: Argument): Action[] {
  const { ctx, span, dirs } = git;
  const out: Action[] = [];
  for (const variable of commandVariables) {
    const value = ctx.environment.get(variable);
    if (value === undefined) continue;
    out.push(settingAction(variable, typeof value === 'string' ? value : null, span, dirs));
  }
  for (const key of ctx.environment.keys()) {
    if (key === 'GIT_CONFIG_PARAMETERS' || /^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+)$/.test(key)) {
      out.push({ kind: 'git-setting', span, setting: key, command: null, problem: { source: 'unread-settings' }, dirs });
    }
    if (/^GIT_TRACE/.test(key)) {
      const value = ctx.environment.get(key);
      if (typeof value === 'string' && value.startsWith('/')) out.push({ kind: 'write', arg: derivedArgument(first, value), by: key });
      else if (typeof value !== 'string') out.push({ kind: 'write', arg: unfixedArgument(first, { source: 'variable', name: key }), by: key });
    }
  }
  return out;
}

/** The subcommands that remove or write files outside git's repository, or run commands. */
const gitSubcommands = new Map<string, Subcommand>([
  ['clean', clean],
  ['rm', ({ dirs }, _sub, subArgs, texts) => {
    if (texts.includes('--cached')) return [];
    const recursive = texts.some((t) => t === '-r' || (t !== null && /^-[a-zA-Z]*r/.test(t)));
    return afterOptions(subArgs, []).map((target) => ({ kind: 'remove', arg: target, recursive, dirs, by: 'git rm' }));
  }],
  ['mv', ({ dirs }, _sub, subArgs) => {
    const operands = afterOptions(subArgs, []);
    if (operands.length < 2) return [];
    const destination = operands[operands.length - 1]!;
    return [
      { kind: 'write', arg: destination, recursive: true, dirs, by: 'git mv' },
      { kind: 'place', arg: destination, dirs },
      ...operands.slice(0, -1).map((source): Action => ({ kind: 'remove', arg: source, recursive: true, dirs, by: 'git mv' })),
    ];
  }],
  ['worktree', ({ dirs }, _sub, subArgs, texts) => {
    const out: Action[] = [];
    if (texts[0] === 'remove') {
      for (const target of afterOptions(subArgs.slice(1), [])) out.push({ kind: 'remove', arg: target, recursive: true, dirs, by: 'git worktree remove' });
    }
    if (texts[0] === 'add') {
      const operands = afterOptions(subArgs.slice(1), ['-b', '-B', '--reason']);
      if (operands[0]) out.push({ kind: 'write', arg: operands[0], recursive: true, dirs, by: 'git worktree add' });
    }
    return out;
  }],
  ['config', ({ dirs, ctx }, _sub, subArgs) => readGitConfig(subArgs, dirs, ctx)],
  ...['diff', 'log', 'show', 'format-patch', 'archive', 'bundle'].map((name): [string, Subcommand] => [name, outputs]),
  ...['difftool', 'mergetool'].map((name): [string, Subcommand] => [name, ({ dirs }, sub, subArgs) => {
    const out: Action[] = [];
    for (const [k, a] of subArgs.entries()) {
      const t = a.text ?? '';
      if (t === '-x' || t === '--extcmd') out.push(settingAction(`${sub.text} --extcmd`, subArgs[k + 1]?.text ?? null, a.word.span, dirs));
      else if (t.startsWith('--extcmd=')) out.push(settingAction(`${sub.text} --extcmd`, t.slice(9), a.word.span, dirs));
    }
    return out;
  }]),
  ...['fetch', 'pull', 'push', 'clone', 'ls-remote', 'submodule'].map((name): [string, Subcommand] => [name, transport]),
  ['remote', ({ dirs }, _sub, subArgs) => {
    // `git remote add NAME URL`, `git remote set-url NAME URL`: an ext:: URL is a command later fetches run
    const out: Action[] = [];
    for (const a of subArgs) {
      const ext = extUrl(a, 'upload-pack', dirs);
      if (ext) out.push(ext);
    }
    return out;
  }],
  ['rebase', ({ dirs }, _sub, subArgs) => {
    const out: Action[] = [];
    for (const [k, a] of subArgs.entries()) {
      const t = a.text ?? '';
      if (t === '-x' || t === '--exec') out.push(settingAction('git rebase --exec', subArgs[k + 1]?.text ?? null, a.word.span, dirs));
      else if (t.startsWith('--exec=')) out.push(settingAction('git rebase --exec', t.slice(7), a.word.span, dirs));
      // `-i`: the todo list opens in the user's configured editor, as `git commit`'s message does (issue 16); an editor the line
      // sets (GIT_SEQUENCE_EDITOR, `-c sequence.editor=`) is a setting judged as the command it names
    }
    return out;
  }],
  ['bisect', ({ dirs }, _sub, subArgs, texts) => {
    if (texts[0] !== 'run' || subArgs.length <= 1) return [];
    return [{ kind: 'run', argv: subArgs.slice(1), subshell: true, dirs }];
  }],
  ['filter-branch', filterBranch],
  ['filter-repo', (_git, sub) => [runsCode(sub.word.span, { source: 'changes-commands', via: `\`git ${sub.text}\``, how: 'git filter' })]],
]);

/** git clean: what git lists below its pathspecs (never a `.git` directory), narrowed by `-e`; nothing with `-n`. */
function clean({ dirs }: GitCall, sub: Argument, subArgs: Argument[], texts: (string | null)[]): Action[] {
  if (texts.some((t) => t === '-n' || t === '--dry-run' || (t !== null && /^-[a-zA-Z]*n/.test(t)))) return [];
  const pathspecs = afterOptions(subArgs, ['-e', '--exclude']);
  const excludes = subArgs.flatMap((a, k) => {
    if (a.text === '-e' || a.text === '--exclude') return [subArgs[k + 1]?.text ?? ''];
    if (a.text?.startsWith('--exclude=')) return [a.text.slice(10)];
    return a.text?.startsWith('-e') && a.text.length > 2 ? [a.text.slice(2)] : [];
  });
  const prunes = excludes.map((e) => ({ pattern: e, caseless: false, byPath: false })).concat([{ pattern: '.git', caseless: false, byPath: false }]);
  const findFilter = { names: [], paths: [], prunes, maxDepth: null, removesDirectories: texts.some((t) => t !== null && /^-[a-zA-Z]*d/.test(t)) };
  return (pathspecs.length > 0 ? pathspecs : [derivedArgument(sub, '.')]).map((target) => ({
    kind: 'remove', arg: target, recursive: true, belowOnly: true, dirs, by: 'git clean', skipsGitDirectory: true, findFilter,
  }));
}

/** diff, log, show, format-patch, archive, bundle: the files `-o`/`--output` write, and archive's remote commands. */
function outputs({ dirs }: GitCall, sub: Argument, subArgs: Argument[], texts: (string | null)[]): Action[] {
  const out: Action[] = [];
  for (const [k, a] of subArgs.entries()) {
    const t = a.text;
    if (t === null) continue;
    const eq = t.indexOf('=');
    const option = eq > 0 ? t.slice(0, eq) : t;
    // `--ext-diff` and `--textconv` run configured drivers: judged as settings when the line gives them
    if (option === '--output' || option === '-o' || option === '--output-directory') {
      const target = eq > 0 ? derivedArgument(a, t.slice(eq + 1)) : subArgs[k + 1];
      const recursive = option === '--output-directory' || (sub.text === 'format-patch' && option === '-o');
      if (target) out.push({ kind: 'write', arg: target, recursive, dirs, by: `git ${sub.text} ${option}` });
    }
    if (sub.text === 'archive' && (option === '--exec' || option === '--remote')) {
      out.push({ kind: 'git-setting', span: a.word.span, setting: option, command: null, problem: { source: 'remote-command' }, dirs });
    }
  }
  if (sub.text === 'bundle' && texts[0] === 'create' && subArgs[1]) out.push({ kind: 'write', arg: subArgs[1], dirs, by: 'git bundle create' });
  return out;
}

/** fetch, pull, push, clone, ls-remote, submodule: the commands they run on the other side, ext:: URLs, and what clone writes. */
function transport({ dirs }: GitCall, sub: Argument, subArgs: Argument[]): Action[] {
  const out: Action[] = [];
  for (const [k, a] of subArgs.entries()) {
    const t = a.text ?? '';
    if (t === '--upload-pack' || t === '--receive-pack' || t === '--exec' || (t === '-u' && sub.text !== 'push' && sub.text !== 'submodule')) {
      out.push(settingAction(`git ${sub.text} ${t}`, subArgs[k + 1]?.text ?? null, a.word.span, dirs));
    } else if (/^--(upload-pack|receive-pack|exec)=/.test(t)) {
      const eq = t.indexOf('=');
      out.push(settingAction(`git ${sub.text} ${t.slice(0, eq)}`, t.slice(eq + 1), a.word.span, dirs));
    }
    const ext = extUrl(a, sub.text === 'push' ? 'receive-pack' : 'upload-pack', dirs);
    if (ext) out.push(ext);
    if (t === 'foreach' && sub.text === 'submodule') {
      const code = subArgs.slice(k + 1).filter((x) => !(x.text ?? '').startsWith('--'));
      if (code.some((x) => x.text === null)) out.push(runsCode(a.word.span, { source: 'unfixed', via: '`git submodule foreach`', what: 'command' }));
      else if (code.length > 0) out.push({ kind: 'shell-code', code: code.map((x) => x.text!).join(' '), span: a.word.span, dialect: 'sh', dirs: null });
    }
  }
  if (sub.text === 'clone') out.push(...cloneWrites(subArgs, dirs));
  return out;
}

/** git clone's options that take a value (the next word). */
const cloneValued = [
  '-b',
  '--branch',
  '-o',
  '--origin',
  '--depth',
  '-c',
  '--config',
  '--reference',
  '--separate-git-dir',
  '-j',
  '--jobs',
  '--template',
  '-u',
  '--upload-pack',
  '--filter',
];

/** git clone: the directory it makes, and the `-c` settings it writes into the new repository. */
function cloneWrites(subArgs: Argument[], dirs: Directories): Action[] {
  const out: Action[] = [];
  const operands = afterOptions(subArgs, cloneValued);
  const destination = operands[1] ?? (operands[0]?.text ? derivedArgument(operands[0], cloneName(operands[0].text)) : undefined);
  if (destination) out.push({ kind: 'write', arg: destination, recursive: true, dirs, by: 'git clone' });
  for (const [k, a] of subArgs.entries()) {
    if ((a.text !== '-c' && a.text !== '--config') || !subArgs[k + 1]) continue;
    const action = commandSetting(splitSetting(subArgs[k + 1]!), subArgs[k + 1]!.word.span, dirs);
    if (action) out.push(action);
  }
  return out;
}

function settingAction(setting: string, value: string | null, span: Span, dirs: Directories): Action {
  if (value === null) return { kind: 'git-setting', span, setting, command: null, problem: { source: 'unfixed' }, dirs };
  if (setting.toLowerCase() === 'core.hookspath') {
    let hooks: Directories;
    if (value.startsWith('/')) hooks = [value];
    else hooks = dirs === null ? null : dirs.map((d) => joinPath(d, value));
    return { kind: 'git-setting', span, setting, command: null, problem: null, dirs: hooks };
  }
  const command = commandOf(setting, value);
  if (command === null) return { kind: 'git-setting', span, setting, command: 'true', problem: null, dirs };
  return { kind: 'git-setting', span, setting, command, problem: null, dirs };
}

interface Setting {
  key: string;
  value: string | null;
  arg: Argument;
  /** The fixed text the value starts with (all of it when the value is fixed). */
  valueLead: string;
}

/**
 * The settings of a configuration file, each judged as the `-c` setting it would be; an include inside the file is refused
 * (git-config.ts fileSetting), and so is an alias it gives the subcommand, which treeward does not read through.
 */
function entrySettings(entries: readonly ConfigEntry[], at: Argument, dirs: Directories, sub: string | null): Action[] {
  return entries.flatMap((e): Action[] => {
    if (sub !== null && e.key === `alias.${sub.toLowerCase()}` && !e.value.startsWith('!')) {
      return [{ kind: 'git-setting', span: at.word.span, setting: e.key, command: null, problem: { source: 'config-file' }, dirs }];
    }
    const action = commandSetting({ key: e.key, value: e.value, arg: derivedArgument(at, e.value), valueLead: e.value }, at.word.span, dirs);
    return action ? [action] : [];
  });
}

function splitSetting(arg: Argument): Setting {
  const t = arg.text;
  if (t === null) {
    // only the key part might be fixed: read it from the word's leading text
    const lead = leadingText(arg.word).text;
    const eq = lead.indexOf('=');
    return { key: eq >= 0 ? lead.slice(0, eq) : lead || '?', value: null, arg, valueLead: eq >= 0 ? lead.slice(eq + 1) : '' };
  }
  const eq = t.indexOf('=');
  return eq < 0 ? { key: t, value: 'true', arg, valueLead: 'true' } : { key: t.slice(0, eq), value: t.slice(eq + 1), arg, valueLead: t.slice(eq + 1) };
}

/**
 * A setting (`git -c`, `git clone -c`, `git config KEY VALUE`) that makes git
 * run a command: the command-valued keys, and remote URLs that use the ext::
 * transport (`remote.NAME.url`, `remote.NAME.pushurl`, and `url.ext::….insteadOf`
 * rewriting other URLs into one).
 */
function commandSetting(s: Setting, span: Span, dirs: Directories): Action | null {
  const k = s.key.toLowerCase();
  if (/^remote\..+\.(url|pushurl)$/.test(k)) {
    if (!s.valueLead.startsWith('ext::')) return null;
    if (s.value === null) return settingAction(s.key, null, span, dirs);
    return extAction(s.key, s.value.slice(5), k.endsWith('pushurl') ? 'receive-pack' : 'upload-pack', span, dirs);
  }
  if (/^url\.ext::.*\.(insteadof|pushinsteadof)$/.test(k)) {
    const command = s.key.slice(s.key.indexOf('ext::') + 5, s.key.lastIndexOf('.'));
    return extAction(s.key, command, k.endsWith('pushinsteadof') ? 'receive-pack' : 'upload-pack', span, dirs);
  }
  const file = fileSetting(s.key, s.value, s.arg, span, dirs);
  if (file) return file;
  const update = submoduleUpdateCommand(s.key, s.value);
  if (update !== undefined) return settingAction(s.key, update, span, dirs);
  if (!runsCommand(s.key, s.value)) return null;
  return settingAction(s.key, s.value, span, dirs);
}

/**
 * A URL argument using git's ext:: transport (`ext::ssh -p 2222 %S repo`):
 * git-remote-ext runs the command it names. git's default policy refuses
 * ext:: (`protocol.ext.allow` is `never` unless configured), but a user's
 * configuration or the line may allow it, so the command is judged.
 */
function extUrl(arg: Argument, service: string, dirs: Directories): Action | null {
  if (arg.text !== null) return arg.text.startsWith('ext::') ? extAction('ext:: URL', arg.text.slice(5), service, arg.word.span, dirs) : null;
  if (arg.value.kind === 'fixed') return null; // several words (a split parameter): none is read as a URL here
  return leadingText(arg.word).text.startsWith('ext::') ? settingAction('ext:: URL', null, arg.word.span, dirs) : null;
}

function extAction(setting: string, command: string, service: string, span: Span, dirs: Directories): Action | null {
  const argv = extArguments(command, service);
  if (argv === null || argv.length === 0) return null; // git refuses the URL; nothing runs
  return settingAction(setting, argv.map(shQuote).join(' '), span, dirs);
}

/**
 * git-remote-ext's reading of its command (builtin/remote-ext.c): words at
 * unescaped spaces, no shell; `% ` a space, `%%` a percent sign, `%s`/`%S` the
 * service name, an argument starting `%G` or `%V` is not passed. null for a
 * placeholder git refuses.
 */
export function extArguments(command: string, service: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < command.length) {
    let word = '';
    let special = false;
    const start = i;
    while (i < command.length && command[i] !== ' ') {
      const c = command[i]!;
      if (c !== '%') { word += c; i++; continue; }
      const next = command[i + 1];
      if (next === undefined) return null;
      if (next === ' ' || next === '%') word += next;
      else if (next === 's') word += service;
      else if (next === 'S') word += `git-${service}`;
      else if ((next === 'G' || next === 'V') && i === start) special = true;
      else return null;
      i += 2;
    }
    if (i < command.length) i++; // the space
    if (!special) out.push(word);
  }
  return out;
}

/** `git config [scope] key value`: a command-valued key persists a command git runs later. */
function readGitConfig(args: Argument[], dirs: Directories, ctx: ProgramContext): Action[] {
  const out: Action[] = [];
  const texts = args.map((a) => a.text);
  if (texts.some((t) => t === '--get' || t === '--get-all' || t === '--list' || t === '-l' || t === '--get-regexp' || t === 'get' || t === 'list')) return out;
  let i = 0;
  let file: Argument | null = null;
  let global = false;
  while (i < args.length) {
    const t = texts[i];
    if (t === '--global') { global = true; i++; continue; }
    if (t === '--system') { global = true; i++; continue; }
    if (t === '--file' || t === '-f') { file = args[i + 1] ?? null; i += 2; continue; }
    if (t?.startsWith('--file=')) { file = derivedArgument(args[i]!, t.slice(7)); i++; continue; }
    if (t === 'set' || t === 'unset' || t === '--unset' || t === '--add' || t === '--replace-all' || t === '--unset-all') { i++; continue; }
    if (t?.startsWith('-')) { i++; continue; }
    break;
  }
  const key = args[i];
  const value = args[i + 1];
  if (global) out.push({ kind: 'write', arg: derivedArgument(key ?? args[0]!, joinPath(ctx.home, '.gitconfig')), by: 'git config --global' });
  if (file) out.push({ kind: 'write', arg: file, by: 'git config --file' });
  if (key && key.text !== null && value) {
    const action = commandSetting({ key: key.text, value: value.text, arg: value, valueLead: leadingText(value.word).text }, value.word.span, dirs);
    if (action) out.push(action);
  }
  if (key && key.text === null) out.push(runsCode(key.word.span, { source: 'unfixed', via: '`git config`', what: 'key' }));
  return out;
}

function afterOptions(args: Argument[], withValue: string[]): Argument[] {
  const out: Argument[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (!ended && t === '--') { ended = true; continue; }
    if (!ended && t !== null && t.startsWith('-')) {
      if (withValue.includes(t)) i++;
      continue;
    }
    out.push(args[i]!);
  }
  return out;
}

function cloneName(url: string): string {
  const trimmed = trimTrailingSlashes(url).replace(/\.git$/, '');
  return trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf(':')) + 1) || 'repo';
}

/** `git ls-files` as a lister: entries git tracks below its directory, never inside a `.git` directory. */
export function gitLsFilesListing(args: Argument[]): Listing | null {
  let i = 1;
  let start: Argument = derivedArgument(args[0]!, '.');
  // `git -C dir ls-files`: the only global option read here
  while (i < args.length && args[i]!.text !== 'ls-files') {
    if (args[i]!.text === '-C' && args[i + 1]?.text) {
      start = args[i + 1]!;
      i += 2;
      continue;
    }
    return null;
  }
  if (i >= args.length) return null;
  const specs: Argument[] = [];
  let ended = false;
  for (const arg of args.slice(i + 1)) {
    if (arg.text === null) return null;
    if (!ended && arg.text === '--') { ended = true; continue; }
    if (!ended && arg.text.startsWith('-')) {
      if (/^-(x|X)$|^--(exclude|exclude-from|exclude-per-directory|with-tree|format)$/.test(arg.text)) return null; // takes a value
      continue;
    }
    specs.push(arg);
  }
  if (start.text === null) return null;
  const base = start.text;
  const join = (spec: string) => (base === '.' ? spec : `${base}/${spec}`);
  if (specs.some((s) => s.text!.startsWith(':'))) return null; // pathspec magic
  const literal = specs.filter((s) => !/[*?[]/.test(s.text!));
  const globbed = specs.filter((s) => /[*?[]/.test(s.text!));
  if (literal.length > 0 && globbed.length > 0) return null;
  if (globbed.length > 0) {
    return {
      starts: [start],
      // git's pathspec globs match across `/`, as find's -path does
      filters: globbed.map((s) => ({ ...listingFilter([], []), paths: [{ pattern: `./${s.text!.replace(/^\.\//, '')}`, caseless: false }] })),
      recursive: true,
      skipsGitDirectories: true,
      by: 'git ls-files',
      coveredRemoval: false,
    };
  }
  return {
    starts: literal.length > 0 ? literal.map((s) => derivedArgument(s, join(s.text!))) : [start],
    filters: [null],
    recursive: true,
    skipsGitDirectories: true,
    by: 'git ls-files',
    coveredRemoval: false,
  };
}
