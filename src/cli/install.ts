// `treeward install HOST [--project] [--dry-run]` and `treeward uninstall HOST
// [--project] [--dry-run]` (SPEC §1 "Command line", issue 15): the hook
// written into the harness's own settings file, as its adapter's install
// plan says (./harness/install-plan.ts), merged into what is there. Every
// byte the change does not touch stays; a file that does not parse is
// refused, never replaced; the file as it was is kept beside it; installing
// twice changes nothing; uninstalling removes only treeward's own entries:
// the file exactly as it was before, when install's backup of it is there
// and nothing changed since, else treeward's entries alone (the `hooks`
// object or array install made for them stays, empty).

import { chmodSync, constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { childProcess } from './environment.js';
import { describeNative, nativeExecutableOf } from './native.js';
import { type HarnessAdapter } from './harness/adapter.js';
import { adapterFor, harnessFormats, isHarnessFormat } from './harness/index.js';
import { hookScript, type InstallContext, type JsonPlan, type Scope, type TomlPlan } from './harness/install-plan.js';
import { editJsonSettings, type JsonEdit, SettingsShapeError } from './json-settings.js';
import { JsonTextError } from './json-with-lines.js';
import { readTomlTables, TomlTextError, tomlString } from './toml-tables.js';

export interface InstallArguments {
  action: 'install' | 'uninstall';
  host: string | null;
  project: boolean;
  dryRun: boolean;
}

/** What install runs as: the runtime and the bin, so the hook it writes runs this treeward. */
export interface Self {
  /** The runtime that runs the bin; null for the native executable, which is its own program. */
  runtime: string | null;
  /** The bin (`dist/treeward.cjs`), or the native executable. */
  script: string;
}

export interface InstallIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  self: Self;
  /** A stamp for backup names; the clock's by default. */
  now?: () => Date;
}

export interface CommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** A word for sh: as it is when it holds nothing sh reads specially, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * What Bun is told before the bin, in every hook command that runs under Bun:
 * `bun FILE` loads `.env` files and `bunfig.toml` (whose `preload` runs code)
 * from the directory it starts in, which for a hook is the agent's tree, so a
 * file the agent writes there would run inside the hook, or set the variables
 * that name the tree. Seen with Bun 1.4.5: a `preload` in the tree's
 * `bunfig.toml` runs, and `.env` sets variables; with these flags neither.
 */
export const bunHookFlags: readonly string[] = ['--no-env-file', '--config=/dev/null'];

/** Whether a runtime's path is Bun's (its basename names it: `bun`, `bun.exe`). */
export function isBunRuntime(runtime: string): boolean {
  return /bun/.test(basename(runtime));
}

/** The command line a harness runs to reach this treeward for `format`. */
export function hookCommandFor(self: Self, format: string): string {
  const runtime = self.runtime === null ? [] : isBunRuntime(self.runtime) ? [self.runtime, ...bunHookFlags] : [self.runtime];
  return `${[...runtime, self.script].map(shellWord).join(' ')} hook --format ${format}`;
}

/**
 * What the hooks install writes run: the native executable beside the bin
 * when the build made one from the bin's own bundle for this machine (it
 * starts in a fraction of node's time), else the bin under the runtime that
 * ran install; and the sentence that says which, when there is a choice.
 */
export function hookRunner(self: Self): { self: Self; note: string | null } {
  if (self.runtime === null) return { self, note: `the hook runs the native executable ${self.script}` };
  const native = nativeExecutableOf(self.script);
  if (native === null) return { self, note: null };
  if (native.problem !== null) return { self, note: `note: the hook runs ${self.runtime}, not the native executable ${native.path}: ${native.problem}` };
  return { self: { runtime: null, script: native.path }, note: `the hook runs the native executable ${native.path} (${describeNative(native)})` };
}

/** Whether a hook command is one `treeward install` wrote for `format` (any treeward's, wherever it lies). */
export function isTreewardCommand(command: unknown, format: string, scriptPath: string | null): boolean {
  if (typeof command !== 'string') return false;
  if (scriptPath !== null && (command === scriptPath || command === shellWord(scriptPath))) return true;
  return /treeward/.test(command) && new RegExp(`\\bhook --format[ =]${format}(?:\\s|$)`).test(command);
}

/** One file's change: its path, its text before (null: absent) and after (null: removed), and what was done, one sentence each. */
interface FileChange {
  path: string;
  before: string | null;
  after: string | null;
  notes: string[];
  mode?: number;
}

export function runInstall(args: InstallArguments, io: InstallIo): CommandResult {
  const verb = args.action;
  if (args.host === null || !isHarnessFormat(args.host)) {
    const what = args.host === null ? 'missing HOST' : `unknown HOST ${args.host}`;
    return { exitCode: 2, stdout: '', stderr: `treeward: ${what}; the hosts are ${harnessFormats.join(', ')}\nRun \`treeward help ${verb}\` for its usage.\n` };
  }
  const adapter = adapterFor(args.host);
  const scope: Scope = args.project ? 'project' : 'user';
  const runner = hookRunner(io.self);
  const context: InstallContext = {
    home: io.env['HOME'] || '/',
    env: io.env,
    project: io.cwd,
    hookCommand: hookCommandFor(runner.self, adapter.format),
    version: verb === 'install' ? harnessVersion(adapter, io.env) : null,
  };
  const planned = planChanges(adapter, scope, context, verb);
  if (typeof planned === 'string') return { exitCode: 1, stdout: '', stderr: `treeward ${verb} ${adapter.format}: ${planned}\n` };
  const lines = [`treeward ${verb} ${adapter.format} (${adapter.title}, ${scope}${args.dryRun ? ', dry run' : ''}):`];
  for (const change of planned) {
    lines.push(`  ${change.path}`);
    if (change.before === change.after) {
      lines.push(`    unchanged: ${verb === 'install' ? 'treeward\'s hook is already there, as it would be written' : 'it holds no hook of treeward\'s'}`);
      continue;
    }
    for (const note of change.notes) lines.push(`    ${args.dryRun ? '[dry run, not done] ' : ''}${note}`);
    if (!args.dryRun) {
      const backup = writeChange(change, io.now?.() ?? new Date());
      if (backup) lines.push(`    the file as it was: ${backup}`);
    }
  }
  if (args.dryRun) lines.push('  (dry run: nothing was written)');
  if (verb === 'install' && runner.note !== null) lines.push(`  ${runner.note}`);
  if (verb === 'install' && context.version !== null) {
    for (const issue of adapter.install.knownIssues?.(context.version) ?? []) lines.push(`  note: ${issue}`);
  }
  if (verb === 'install' && !args.dryRun) lines.push(...afterInstall(adapter));
  return { exitCode: 0, stdout: lines.join('\n') + '\n', stderr: '' };
}

/** What a person must still do by hand once the file is written. */
function afterInstall(adapter: HarnessAdapter): string[] {
  if (adapter.format === 'codex') return ['  Codex runs a new hook once you trust it: open /hooks in Codex and trust treeward\'s.'];
  if (adapter.format === 'kimi' || adapter.format === 'kiro') return [`  ${adapter.title} reads its hooks at start: restart running sessions.`];
  return [];
}

/** The harness's version from its own `--version`, or null when it cannot be run or does not say. */
export function harnessVersion(adapter: HarnessAdapter, env: Readonly<Record<string, string | undefined>>): string | null {
  const command = adapter.install.versionCommand;
  if (!command) return null;
  try {
    const run = childProcess().spawnSync(command[0]!, command.slice(1), { env: env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 5000 });
    const version = /\d+\.\d+\.\d+/.exec(`${run.stdout ?? ''}`);
    return run.status === 0 && version ? version[0] : null;
  } catch {
    return null;
  }
}

/** Every file's change, or why none can be made (a file that does not parse: then nothing is written). */
function planChanges(adapter: HarnessAdapter, scope: Scope, context: InstallContext, verb: 'install' | 'uninstall'): FileChange[] | string {
  const plan = adapter.install;
  const targets = plan.targets(scope, context);
  if (!Array.isArray(targets)) return targets.error;
  const changes: FileChange[] = [];
  for (const path of targets) {
    const before = readText(path);
    if (typeof before === 'object' && before !== null) return before.error;
    let made: FileChange[] | FileChange | string;
    if (plan.kind === 'json') made = jsonChanges(adapter, plan, scope, context, path, before, verb);
    else if (plan.kind === 'toml') made = tomlChange(adapter, plan, context, path, before, verb);
    else made = scriptChange(adapter.format, path, before, context.hookCommand, verb);
    if (typeof made === 'string') return made;
    const list = Array.isArray(made) ? made : [made];
    if (verb === 'uninstall' && plan.kind !== 'script') {
      const settings = list.find((change) => change.path === path)!;
      const restored = backupInstalledFrom(path, before, (text) => {
        const installed = plan.kind === 'json'
          ? jsonChanges(adapter, plan, scope, context, path, text, 'install') : tomlChange(adapter, plan, context, path, text, 'install');
        return typeof installed === 'string' ? null : (Array.isArray(installed) ? installed : [installed]).find((change) => change.path === path)!.after;
      });
      if (restored !== null) {
        settings.after = restored.text;
        settings.notes = [restored.backup === null
          ? `removed the file \`treeward install ${adapter.format}\` made: nothing else changed in it since`
          : `restored the file as it was before \`treeward install ${adapter.format}\` (${restored.backup}): nothing else changed since`];
      }
    }
    changes.push(...list);
  }
  return changes;
}

/**
 * The newest backup of `path` that install turned into exactly the text the
 * file holds now (or no file at all, when install made it), read back:
 * uninstall then restores it byte for byte. Null when there is none (the file
 * changed since, or was not installed into).
 */
function backupInstalledFrom(
  path: string, now: string | null, install: (text: string | null) => string | null,
): { text: string | null; backup: string | null } | null {
  if (now === null) return null;
  // the file install made where there was none
  if (install(null) === now) return { text: null, backup: null };
  let names: string[];
  try {
    names = readdirSync(dirname(path)).filter((name) => name.startsWith(`${basename(path)}.treeward-backup-`)).sort().reverse();
  } catch {
    return null;
  }
  for (const name of names) {
    const backup = join(dirname(path), name);
    const text = readTextOrNull(backup);
    if (text !== null && install(text) === now) return { text, backup };
  }
  return null;
}

function readText(path: string): string | null | { error: string } {
  try {
    if (!existsSync(path)) return null;
    if (!statSync(path).isFile()) return { error: `${path} is not a file` };
    return readFileSync(path, 'utf8');
  } catch (error) {
    return { error: `${path} cannot be read (${(error as { code?: string }).code ?? 'error'})` };
  }
}

/** The settings file's change, and the script's where the plan has one (Augment's). */
function jsonChanges(
  adapter: HarnessAdapter, plan: JsonPlan, scope: Scope, context: InstallContext, path: string, before: string | null, verb: 'install' | 'uninstall',
): FileChange[] | string {
  const scriptPath = plan.script ? plan.script(scope, context) : null;
  const entryContext = scriptPath === null ? context : { ...context, hookCommand: shellWord(scriptPath) };
  const edit: JsonEdit = {
    comments: plan.comments,
    root: plan.root ?? {},
    entries: plan.entries(entryContext),
    commandKey: plan.commandKey,
    isOurs: (command) => isTreewardCommand(command, adapter.format, scriptPath),
  };
  let edited: { text: string | null; notes: string[] };
  try {
    edited = editJsonSettings(before, edit, verb);
  } catch (error) {
    if (error instanceof JsonTextError) {
      return `${path} does not parse as ${plan.comments ? 'JSON with comments' : 'JSON'} (line ${error.line}: ${error.message}); it was left untouched`;
    }
    if (error instanceof SettingsShapeError) return `${path}: ${error.message}; it was left untouched`;
    throw error;
  }
  const settings: FileChange = { path, before, after: edited.text, notes: edited.notes };
  if (scriptPath === null) return [settings];
  const script = scriptChange(adapter.format, scriptPath, readTextOrNull(scriptPath), context.hookCommand, verb);
  if (typeof script === 'string') return script;
  // the script exists before the settings name it, and goes after they stop naming it
  return verb === 'install' ? [script, settings] : [settings, script];
}

function readTextOrNull(path: string): string | null {
  const text = readText(path);
  return typeof text === 'string' ? text : null;
}

function tomlChange(
  adapter: HarnessAdapter, plan: TomlPlan, context: InstallContext, path: string, before: string | null, verb: 'install' | 'uninstall',
): FileChange | string {
  const text = before ?? '';
  let tables;
  try {
    tables = readTomlTables(text);
  } catch (error) {
    if (error instanceof TomlTextError) return `${path} does not parse as TOML (line ${error.line}: ${error.message}); it was left untouched`;
    throw error;
  }
  if (tables.rootKeys.includes('hooks')) {
    return `${path} sets \`hooks\` inline at its top; add treeward's hook to it by hand (see the README), or turn it into [[hooks]] tables`;
  }
  const ours = tables.tables.filter((table) => table.name === 'hooks' && table.arrayElement
    && isTreewardCommand(table.values.get('command'), adapter.format, null));
  const wanted = plan.table(context);
  const tableText = `[[hooks]]\n${wanted.map(([key, value]) => `${key} = ${typeof value === 'number' ? value : tomlString(value)}`).join('\n')}\n`;
  let after = text;
  const notes: string[] = [];
  for (const table of [...ours].reverse()) {
    const same = verb === 'install' && table === ours[0] && table.values.size === wanted.length
      && wanted.every(([key, value]) => table.values.get(key) === value);
    if (same) continue;
    after = after.slice(0, table.start) + (verb === 'install' && table === ours[0] ? tableText : '') + after.slice(table.end);
    notes.push(verb === 'install' && table === ours[0] ? 'replaced treeward\'s [[hooks]] table' : 'removed treeward\'s [[hooks]] table');
  }
  if (verb === 'install' && ours.length === 0) {
    const gap = after === '' ? '' : after.endsWith('\n\n') ? '' : after.endsWith('\n') ? '\n' : '\n\n';
    after = `${after}${gap}${tableText}`;
    notes.push(`added a [[hooks]] table: ${wanted.map(([key, value]) => `${key} = ${JSON.stringify(value)}`).join(', ')}`);
  }
  if (verb === 'uninstall' && notes.length > 0) after = after.replace(/\n+$/, after.trim() === '' ? '' : '\n');
  return { path, before, after: before === null && after === '' ? null : after, notes };
}

const scriptMark = (host: string) => `# treeward: written by \`treeward install ${host}\``;

function scriptChange(host: string, path: string, before: string | null, hookCommand: string, verb: 'install' | 'uninstall'): FileChange | string {
  const ours = before !== null && before.includes(scriptMark(host));
  if (before !== null && !ours) {
    return verb === 'install'
      ? `${path} exists and is not treeward's; the harness runs one file of that name, so treeward leaves it: `
        + `add \`exec ${hookCommand}\` to it by hand, or move it`
      : `${path} is not treeward's; it was left untouched`;
  }
  if (verb === 'uninstall') return { path, before, after: null, notes: before === null ? [] : ['removed treeward\'s hook script'] };
  const text = hookScript(hookCommand, host);
  return { path, before, after: text, notes: before === null ? ['wrote the hook script'] : ['rewrote the hook script'], mode: 0o755 };
}

/** Writes a change through a temporary file and a rename; returns the backup's path, when the file existed. */
function writeChange(change: FileChange, now: Date): string | null {
  let backup: string | null = null;
  if (change.before !== null) {
    const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    // a name no earlier backup has: two changes in one second keep both
    for (let n = 1; backup === null; n++) {
      const name = `${change.path}.treeward-backup-${stamp}${n > 1 ? `-${n}` : ''}`;
      try {
        copyFileSync(change.path, name, constants.COPYFILE_EXCL);
        backup = name;
      } catch (error) {
        if ((error as { code?: string }).code !== 'EEXIST') throw error;
      }
    }
  }
  if (change.after === null) {
    rmSync(change.path, { force: true });
    return backup;
  }
  mkdirSync(dirname(change.path), { recursive: true });
  const mode = change.mode ?? (change.before !== null ? statSync(change.path).mode & 0o777 : 0o644);
  const temporary = `${change.path}.treeward-${process.pid}`;
  writeFileSync(temporary, change.after, { mode });
  chmodSync(temporary, mode);
  renameSync(temporary, change.path);
  return backup;
}
