// What git reads besides its own `-c` settings (issue 13 item 4, from
// git-config(1) read whole, git(1) "ENVIRONMENT VARIABLES", git-init(1)
// "TEMPLATE DIRECTORY"): configuration pulled in from files treeward does
// not read (`include.path`, `includeIf.*.path`, GIT_CONFIG_GLOBAL,
// GIT_CONFIG_SYSTEM, GIT_CONFIG, a HOME or XDG_CONFIG_HOME the line gives
// git), where git finds its programs (GIT_EXEC_PATH), hooks a template
// installs (`--template`, GIT_TEMPLATE_DIR, `init.templateDir`), the files
// trace2 writes, and what a work tree git is pointed at receives.

import type { Span } from '../../syntax/ast.js';
import { type Action, type ProgramContext, runsCode } from '../core/actions.js';
import { type Argument, derivedArgument, unfixedArgument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import { isInsideOrEqual } from '../core/path-text.js';

/** Settings git-config(1) documents as commands it runs, beyond those git.ts lists (names in lower case). */
export const moreCommandSettings = [
  /^trailer\..+\.(command|cmd)$/, /^gpg\.ssh\.defaultkeycommand$/, /^core\.gitproxy$/, /^core\.alternaterefscommand$/,
  /^sendemail\.(.+\.)?(smtpserver|tocmd|cccmd|headercmd)$/, /^(browser|man)\..+\.(cmd|path)$/, /^(difftool|mergetool)\..+\.path$/, /^guitool\..+\.cmd$/,
  /^instaweb\.httpd$/, /^remote\..+\.vcs$/,
];

/** Settings that name a file of configuration or hooks git reads: nothing in them is judged. */
const fileSettings = [/^include\.path$/, /^includeif\..+\.path$/, /^init\.templatedir$/];

/** `submodule.NAME.update=!COMMAND` runs COMMAND (git-config(1) "submodule.<name>.update"). */
export function submoduleUpdateCommand(key: string, value: string | null): string | null | undefined {
  if (!/^submodule\..+\.update$/.test(key.toLowerCase())) return undefined;
  if (value === null) return null;
  return value.startsWith('!') ? value.slice(1) : undefined;
}

/** A `-c` setting that pulls in a file treeward does not read, or that trace2 writes (`trace2.eventTarget=/path`). */
export function fileSetting(key: string, value: string | null, arg: Argument, span: Span, dirs: Directories): Action | null {
  const k = key.toLowerCase();
  if (fileSettings.some((re) => re.test(k))) return { kind: 'git-setting', span, setting: key, command: null, problem: { source: 'config-file' }, dirs };
  if (/^trace2\.(normal|perf|event)target$/.test(k)) {
    if (value === null) return { kind: 'write', arg: unfixedArgument(arg, { source: 'option-value' }), by: `git -c ${key}` };
    // a path (absolute) or a socket; `1`, `2`, `true` are stderr
    return value.startsWith('/') ? { kind: 'write', arg: derivedArgument(arg, value), by: `git -c ${key}` } : null;
  }
  return null;
}

/** One setting of a configuration file, as `-c` would give it. */
export interface ConfigEntry {
  key: string;
  value: string;
}

/** Whether a key names a file of configuration git includes (`include.path`, `includeIf.COND.path`). */
export function isIncludeKey(key: string): boolean {
  return /^include\.path$|^includeif\..+\.path$/.test(key.toLowerCase());
}

/**
 * The settings of a configuration file's text, as git-config(1) "CONFIGURATION FILE" writes them:
 * `[section]`, `[section "subsection"]`, `[section.subsection]`, `name = value` or a bare `name`
 * (true), `#` and `;` comments, double quotes and the escapes `\"`, `\\`, `\n`, `\t`, `\b`, and a
 * line ending in `\` continued. Null for text that is not read so (git would refuse it too, or read
 * it otherwise): the file is then not read, and refused as any other.
 */
export function configEntries(text: string): ConfigEntry[] | null {
  const out: ConfigEntry[] = [];
  let section: string | null = null;
  const lines = text.replace(/\\\n/g, '').split('\n');
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([A-Za-z0-9.-]+)\s*(?:"((?:[^"\\]|\\.)*)")?\s*\](.*)$/.exec(line);
    if (header) {
      if (!/^\s*(?:[#;].*)?$/.test(header[3]!)) return null;
      const dot = header[1]!.indexOf('.');
      section = header[2] !== undefined ? `${header[1]!.toLowerCase()}.${header[2].replace(/\\(.)/g, '$1')}`
        : dot > 0 ? `${header[1]!.slice(0, dot).toLowerCase()}.${header[1]!.slice(dot + 1).toLowerCase()}` : header[1]!.toLowerCase();
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (!entry || section === null) return null;
    const value = entry[2] === undefined ? 'true' : configValue(entry[2]);
    if (value === null) return null;
    out.push({ key: `${section}.${entry[1]!.toLowerCase()}`, value });
  }
  return out;
}

/** A value's text: quotes removed, escapes read, a comment outside quotes dropped, blanks around it trimmed; null for an unknown escape or an open quote. */
function configValue(text: string): string | null {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') { quoted = !quoted; continue; }
    if (!quoted && (c === '#' || c === ';')) break;
    if (c === '\\') {
      const escaped = ({ '"': '"', '\\': '\\', n: '\n', t: '\t', b: '\b' } as Record<string, string>)[text[i + 1] ?? ''];
      if (escaped === undefined) return null;
      out += escaped;
      i++;
      continue;
    }
    out += c;
  }
  return quoted ? null : out.trim();
}

/**
 * The settings of a file git includes, when the line wrote it from literal text (issue 13 item 4):
 * read and judged as `-c` settings are; an include inside it, a file the line did not write or wrote
 * with text it does not fix, or text that does not read as configuration gives null (refused as today).
 */
export function includedEntries(file: string | null, ctx: ProgramContext): ConfigEntry[] | null {
  if (file === null) return null;
  const path = file.replace(/^~(?=\/)/, ctx.home);
  const written = ctx.contentOf(path);
  if (!written || written.literal === null) return null;
  return configEntries(written.literal);
}

/** Where a file lies in a git directory that decides what git runs: its config and hooks (gitrepository-layout(5)). */
const repositoryFilePattern = /^(.*)\/(config|config\.worktree|commondir|gitdir|hooks\/[^/]+|info\/attributes)$/;

/**
 * The files the line wrote into a git directory that git, run from `dirs`, may take as its own: the directory
 * itself (`--git-dir`, a bare repository) or one above it (git's discovery walks up from where it runs,
 * setup.c `setup_git_directory_gently`). A `.git` directory is protected already; a bare one the line made
 * (`git init --bare r.git && … > r.git/config && git --git-dir r.git log`) is not, so its settings are read
 * here: a config the line wrote from literal text is judged entry by entry, anything else refused.
 */
export function repositoryFiles(
  ctx: ProgramContext, span: Span, dirs: Directories, judge: (entries: ConfigEntry[]) => Action[],
): Action[] {
  const out: Action[] = [];
  for (const file of ctx.written().files) {
    const [, gitDir, name] = repositoryFilePattern.exec(file.path) ?? [];
    if (!gitDir || !name) continue;
    if (dirs !== null && !dirs.some((d) => isInsideOrEqual(d, gitDir))) continue;
    // a directory with its own `.git` (a work tree: `echo x > config && git log` in the tree) is not the git directory
    if (hasOwnRepository(ctx, gitDir)) continue;
    const entries = name.startsWith('config') && file.literal !== null ? configEntries(file.literal) : null;
    if (entries) out.push(...judge(entries));
    else out.push({ kind: 'git-setting', span, setting: file.path, command: null, problem: { source: 'repository-file' }, dirs });
  }
  return out;
}

/** `dir/.git` is a repository (its HEAD reads) or a gitfile: git's discovery stops there, not at `dir` (no fs: not known, so no). */
function hasOwnRepository(ctx: ProgramContext, dir: string): boolean {
  if (!ctx.readText) return false;
  return typeof ctx.readText(`${dir}/.git/HEAD`) === 'object' || typeof ctx.readText(`${dir}/.git`) === 'object';
}

/**
 * The variables of git's environment that pull in configuration or programs: refused unless they name nothing
 * (`/dev/null`) or a file the line wrote from literal text, whose settings `judge` reads.
 */
export function environmentFiles(
  ctx: ProgramContext, span: Span, dirs: Directories, sub: string | null, judge: (entries: ConfigEntry[]) => Action[],
): Action[] {
  const out: Action[] = [];
  for (const variable of ['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM', 'GIT_CONFIG', 'HOME', 'XDG_CONFIG_HOME']) {
    const value = ctx.environment.get(variable);
    if (value === undefined || value === '/dev/null' || (variable === 'HOME' && value === ctx.home)) continue;
    const entries = variable.startsWith('GIT_CONFIG') ? includedEntries(value, ctx) : null;
    if (entries) {
      out.push(...judge(entries));
      continue;
    }
    out.push({ kind: 'git-setting', span, setting: variable, command: null, problem: { source: 'config-file' }, dirs });
  }
  if (ctx.environment.has('GIT_EXEC_PATH')) {
    out.push(runsCode(span, { source: 'changes-commands', via: '`GIT_EXEC_PATH`', how: 'git --exec-path' }));
  }
  if ((sub === 'init' || sub === 'clone') && ctx.environment.has('GIT_TEMPLATE_DIR')) {
    out.push({ kind: 'git-setting', span, setting: 'GIT_TEMPLATE_DIR', command: null, problem: { source: 'config-file' }, dirs });
  }
  return out;
}

/** `git init|clone --template=DIR`: the hooks DIR holds are installed. */
export function templateOption(subArgs: Argument[], dirs: Directories): Action[] {
  return subArgs.flatMap((a): Action[] => (a.text === '--template' || a.text?.startsWith('--template=') === true
    ? [{ kind: 'git-setting', span: a.word.span, setting: '--template', command: null, problem: { source: 'config-file' }, dirs }] : []));
}

/** Subcommands that write files of the work tree (git-checkout(1), git-reset(1) …): with a work tree given, judged there. */
const workTreeWriters = new Set([
  'checkout', 'switch', 'restore', 'reset', 'stash', 'merge', 'pull', 'cherry-pick', 'revert', 'am', 'apply', 'read-tree', 'checkout-index', 'rebase',
  'sparse-checkout', 'submodule', 'worktree',
]);

/** A work tree placed by `--work-tree`/GIT_WORK_TREE elsewhere than where the line is: a subcommand that writes it writes there, below. */
export function workTreeWrites(sub: Argument, subArgs: Argument[], workTree: Directories | undefined, here: Directories): Action[] {
  const out: Action[] = [];
  if (sub.text === 'checkout-index') {
    for (const a of subArgs) {
      if (a.text?.startsWith('--prefix=')) out.push({ kind: 'write', arg: derivedArgument(a, a.text.slice(9)), recursive: true, dirs: workTree ?? here,
        by: 'git checkout-index --prefix' });
    }
  }
  if (workTree === undefined || sub.text === null || !workTreeWriters.has(sub.text)) return out;
  if (workTree !== null && here !== null && workTree.every((d) => here.includes(d))) return out;
  const args = workTree === null ? [unfixedArgument(sub, { source: 'option-value' })] : workTree.map((d) => derivedArgument(sub, d));
  for (const arg of args) out.push({ kind: 'write', arg, recursive: true, by: `git --work-tree ${sub.text}` });
  return out;
}
