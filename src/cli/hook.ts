// `treeward hook`: one JSON request on stdin, the harness's answer on stdout
// (SPEC §1 "Hook protocol"). Several harnesses run the command when a hook
// exits non-zero or prints what they cannot read, so every path, including a
// failure inside treeward, ends in an explicit answer: an allow with the
// command pinned to the tree, or a deny with an id and a reason. For a tool
// treeward does not judge it prints nothing.
//
// This file is the flow only: what each harness sends and reads is its
// adapter's (./harness/), where a line runs is ./placement.ts, the
// configuration file ./config-file.ts.

import { dirname, resolve } from 'node:path';
import { approve } from '../approver/approve.js';
import { fileSystemFrom } from '../approver/fs.js';
import type { ApproveOptions, DenyId } from '../approver/types.js';
import type { Span } from '../syntax/ast.js';
import type { DialectName } from '../syntax/dialect.js';
import { logPath } from './audit-log.js';
import type { HookConfig } from './config.js';
import { loadConfig } from './config-file.js';
import { nodeFileSystem, resolvedPath } from './environment.js';
import {
  adapterFor, allShellTools, defaultFormat, detectFormat, type HarnessAdapter, type HarnessFormat, type HarnessRequest, type HookAnswer, type HookReply,
  isPlainObject, sniffFormat, type ShellRequest, unknownRequestReason,
} from './harness/index.js';
import type { JsonObject } from './harness/adapter.js';
import { placeLine, realDirectory } from './placement.js';
import { type BinShName, binShOf, isWindowsPath, type PlatformName, platformOf, windowsRefusal } from './platform.js';

/** A request larger than this is `bad-input`, and is not read past it (SPEC §1). */
export const maxRequestBytes = 4 << 20;

export interface HookArguments {
  format: HarnessFormat | null;
  config: string | null;
  shell: DialectName | null;
  tree: string | null;
  runDirs: string[];
  /** Set when the hook's own command line was wrong: every shell request is then denied with it. */
  usageError: string | null;
  /** `--platform`: whose tools run the line; else the configuration's, else the platform treeward runs on. */
  platform?: PlatformName | null;
  /** `--sh`: which `/bin/sh` reads sh; else the configuration's, else the one found on the machine. */
  sh?: BinShName | null;
}

export interface HookSurroundings {
  env: Readonly<Record<string, string | undefined>>;
  /** The hook process's directory: a relative `--tree`, `--config` or `--run-dir` is read against it. */
  cwd: string;
  /** The platform treeward runs on, as node names it (`process.platform` by default). */
  platform?: string;
  /** A path through every link, or null (the machine's realpath by default): finds which `/bin/sh` the machine has. */
  resolve?: (path: string) => string | null;
}

/** What the hook prints on stdout for `input` (the bytes on stdin): empty for no opinion. */
export function runHook(input: Buffer, args: HookArguments, surroundings: HookSurroundings): string {
  return answerHook(input, args, surroundings).stdout;
}

/** The hook's whole reply to `input`: what it prints and the status it exits with. */
export function answerHook(input: Buffer, args: HookArguments, surroundings: HookSurroundings): HookReply {
  return judgeHook(input, args, surroundings).reply;
}

/** What the hook decided and about what, for the audit log (./audit-log.ts). */
export interface HookVerdict {
  /** The harness the answer is in (its `--format` name). */
  harness: HarnessFormat;
  session: string | null;
  /** The lines judged; null when the request held none treeward could read. */
  commands: string[] | null;
  answer: HookAnswer;
  /** Where and how the line was read, as far as judging got. */
  tree: string | null;
  directory: string | null;
  dialect: DialectName | null;
  /** Whose tools the line was read for; null when not known (both readings) or not reached. */
  platform: PlatformName | null;
  /** The configuration in force, when judging read it. */
  config: HookConfig | null;
}

/** The reply to `input`, and the verdict behind it: null for no opinion. */
export function judgeHook(input: Buffer, args: HookArguments, surroundings: HookSurroundings): { reply: HookReply; verdict: HookVerdict | null } {
  let format = args.format;
  let session: string | null = null;
  let commands: string[] | null = null;
  const refused = (answer: HookAnswer, read: HarnessRequest | null) => ({
    reply: adapterFor(format ?? defaultFormat).render(answer, read),
    verdict: { harness: format ?? defaultFormat, session, commands, answer, tree: null, directory: null, dialect: null, platform: null, config: null },
  });
  try {
    if (input.length > maxRequestBytes) {
      format ??= sniffFormat(input.subarray(0, 1 << 16).toString('latin1'));
      return refused(refuse('bad-input', 'the request is over 4 MiB; treeward reads requests up to 4 MiB and commands up to 1 MiB'), null);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      format ??= sniffFormat(input.toString('latin1'));
      return refused(refuse('bad-input', 'the request is not valid UTF-8 JSON'), null);
    }
    let request: unknown;
    try {
      // a byte-order mark before the JSON is not JSON, but some harnesses' writers add one (dcg #160)
      request = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      format ??= sniffFormat(text);
      return refused(refuse('bad-input', text.trim() === '' ? 'the hook received no request on stdin' : 'the request on stdin is not JSON'), null);
    }
    if (!isPlainObject(request)) {
      format ??= defaultFormat;
      return refused(refuse('bad-input', 'the request is not a JSON object'), null);
    }
    session = sessionOf(request);
    const detected = format ?? detectFormat(request);
    format = detected ?? defaultFormat;
    const adapter = adapterFor(format);
    const read: HarnessRequest = detected === null ? { kind: 'bad', reason: unknownRequestReason(request) } : adapter.read(request, allShellTools());
    if (read.kind === 'other') return { reply: { stdout: '', stderr: '', exitCode: 0 }, verdict: null };
    if (read.kind === 'shell') commands = read.commands;
    if (args.usageError !== null) {
      return refused(refuse('bad-input',
        `\`treeward hook\` was started with a wrong command line (${args.usageError}); fix the hook's command in the harness settings`), read);
    }
    if (read.kind === 'bad') return refused(refuse('bad-input', read.reason), read);
    const judged = judge(read, adapter, args, surroundings);
    return { reply: adapter.render(judged.answer, read), verdict: { harness: format, session, commands, ...judged } };
  } catch (error) {
    const reason = `treeward failed while judging the request (${describeError(error)}); nothing was approved, try the command again or a simpler one`;
    return refused(refuse('internal-error', reason), null);
  }
}

/** The request's fields that name the session it belongs to, by harness, first found wins. */
const sessionKeys = [
  'session_id', // Claude Code, Codex, Gemini CLI, Qwen Code, Droid, Kimi, Kiro, Augment, Crush
  'conversation_id', // Cursor
  'trajectory_id', // Windsurf
  'taskId', // Cline
  'sessionId',
] as const;

function sessionOf(request: JsonObject): string | null {
  for (const key of sessionKeys) {
    const value = request[key];
    if (typeof value === 'string' && value !== '') return value.slice(0, 200);
    if (typeof value === 'number') return String(value);
  }
  return null;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}${error.message ? `: ${error.message.slice(0, 200)}` : ''}`;
  return 'an unknown failure';
}

/** What judging a request needs of its harness: also what an in-process plugin host provides (./plugins/). */
export type JudgingHost = Pick<HarnessAdapter, 'title' | 'honoursRewrite' | 'projectDirVariables' | 'defaultDialect' | 'asRunWithoutRewrite'>;

/** Where the line runs, which configuration applies, and the verdict (SPEC §1 "Where the line runs", "Dropped rewrites"). */
export function judgeRequest(request: ShellRequest, adapter: JudgingHost, args: HookArguments, surroundings: HookSurroundings): HookAnswer {
  return judge(request, adapter, args, surroundings).answer;
}

/** The verdict, and where and how the line was read, as far as judging got. */
type Judgement = Pick<HookVerdict, 'answer' | 'tree' | 'directory' | 'dialect' | 'platform' | 'config'>;

function judge(request: ShellRequest, adapter: JudgingHost, args: HookArguments, surroundings: HookSurroundings): Judgement {
  const facts: Omit<Judgement, 'answer'> = { tree: null, directory: null, dialect: null, platform: null, config: null };
  const answer = judgeInto(facts, request, adapter, args, surroundings);
  return { answer, ...facts };
}

/** The verdict; `facts` is filled in as judging learns them. */
function judgeInto(
  facts: Omit<Judgement, 'answer'>, request: ShellRequest, adapter: JudgingHost, args: HookArguments, surroundings: HookSurroundings,
): HookAnswer {
  const env = surroundings.env;
  const home = env['HOME'] || '/';
  const running = surroundings.platform ?? process.platform;

  // The tree: --tree, else the project directory the harness names, else the tree or the cwd of the request (SPEC §1 "Defaults").
  const named = [...adapter.projectDirVariables, 'CLAUDE_PROJECT_DIR'].map((name) => env[name]).find((value) => value);
  // a line from Windows (issue 14 item 6): its directories say so, whichever names the tree
  const windows = [args.tree, named, request.tree, request.cwd, request.directory].find((dir) => dir && isWindowsPath(dir, running));
  if (windows) return refuse('bad-input', windowsRefusal(windows));
  const treeText = args.tree ?? named ?? request.tree ?? request.cwd;
  if (treeText === null) {
    return refuse('bad-input', 'treeward cannot tell the tree: give `--tree DIR`, or run it from a harness that sets CLAUDE_PROJECT_DIR or sends `cwd`');
  }
  const treeAsGiven = resolve(surroundings.cwd, treeText);
  facts.tree = treeAsGiven;
  const tree = realDirectory(treeAsGiven);
  if (tree === null) return refuse('bad-input', `the tree ${treeAsGiven} is not a directory treeward can read`);
  facts.tree = tree;

  const config = loadConfig(args.config, surroundings.cwd, home, treeAsGiven, tree);
  if (typeof config === 'string') return refuse('bad-input', config);
  facts.config = config;

  const requestDir = resolve(request.cwd ?? treeAsGiven, request.directory ?? '.');
  const place = placeLine(requestDir, treeAsGiven, tree);
  const dialect = args.shell ?? adapter.defaultDialect(env);
  facts.dialect = dialect;
  const platform = args.platform ?? config.platform ?? platformOf(running);
  facts.platform = platform ?? null;
  const options = approveOptions(dialect, tree, config, args, surroundings, platform);
  // SPEC §1 `--shell sh`: read as the /bin/sh found on the machine; one not known is no option, and sh is read both ways
  const binSh = args.sh ?? config.sh ?? binShOf(surroundings.resolve ?? resolvedPath, running);
  if (binSh !== undefined) options.sh = binSh;
  if (!adapter.honoursRewrite(request) || request.commands.length !== 1) {
    facts.directory = place.request;
    return judgeUnpinned(request.commands, adapter, options, place.request);
  }

  const command = request.commands[0]!;
  facts.directory = place.pin;
  const pinned = approve(command, { ...options, cwd: place.pin });
  if (pinned.decision === 'deny') return refuse(pinned.id, pinned.reason, pinned.span);

  // What runs if the harness drops the rewrite: the line as the model wrote it
  // (or as the harness makes it first), in the request's directory.
  const asWritten = adapter.asRunWithoutRewrite(command);
  if (place.pin !== place.request || asWritten !== command) {
    const unpinned = approve(asWritten, { ...options, cwd: place.request });
    if (unpinned.decision === 'deny') {
      const why = `this is the line read as run in ${place.request} without treeward's \`cd\`, which is how it runs if the harness drops the rewritten command`;
      // the span is in the line as the harness runs it, which is the command itself unless the harness strips a wrapper
      return refuse(unpinned.id, `${unpinned.reason} (${why})`, asWritten === command ? unpinned.span : undefined);
    }
  }
  return { decision: 'allow', command: pinned.command, dir: place.pin };
}

/** A harness that runs the line as written: each line judged where it runs, unpinned, and allowed only when every one is clean. */
function judgeUnpinned(commands: string[], adapter: JudgingHost, options: ApproveOptions, dir: string): HookAnswer {
  for (const command of commands) {
    const asWritten = adapter.asRunWithoutRewrite(command);
    const verdict = approve(asWritten, { ...options, cwd: dir });
    if (verdict.decision === 'deny') {
      const reason = `${verdict.reason} (read as run in ${dir}, unpinned: ${adapter.title} runs the line as written, not treeward's rewrite)`;
      // a span of the first line only: the log keeps the lines joined, and a later line's offsets would need moving
      return refuse(verdict.id, reason, asWritten === command && commands.length === 1 ? verdict.span : undefined);
    }
  }
  return { decision: 'allow', command: null, dir };
}

function approveOptions(
  dialect: DialectName, tree: string, config: HookConfig, args: HookArguments, surroundings: HookSurroundings, platform: PlatformName | undefined,
): ApproveOptions {
  const env = surroundings.env;
  const options: ApproveOptions = {
    dialect,
    tree,
    runDirs: [...args.runDirs.map((dir) => resolve(surroundings.cwd, dir)), ...config.runDirs],
    tempDir: env['TMPDIR'] || '/tmp',
    home: env['HOME'] || '/',
    // the environment the line inherits, read in place: copying process.env costs a start more than the few look-ups
    env: env as Readonly<Record<string, string>>,
    // the audit log's directory too, while there is a log: a log the agent could rewrite would tell nothing
    protected: config.log.enabled ? [...config.protected, dirname(logPath(env))] : config.protected,
    agentNames: config.agentNames,
    wrappers: config.wrappers,
    inlineCode: config.inlineCode,
    globDots: config.globDots,
    fs: fileSystemFrom(nodeFileSystem),
    packs: config.packs,
  };
  // SPEC §3 "Platforms": a platform not known (neither linux nor darwin) is no option, and the approver reads both ways
  if (platform !== undefined) options.platform = platform;
  return options;
}

function refuse(id: DenyId, reason: string, span?: Span): HookAnswer {
  return span === undefined ? { decision: 'deny', id, reason } : { decision: 'deny', id, reason, span };
}
