// `treeward hook`: one JSON request on stdin, the harness's answer on stdout,
// exit status 0 always (SPEC §1 "Hook protocol"). Several harnesses run the
// command when a hook exits non-zero or prints what they cannot read, so every
// path, including a failure inside treeward, ends in an explicit object: an
// allow with the command pinned to the tree, or a deny with an id and a reason.
// For a tool treeward does not judge it prints nothing.

import { readFileSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { approve } from '../approver/approve.js';
import { fileSystemFrom } from '../approver/fs.js';
import type { ApproveOptions, DenyId } from '../approver/types.js';
import type { DialectName } from '../syntax/dialect.js';
import { ConfigError, emptyConfig, type HookConfig, readConfig } from './config.js';
import { nodeFileSystem, shellFromEnvironment } from './environment.js';
import {
  detectFormat, type HarnessFormat, type HarnessRequest, type HookAnswer, isPlainObject, readRequest, renderAnswer, sniffFormat,
} from './harness.js';

/** A request larger than this is `bad-input`, and is not read past it (SPEC §1). */
export const maxRequestBytes = 4 << 20;

/** A configuration file larger than this is refused. */
const maxConfigBytes = 1 << 20;

export interface HookArguments {
  format: HarnessFormat | null;
  config: string | null;
  shell: DialectName | null;
  tree: string | null;
  runDirs: string[];
  /** Set when the hook's own command line was wrong: every shell request is then denied with it. */
  usageError: string | null;
}

export interface HookSurroundings {
  env: Readonly<Record<string, string | undefined>>;
  /** The hook process's directory: a relative `--tree`, `--config` or `--run-dir` is read against it. */
  cwd: string;
}

/** The hook's whole answer to `input` (the bytes on stdin): the text to print, empty for no opinion. */
export function runHook(input: Buffer, args: HookArguments, surroundings: HookSurroundings): string {
  let format = args.format;
  try {
    if (input.length > maxRequestBytes) {
      format ??= sniffFormat(input.subarray(0, 1 << 16).toString('latin1'));
      return deny(format, 'bad-input', 'the request is over 4 MiB; treeward reads requests up to 4 MiB and commands up to 1 MiB');
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      format ??= sniffFormat(input.toString('latin1'));
      return deny(format, 'bad-input', 'the request is not valid UTF-8 JSON');
    }
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      format ??= sniffFormat(text);
      return deny(format, 'bad-input', text.trim() === '' ? 'the hook received no request on stdin' : 'the request on stdin is not JSON');
    }
    if (!isPlainObject(request)) return deny((format ??= 'claude'), 'bad-input', 'the request is not a JSON object');
    format ??= detectFormat(request);
    const read = readRequest(request, format);
    if (read.kind === 'other') return '';
    if (args.usageError !== null) return deny(format, 'bad-input', `\`treeward hook\` was started with a wrong command line (${args.usageError}); fix the hook's command in the harness settings`);
    if (read.kind === 'bad') return deny(format, 'bad-input', read.reason);
    return renderAnswer(format, judgeRequest(read, format, args, surroundings), read.toolInput);
  } catch (error) {
    return deny(format ?? 'claude', 'internal-error', `treeward failed while judging the request (${describeError(error)}); nothing was approved, try the command again or a simpler one`);
  }
}

function deny(format: HarnessFormat, id: DenyId, reason: string): string {
  return renderAnswer(format, { decision: 'deny', id, reason }, null);
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}${error.message ? `: ${error.message.slice(0, 200)}` : ''}`;
  return 'an unknown failure';
}

type ShellRequest = Extract<HarnessRequest, { kind: 'shell' }>;

/** Where the line runs, which configuration applies, and the verdict (SPEC §1 "Where the line runs", "Dropped rewrites"). */
function judgeRequest(request: ShellRequest, format: HarnessFormat, args: HookArguments, surroundings: HookSurroundings): HookAnswer {
  const env = surroundings.env;
  const home = env['HOME'] || '/';

  // The tree: --tree, else the project directory the harness names, else the request's cwd (SPEC §1 "Defaults").
  const treeText = args.tree ?? (env['CLAUDE_PROJECT_DIR'] || null) ?? request.cwd;
  if (treeText === null) return refuse('bad-input', 'treeward cannot tell the tree: give `--tree DIR`, or run it from a harness that sets CLAUDE_PROJECT_DIR or sends `cwd`');
  const treeAsGiven = resolve(surroundings.cwd, treeText);
  const tree = realDirectory(treeAsGiven);
  if (tree === null) return refuse('bad-input', `the tree ${treeAsGiven} is not a directory treeward can read`);

  const loaded = loadConfig(args.config, surroundings.cwd, home, treeAsGiven, tree);
  if (typeof loaded === 'string') return refuse('bad-input', loaded);
  const config = loaded;

  const requestDir = resolve(request.cwd ?? treeAsGiven, request.directory ?? '.');
  const place = placeLine(requestDir, treeAsGiven, tree);
  const dialect = args.shell ?? (format === 'gemini' ? 'bash' : shellFromEnvironment(env['SHELL']) ?? 'bash');
  const options: ApproveOptions = {
    dialect,
    tree,
    runDirs: [...args.runDirs.map((dir) => resolve(surroundings.cwd, dir)), ...config.runDirs],
    tempDir: env['TMPDIR'] || '/tmp',
    home,
    // the environment the line inherits, read in place: copying process.env costs a start more than the few look-ups
    env: env as Readonly<Record<string, string>>,
    protected: config.protected,
    agentNames: config.agentNames,
    wrappers: config.wrappers,
    inlineCode: config.inlineCode,
    globDots: config.globDots,
    fs: fileSystemFrom(nodeFileSystem),
  };

  const pinned = approve(request.command, { ...options, cwd: place.pin });
  if (pinned.decision === 'deny') return refuse(pinned.id, pinned.reason);

  // What runs if the harness drops the rewrite: the line as the model wrote it,
  // in the request's directory (Gemini CLI first strips a `bash -c '…'` wrapper).
  const asWritten = format === 'gemini' ? geminiStripsWrapper(request.command) : request.command;
  if (place.pin !== place.request || asWritten !== request.command) {
    const unpinned = approve(asWritten, { ...options, cwd: place.request });
    if (unpinned.decision === 'deny') {
      return refuse(unpinned.id, `${unpinned.reason} (this is the line read as run in ${place.request} without treeward's \`cd\`, which is how it runs if the harness drops the rewritten command)`);
    }
  }
  return { decision: 'allow', command: pinned.command, dir: place.pin };
}

function refuse(id: DenyId, reason: string): HookAnswer {
  return { decision: 'deny', id, reason };
}

/**
 * Where the line is pinned. The request's directory is used when it lies in
 * the tree as written and as resolved through links (the tree's own spelling,
 * as the harness gave it, is read as the tree); otherwise the line is judged
 * from the tree and pinned there.
 */
export function placeLine(requestDir: string, treeAsGiven: string, tree: string): { pin: string; request: string } {
  const written = isInside(requestDir, treeAsGiven) && treeAsGiven !== tree ? tree + requestDir.slice(treeAsGiven.length) : requestDir;
  if (isInside(written, tree)) {
    const resolved = realDirectory(requestDir);
    if (resolved !== null && isInside(resolved, tree)) return { pin: written, request: written };
  }
  return { pin: tree, request: requestDir };
}

export function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === '/' ? '/' : `${dir}/`);
}

/** The directory resolved through its links, or null when it is not a directory. */
function realDirectory(path: string): string | null {
  try {
    const real = realpathSync.native(path);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

/**
 * The configuration in force, or why it cannot be read (a sentence naming the
 * file, and the line when the text is at fault). A missing default file is no
 * configuration; a missing `--config FILE` is an error. A file in the tree is
 * never read: the agent could have written it.
 */
function loadConfig(configArg: string | null, cwd: string, home: string, treeAsGiven: string, tree: string): HookConfig | string {
  const explicit = configArg !== null;
  const path = explicit ? resolve(cwd, configArg) : resolve(home, '.config/treeward/config.json');
  let real: string;
  try {
    // the usual case, no default file, told without the exception realpath would build for it
    if (!explicit && statSync(path, { throwIfNoEntry: false }) === undefined) return emptyConfig;
    real = realpathSync.native(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (!explicit && (code === 'ENOENT' || code === 'ENOTDIR')) return emptyConfig;
    return `the configuration file ${path} cannot be read (${typeof code === 'string' ? code : 'error'}); treeward refuses every command until it can read it`;
  }
  if (isInside(path, treeAsGiven) || isInside(path, tree) || isInside(real, tree)) {
    return `the configuration file ${path} lies inside the tree ${tree}, where the agent can change it, and treeward never reads configuration from the tree; keep it outside the tree (for example ~/.config/treeward/config.json)`;
  }
  let text: string;
  try {
    const stat = statSync(real);
    if (!stat.isFile()) return `the configuration file ${path} is not a file; treeward refuses every command until it can read it`;
    if (stat.size > maxConfigBytes) return `the configuration file ${path} is over 1 MiB; treeward refuses every command until it can read it`;
    text = readFileSync(real, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return `the configuration file ${path} cannot be read (${typeof code === 'string' ? code : 'error'}); treeward refuses every command until it can read it`;
  }
  try {
    return readConfig(text, home);
  } catch (error) {
    if (error instanceof ConfigError) {
      return `the configuration file ${path} is malformed at line ${error.line}: ${error.message}; treeward refuses every command until it is fixed`;
    }
    throw error;
  }
}

/**
 * The text Gemini CLI runs for a command, before its own `{ …; }` wrapper:
 * `stripShellWrapper` in packages/core/src/utils/shell-utils.ts drops a leading
 * `sh|bash|zsh -c` and one pair of quotes around the rest, and trims, so
 * `bash -c "x" ; echo "y"` runs `x" ; echo "y`. Read generously (a path before
 * the shell, flags before `c`), since any reading it adds must also be clean.
 */
export function geminiStripsWrapper(command: string): string {
  const wrapper = /^\s*(?:\S*\/)?(?:sh|bash|zsh)\s+(?:-[A-Za-z]+\s+)*?-[A-Za-z]*c\s+/.exec(command);
  if (!wrapper) return command.trim();
  let rest = command.slice(wrapper[0].length).trim();
  if (rest.length >= 2 && (rest[0] === '"' || rest[0] === "'") && rest.endsWith(rest[0])) rest = rest.slice(1, -1);
  return rest;
}
