// The tree's own scripts (issue 17; SPEC §3 "The tree's own scripts"): `npm
// run X` and kin run `scripts.X` of the package.json where they run, which an
// agent can change with its file tool, where no shell hook sees it. Read that
// file (through the fs seam, within its size budget) and judge each script as
// the manager runs it: `sh -c SCRIPT` (or the `script-shell` of the
// configuration), in the package's directory, with the arguments npm appends.
//
// What npm does, from its source (npm 11: lib/commands/run.js, install.js,
// ci.js, lib/utils/cmd-list.js; @npmcli/run-script; @npmcli/promise-spawn):
// - the command word may be an alias or a unique prefix (`npm tst`, `npm urn`,
//   `npm run-s`); `test`, `start`, `stop`, `restart` are `run` of that event;
// - `preX` and `postX` run around X unless `--ignore-scripts`; only X gets
//   the arguments, each quoted by promise-spawn's `escape.sh`;
// - a missing `restart` is `npm stop --if-present && npm start`; a missing
//   `start` is `node server.js`; another missing script runs nothing;
// - `npm install` with no package operands and `npm ci` run the root's
//   preinstall, install, postinstall, prepublish, preprepare, prepare,
//   postprepare (not with `-g` or `--ignore-scripts`).
// pnpm runs pre/post scripts only with `enable-pre-post-scripts`
// (https://pnpm.io/cli/run#enable-pre-post-scripts, pnpm/pnpm#2891), yarn 2+
// never (https://yarnpkg.com/advanced/lifecycle-scripts), yarn 1 does, as npm
// (https://docs.npmjs.com/cli/v11/using-npm/scripts): treeward judges them
// for every manager, since the settings and versions that decide it are not
// all read, and judging more only refuses more.
// A missing script under `pnpm X`/`yarn X` runs X as a program, as they do.

import type { Span } from '../../syntax/ast.js';
import { type Action, type ProgramContext, runsCode } from '../core/actions.js';
import { type Argument, derivedArgument } from '../core/arguments.js';
import type { PackageScriptProblem } from '../core/facts.js';
import { baseName, joinPath, normalizeLexically } from '../core/path-text.js';
import type { DialectName } from '../../syntax/dialect.js';

/** One script the manager is asked to run: its event name, the arguments it appends, and what runs when it is missing. */
export interface ScriptEvent {
  name: string;
  /** The word that names it (or the manager's subcommand), for a missing script run as a program. */
  word: Argument;
  args: Argument[];
  /** Run `preNAME` and `postNAME` around it. */
  prePost: boolean;
  /** When package.json has no such script: nothing, or this shell text (npm's own fallbacks), or the name run as a program. */
  missing: 'nothing' | 'as-program' | { code: string };
}

export interface ScriptRequest {
  /** The manager as the line names it, for the sentences (`npm run`, `pnpm`). */
  via: string;
  events: ScriptEvent[];
  /** Workspaces the line names (`-w DIR`, `--filter X`): read only when one names a directory holding a package.json; `'all'`: every workspace. */
  workspaces: (Argument | 'all')[];
  /** Where the manager runs instead of the current directory (`--prefix DIR`, `-C DIR`, `--cwd DIR`). */
  directory: Argument | null;
  /** `--script-shell X` on the command line. */
  scriptShell: Argument | null;
  span: Span;
  /** What makes the scripts unknown before any file is read (the script's name is not fixed). */
  problem?: PackageScriptProblem;
}

type Problem = { why: PackageScriptProblem; file?: string };

/** The actions of the scripts a manager runs: each script as sh (or its script-shell) code in the package's directory. */
export function packageScripts(request: ScriptRequest, ctx: ProgramContext): Action[] {
  const refuse = (problem: Problem): Action[] => [runsCode(request.span, { source: 'package-script', via: request.via, ...problem })];
  if (request.problem) return refuse({ why: request.problem });
  const starts = startDirectories(request, ctx);
  if (starts === null) return refuse({ why: 'directory' });
  let dirs = starts;
  if (request.workspaces.length > 0) {
    const found = starts.map((start) => workspaceDirectories(request.workspaces, start, ctx));
    if (found.some((f) => f === null)) return refuse({ why: 'workspace' });
    dirs = found.flatMap((f) => f ?? []);
  }
  const out: Action[] = [];
  for (const dir of dirs) {
    const pkg = findPackage(dir, ctx);
    if (pkg === null) continue; // no package.json up to `/`: the manager runs nothing
    if ('why' in pkg) return refuse(pkg);
    const shell = scriptShell(request, pkg.root, ctx);
    if ('why' in shell) return refuse(shell);
    const actions = eventActions(request, pkg, shell.dialect);
    if ('why' in actions) return refuse(actions);
    out.push(...actions);
  }
  return out;
}

/**
 * The directories the manager may start from, one for each the line may be
 * in (`[ -d web ] && cd web; npm test` runs the scripts of either), or null
 * where the line leaves it unknown.
 */
function startDirectories(request: ScriptRequest, ctx: ProgramContext): string[] | null {
  const dirs = ctx.dirs === null ? null : [...new Set(ctx.dirs)];
  if (dirs === null || dirs.length === 0) return null;
  if (request.directory === null) return dirs;
  const text = request.directory.text;
  if (text === null) return null;
  return [...new Set(dirs.map((base) => normalizeLexically(text.startsWith('/') ? text : joinPath(base, text))))];
}

/** Directories the workspaces name that hold a package.json; null when one of them cannot be found that way. */
function workspaceDirectories(workspaces: readonly (Argument | 'all')[], start: string, ctx: ProgramContext): string[] | null {
  const out: string[] = [];
  for (const w of workspaces) {
    if (w === 'all' || w.text === null) return null;
    const dir = normalizeLexically(w.text.startsWith('/') ? w.text : joinPath(start, w.text));
    const read = ctx.readText?.(joinPath(dir, 'package.json'));
    if (read === undefined || typeof read !== 'object') return null;
    out.push(dir);
  }
  return out;
}

interface Package {
  root: string;
  file: string;
  scripts: Record<string, unknown>;
}

/** The nearest package.json from `dir` up, as npm finds its prefix; null when there is none. */
function findPackage(dir: string, ctx: ProgramContext): Package | Problem | null {
  for (let at = dir; ; at = parentOf(at)) {
    const file = joinPath(at, 'package.json');
    if (ctx.contentOf(file)) return { why: 'written', file };
    const read = ctx.readText ? ctx.readText(file) : 'unreadable';
    if (read === 'unreadable') return { why: 'unreadable', file };
    if (read !== 'absent') {
      // an empty file is no package to any manager: it stops without running a script
      if (read.text.trim() === '') return { root: at, file, scripts: {} };
      const json = parsedJson(read.text);
      if (!isRecord(json)) return { why: 'not-json', file };
      return { root: at, file, scripts: isRecord(json['scripts']) ? json['scripts'] : {} };
    }
    if (at === '/') return null;
  }
}

/** The last package.json text parsed, and what it parsed to (undefined: not JSON); read only. */
let lastParsed: { text: string; json: unknown } | null = null;

/**
 * A package.json's text as JSON (undefined when it is not JSON). The text is read at every verdict, but a
 * process judging line after line in one tree meets the same text again: it is parsed again only when it
 * differs (issue 18 item 3). Keyed by the whole text, so never stale.
 */
function parsedJson(text: string): unknown {
  if (lastParsed?.text === text) return lastParsed.json;
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    json = undefined;
  }
  lastParsed = { text, json };
  return json;
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shells whose scripts treeward reads, by the last component of `script-shell`. */
const readShells: Record<string, DialectName> = { sh: 'sh', dash: 'sh', bash: 'bash', zsh: 'zsh' };

/**
 * The shell scripts run in: `--script-shell`, else `npm_config_script_shell`
 * (any case) from the line or its environment, else the project's `.npmrc`,
 * else the user's `~/.npmrc` (the global npmrc is not read); default sh.
 */
function scriptShell(request: ScriptRequest, root: string, ctx: ProgramContext): { dialect: DialectName } | Problem {
  let value: string | null | undefined;
  let file = '--script-shell';
  if (request.scriptShell) value = request.scriptShell.text;
  if (value === undefined) {
    for (const [name, v] of [...ctx.environment, ...Object.entries(ctx.env)]) {
      if (name.toLowerCase() === 'npm_config_script_shell' && v !== undefined) {
        value = v;
        file = name;
        break;
      }
    }
  }
  for (const npmrc of [joinPath(root, '.npmrc'), joinPath(ctx.home, '.npmrc')]) {
    if (value !== undefined) break;
    if (ctx.contentOf(npmrc)) return { why: 'written', file: npmrc };
    const read = ctx.readText ? ctx.readText(npmrc) : 'unreadable';
    if (read === 'unreadable') return { why: 'unreadable', file: npmrc };
    if (read === 'absent') continue;
    const line = read.text.split(/\r?\n/).reverse().find((l) => /^\s*script[-_]shell\s*=/i.test(l));
    if (line !== undefined) {
      value = line.slice(line.indexOf('=') + 1).trim().replace(/^(["'])(.*)\1$/, '$2');
      file = npmrc;
    }
  }
  if (value === undefined || value === '') return { dialect: 'sh' };
  const dialect = value === null || value.includes('$') ? undefined : readShells[baseName(value)];
  return dialect ? { dialect } : { why: 'shell', file };
}

/** Each event's script (with its pre and post scripts) as code run in the package's directory. */
function eventActions(request: ScriptRequest, pkg: Package, dialect: DialectName): Action[] | Problem {
  const out: Action[] = [];
  const code = (text: string): Action => ({ kind: 'shell-code', code: text, span: request.span, dialect, dirs: [pkg.root], subshell: true });
  const script = (name: string): string | null | Problem => {
    if (!Object.hasOwn(pkg.scripts, name)) return null;
    const value = pkg.scripts[name];
    return typeof value === 'string' ? value : { why: 'not-text', file: pkg.file };
  };
  for (const event of request.events) {
    const main = script(event.name);
    if (main !== null && typeof main === 'object') return main;
    if (main === null || main === '') {
      // npm's own fallbacks run without pre and post scripts of their own; an empty script runs nothing
      if (main === '' || event.missing === 'nothing') continue;
      if (event.missing === 'as-program') {
        out.push({ kind: 'run', argv: [derivedArgument(event.word, event.name), ...event.args], dirs: [pkg.root] });
        continue;
      }
      out.push(code(event.missing.code));
      continue;
    }
    const args = event.args.map((a) => a.text);
    if (args.some((a) => a === null)) return { why: 'arguments' };
    const pre = event.prePost ? script(`pre${event.name}`) : null;
    const post = event.prePost ? script(`post${event.name}`) : null;
    for (const part of [pre, post]) if (part !== null && typeof part === 'object') return part;
    if (typeof pre === 'string' && pre !== '') out.push(code(pre));
    out.push(code([main, ...(args as string[]).map(npmShQuote)].join(' ')));
    if (typeof post === 'string' && post !== '') out.push(code(post));
  }
  return out;
}

/** An argument as @npmcli/promise-spawn's `escape.sh` quotes it for `sh -c`. */
export function npmShQuote(input: string): string {
  if (input.length === 0) return `''`;
  if (!/[\t\n\r "#$&'()*;<>?\\`|~]/.test(input)) return input;
  return `'${input.replace(/'/g, `'\\''`)}'`.replace(/^(?:'')+(?!$)/, '').replace(/\\'''/g, `\\'`);
}

// ------------------------------------------------------------------ npm's command line

/** npm 11's commands (lib/utils/cmd-list.js), which its command word may abbreviate. */
const npmCommands = [
  'access', 'adduser', 'approve-scripts', 'audit', 'bugs', 'cache', 'ci', 'completion', 'config', 'dedupe', 'deny-scripts', 'deprecate', 'diff', 'dist-tag',
  'docs', 'doctor', 'edit', 'exec', 'explain', 'explore', 'find-dupes', 'fund', 'get', 'help', 'help-search', 'init', 'install', 'install-ci-test',
  'install-scripts', 'install-test', 'link', 'll', 'login', 'logout', 'ls', 'org', 'outdated', 'owner', 'pack', 'ping', 'pkg', 'prefix', 'profile', 'prune',
  'publish', 'query', 'rebuild', 'repo', 'restart', 'root', 'run', 'sbom', 'search', 'set', 'shrinkwrap', 'stage', 'star', 'stars', 'start', 'stop', 'team',
  'test', 'token', 'trust', 'undeprecate', 'uninstall', 'unpublish', 'unstar', 'update', 'version', 'view', 'whoami',
];

/** npm's aliases (the same file), each to the command it stands for. */
const npmAliases: Record<string, string> = {
  author: 'owner', home: 'docs', issues: 'bugs', info: 'view', show: 'view', find: 'search', add: 'install', unlink: 'uninstall', remove: 'uninstall',
  rm: 'uninstall', r: 'uninstall', un: 'uninstall', rb: 'rebuild', list: 'ls', ln: 'link', create: 'init', i: 'install', it: 'install-test',
  cit: 'install-ci-test', u: 'update', up: 'update', c: 'config', s: 'search', se: 'search', tst: 'test', t: 'test', ddp: 'dedupe', v: 'view',
  'run-script': 'run', 'clean-install': 'ci', 'clean-install-test': 'install-ci-test', x: 'exec', why: 'explain', la: 'll', verison: 'version', ic: 'ci',
  innit: 'init', in: 'install', ins: 'install', inst: 'install', insta: 'install', instal: 'install', isnt: 'install', isnta: 'install', isntal: 'install',
  isntall: 'install', 'install-clean': 'ci', 'isntall-clean': 'ci', hlep: 'help', 'dist-tags': 'dist-tag', upgrade: 'update', udpate: 'update', rum: 'run',
  sit: 'install-ci-test', urn: 'run', ogr: 'org', 'add-user': 'adduser',
};

/** The command npm runs for its command word: an alias, a command, or a unique prefix of one of them (`abbrev`), else null. */
export function npmCommand(word: string): string | null {
  const deref = (name: string) => npmAliases[name] ?? name;
  if (Object.hasOwn(npmAliases, word) || npmCommands.includes(word)) return deref(word);
  const matches = [...npmCommands, ...Object.keys(npmAliases)].filter((name) => name.startsWith(word));
  return matches.length === 1 ? deref(matches[0]!) : null;
}

/** npm options that take the next word as their value (the others read as flags, as nopt reads an unknown one). */
const npmValueOptions = new Set([
  '-w', '--workspace', '--prefix', '-C', '--script-shell', '--userconfig', '--globalconfig', '--cache', '--registry', '--loglevel', '--tag', '--otp',
  '--scope', '--include', '--omit', '--install-strategy', '--location', '--before', '--access', '--auth-type', '--call', '-c', '--package', '--node-options',
  '--shell', '--editor', '--browser',
]);

const lifecycle = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare'];

/** What npm's own scripts-running commands ask for (`run`, `test`, `start`, `stop`, `restart`, `install`, `ci`, `pack`, …); null for any other command. */
export function npmScriptRequest(args: readonly Argument[], span: Span): ScriptRequest | null {
  const positional: Argument[] = [];
  const request: ScriptRequest = { via: 'npm', events: [], workspaces: [], directory: null, scriptShell: null, span };
  let ignoreScripts = false;
  let global = false;
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    const t = a.text;
    if (t === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (t === null || !t.startsWith('-') || t === '-') {
      positional.push(a);
      continue;
    }
    const eq = t.indexOf('=');
    const name = eq > 0 ? t.slice(0, eq) : t;
    const valueOf = (): Argument | null => (eq > 0 ? derivedArgument(a, t.slice(eq + 1)) : (args[++i] ?? null));
    const value = npmValueOptions.has(name) ? valueOf() : null;
    const flag = eq > 0 ? !/^(false|0|)$/i.test(t.slice(eq + 1)) : true;
    if (name === '-w' || name === '--workspace') request.workspaces.push(value ?? 'all');
    else if (name === '-ws' || name === '--workspaces' || name === '--ws') { if (flag) request.workspaces.push('all'); }
    else if (name === '--prefix' || name === '-C') request.directory = value;
    else if (name === '--script-shell') request.scriptShell = value;
    else if (name === '--ignore-scripts') ignoreScripts = flag;
    else if (name === '-g' || name === '--global') global = flag;
    else if (name === '--location' && value?.text === 'global') global = true;
  }
  const [first, ...rest] = positional;
  const command = first?.text ? npmCommand(first.text) : null;
  if (!first || command === null) return null;
  const run = (name: string, word: Argument, eventArgs: Argument[]): ScriptEvent => ({
    name, word, args: eventArgs, prePost: !ignoreScripts,
    missing: name === 'start' ? { code: 'node server.js' } : name === 'restart' ? { code: 'npm stop --if-present && npm start' } : 'nothing',
  });
  const explicit = (names: readonly string[]): ScriptEvent[] =>
    (ignoreScripts ? [] : names.map((name) => ({ name, word: first, args: [], prePost: false, missing: 'nothing' as const })));
  switch (command) {
    case 'run':
      if (!rest[0]) return null;
      if (rest[0].text === null) return { ...request, via: 'npm run', problem: 'name' };
      request.events = [run(rest[0].text, rest[0], rest.slice(1))];
      break;
    case 'test': case 'start': case 'stop': case 'restart':
      request.events = [run(command, first, rest)];
      break;
    case 'install': case 'install-test':
      if (global || rest.length > 0) return null;
      request.events = [...explicit(lifecycle), ...(command === 'install-test' ? [run('test', first, [])] : [])];
      break;
    case 'ci': case 'install-ci-test':
      request.events = [...explicit(lifecycle), ...(command === 'install-ci-test' ? [run('test', first, [])] : [])];
      break;
    case 'pack':
      if (rest.length > 0) return null;
      request.events = explicit(['prepack', 'prepare', 'postpack']);
      break;
    case 'publish':
      if (rest.length > 0) return null;
      request.events = explicit(['prepublishOnly', 'prepack', 'prepare', 'postpack', 'publish', 'postpublish']);
      break;
    case 'version':
      request.events = explicit(['preversion', 'version', 'postversion']);
      break;
    default:
      return null;
  }
  request.via = `npm ${command}`;
  return request;
}

// ------------------------------------------------------------------ pnpm, yarn and bun

/** pnpm's own commands (pnpm 9/10): any other first word is a script, else a program (`pnpm eslint` is `pnpm exec eslint`). */
const pnpmCommands = new Set([
  'add', 'approve-builds', 'audit', 'bin', 'c', 'cat-file', 'cat-index', 'config', 'create', 'dedupe', 'deploy', 'dlx', 'doctor', 'env', 'exec', 'fetch',
  'find-hash', 'i', 'ignored-builds', 'import', 'init', 'install', 'install-test', 'it', 'licenses', 'link', 'list', 'ln', 'ls', 'm', 'multi', 'outdated',
  'pack', 'patch', 'patch-commit', 'patch-remove', 'prune', 'publish', 'rb', 'rebuild', 'recursive', 'remove', 'rm', 'root', 'run', 'run-script',
  'self-update', 'server', 'setup', 'store', 'un', 'uninstall', 'unlink', 'up', 'update', 'upgrade', 'why', 'help', 'ci', 'add',
]);

/** yarn's own commands (1.x and 2+): any other first word is a script, else a binary of the project (`yarn run X`). */
const yarnCommands = new Set([
  'add', 'audit', 'autoclean', 'bin', 'cache', 'check', 'config', 'constraints', 'create', 'dedupe', 'dlx', 'exec', 'explain', 'generate-lock-entry',
  'global', 'help', 'import', 'info', 'init', 'install', 'licenses', 'link', 'list', 'login', 'logout', 'node', 'npm', 'outdated', 'owner', 'pack', 'patch',
  'patch-commit', 'plugin', 'policies', 'publish', 'rebuild', 'remove', 'run', 'search', 'set', 'stage', 'tag', 'team', 'unlink', 'unplug', 'up', 'upgrade',
  'upgrade-interactive', 'version', 'versions', 'why', 'workspace', 'workspaces',
]);

/** pnpm's options before its command that take a value. */
const pnpmValueOptions = new Set(['-C', '--dir', '-F', '--filter', '--filter-prod', '--reporter', '--workspace-concurrency', '--loglevel', '--test-pattern',
  '--changed-files-ignore-pattern', '--script-shell']);

/** `pnpm [run] X`, `pnpm test`, `pnpm start`, `pnpm install`; null for pnpm's other commands. */
export function pnpmScriptRequest(args: readonly Argument[], span: Span): ScriptRequest | null {
  const request: ScriptRequest = { via: 'pnpm', events: [], workspaces: [], directory: null, scriptShell: null, span };
  let i = 1;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null || !t.startsWith('-')) break;
    const eq = t.indexOf('=');
    const name = eq > 0 ? t.slice(0, eq) : t;
    const value = pnpmValueOptions.has(name) ? (eq > 0 ? derivedArgument(args[i]!, t.slice(eq + 1)) : (args[++i] ?? null)) : null;
    if (name === '-C' || name === '--dir') request.directory = value;
    else if (name === '-F' || name === '--filter' || name === '--filter-prod') request.workspaces.push(value ?? 'all');
    else if (name === '-r' || name === '--recursive' || name === '-w' || name === '--workspace-root') request.workspaces.push('all');
    else if (name === '--script-shell') request.scriptShell = value;
  }
  const first = args[i];
  if (!first) return null;
  if (first.text === null) return { ...request, problem: 'name' };
  const rest = args.slice(i + 1);
  const event = (word: Argument, name: string, eventArgs: Argument[], missing: ScriptEvent['missing']): ScriptEvent =>
    ({ name, word, args: eventArgs, prePost: true, missing });
  const command = first.text;
  if (command === 'run' || command === 'run-script') {
    const script = rest[0];
    if (!script) return null;
    if (script.text === null) return { ...request, problem: 'name' };
    request.events = [event(script, script.text, rest.slice(1), 'nothing')];
  } else if (command === 'install' || command === 'i' || command === 'install-test' || command === 'it') {
    if (rest.some((a) => !(a.text ?? '').startsWith('-'))) return null;
    request.events = lifecycle.map((name) => ({ name, word: first, args: [], prePost: false, missing: 'nothing' as const }));
    if (command === 'install-test' || command === 'it') request.events.push(event(first, 'test', [], 'nothing'));
  } else if (command === 'test' || command === 't' || command === 'start' || command === 'stop' || command === 'restart') {
    const name = command === 't' ? 'test' : command;
    request.events = [event(first, name, rest, name === 'start' ? { code: 'node server.js' } : 'nothing')];
  } else if (pnpmCommands.has(command)) return null;
  else request.events = [event(first, command, rest, 'as-program')];
  request.via = `pnpm ${command}`;
  return request;
}

/** `yarn` (an install), `yarn [run] X`, `yarn install`; null for yarn's other commands. */
export function yarnScriptRequest(args: readonly Argument[], span: Span): ScriptRequest | null {
  const request: ScriptRequest = { via: 'yarn', events: [], workspaces: [], directory: null, scriptShell: null, span };
  let i = 1;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null || !t.startsWith('-')) break;
    if (t === '--cwd') request.directory = args[++i] ?? null;
    else if (t.startsWith('--cwd=')) request.directory = derivedArgument(args[i]!, t.slice(6));
  }
  const first = args[i];
  const installing = (word: Argument): ScriptRequest => ({
    ...request, via: 'yarn install', events: lifecycle.map((name) => ({ name, word, args: [], prePost: false, missing: 'nothing' as const })),
  });
  if (!first) return i === 1 || args.slice(1).every((a) => a.text !== null) ? installing(args[0]!) : null;
  if (first.text === null) return { ...request, problem: 'name' };
  const rest = args.slice(i + 1);
  const command = first.text;
  if (command === 'install') return installing(first);
  if (command === 'workspace' || command === 'workspaces') {
    return rest.some((a) => a.text === 'run' || a.text === 'foreach') ? { ...request, problem: 'workspace' } : null;
  }
  let word = first;
  let eventArgs = rest;
  if (command === 'run') {
    if (!rest[0]) return null;
    word = rest[0];
    eventArgs = rest.slice(1);
    if (word.text === null) return { ...request, problem: 'name' };
  } else if (yarnCommands.has(command)) return null;
  request.events = [{ name: word.text!, word, args: eventArgs, prePost: true, missing: 'as-program' }];
  request.via = `yarn ${command}`;
  return request;
}

/** `bun run X` or `bun X` when X is a script: null when it is not one (bun then runs a file or a binary, read as an interpreter's). */
export function bunScriptRequest(args: readonly Argument[], span: Span): ScriptRequest | null {
  let i = 1;
  if (args[1]?.text === 'run') i = 2;
  const word = args[i];
  if (!word || word.text === null || word.text.startsWith('-') || /[/.]/.test(word.text)) return null;
  return {
    via: `bun run ${word.text}`, events: [{ name: word.text, word, args: args.slice(i + 1), prePost: true, missing: 'nothing' }],
    workspaces: [], directory: null, scriptShell: null, span,
  };
}
