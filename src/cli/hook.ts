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

import { resolve } from 'node:path';
import { approve } from '../approver/approve.js';
import { fileSystemFrom } from '../approver/fs.js';
import type { ApproveOptions, DenyId } from '../approver/types.js';
import type { DialectName } from '../syntax/dialect.js';
import type { HookConfig } from './config.js';
import { loadConfig } from './config-file.js';
import { nodeFileSystem } from './environment.js';
import {
  adapterFor, allShellTools, defaultFormat, detectFormat, type HarnessAdapter, type HarnessFormat, type HarnessRequest, type HookAnswer, type HookReply,
  isPlainObject, sniffFormat, type ShellRequest, unknownRequestReason,
} from './harness/index.js';
import { placeLine, realDirectory } from './placement.js';

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
}

export interface HookSurroundings {
  env: Readonly<Record<string, string | undefined>>;
  /** The hook process's directory: a relative `--tree`, `--config` or `--run-dir` is read against it. */
  cwd: string;
}

/** What the hook prints on stdout for `input` (the bytes on stdin): empty for no opinion. */
export function runHook(input: Buffer, args: HookArguments, surroundings: HookSurroundings): string {
  return answerHook(input, args, surroundings).stdout;
}

/** The hook's whole reply to `input`: what it prints and the status it exits with. */
export function answerHook(input: Buffer, args: HookArguments, surroundings: HookSurroundings): HookReply {
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
      // a byte-order mark before the JSON is not JSON, but some harnesses' writers add one (dcg #160)
      request = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      format ??= sniffFormat(text);
      return deny(format, 'bad-input', text.trim() === '' ? 'the hook received no request on stdin' : 'the request on stdin is not JSON');
    }
    if (!isPlainObject(request)) return deny((format ??= defaultFormat), 'bad-input', 'the request is not a JSON object');
    const detected = format ?? detectFormat(request);
    format = detected ?? defaultFormat;
    const adapter = adapterFor(format);
    const read: HarnessRequest = detected === null ? { kind: 'bad', reason: unknownRequestReason(request) } : adapter.read(request, allShellTools());
    if (read.kind === 'other') return { stdout: '', stderr: '', exitCode: 0 };
    if (args.usageError !== null) {
      const reason = `\`treeward hook\` was started with a wrong command line (${args.usageError}); fix the hook's command in the harness settings`;
      return adapter.render({ decision: 'deny', id: 'bad-input', reason }, read);
    }
    if (read.kind === 'bad') return adapter.render({ decision: 'deny', id: 'bad-input', reason: read.reason }, read);
    return adapter.render(judgeRequest(read, adapter, args, surroundings), read);
  } catch (error) {
    const reason = `treeward failed while judging the request (${describeError(error)}); nothing was approved, try the command again or a simpler one`;
    return deny(format ?? defaultFormat, 'internal-error', reason);
  }
}

function deny(format: HarnessFormat, id: DenyId, reason: string): HookReply {
  return adapterFor(format).render({ decision: 'deny', id, reason }, null);
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}${error.message ? `: ${error.message.slice(0, 200)}` : ''}`;
  return 'an unknown failure';
}

/** What judging a request needs of its harness: also what an in-process plugin host provides (./plugins/). */
export type JudgingHost = Pick<HarnessAdapter, 'title' | 'honoursRewrite' | 'projectDirVariables' | 'defaultDialect' | 'asRunWithoutRewrite'>;

/** Where the line runs, which configuration applies, and the verdict (SPEC §1 "Where the line runs", "Dropped rewrites"). */
export function judgeRequest(request: ShellRequest, adapter: JudgingHost, args: HookArguments, surroundings: HookSurroundings): HookAnswer {
  const env = surroundings.env;
  const home = env['HOME'] || '/';

  // The tree: --tree, else the project directory the harness names, else the tree or the cwd of the request (SPEC §1 "Defaults").
  const named = [...adapter.projectDirVariables, 'CLAUDE_PROJECT_DIR'].map((name) => env[name]).find((value) => value);
  const treeText = args.tree ?? named ?? request.tree ?? request.cwd;
  if (treeText === null) {
    return refuse('bad-input', 'treeward cannot tell the tree: give `--tree DIR`, or run it from a harness that sets CLAUDE_PROJECT_DIR or sends `cwd`');
  }
  const treeAsGiven = resolve(surroundings.cwd, treeText);
  const tree = realDirectory(treeAsGiven);
  if (tree === null) return refuse('bad-input', `the tree ${treeAsGiven} is not a directory treeward can read`);

  const config = loadConfig(args.config, surroundings.cwd, home, treeAsGiven, tree);
  if (typeof config === 'string') return refuse('bad-input', config);

  const requestDir = resolve(request.cwd ?? treeAsGiven, request.directory ?? '.');
  const place = placeLine(requestDir, treeAsGiven, tree);
  const options = approveOptions(args.shell ?? adapter.defaultDialect(env), tree, config, args, surroundings);
  if (!adapter.honoursRewrite(request) || request.commands.length !== 1) return judgeUnpinned(request.commands, adapter, options, place.request);

  const command = request.commands[0]!;
  const pinned = approve(command, { ...options, cwd: place.pin });
  if (pinned.decision === 'deny') return refuse(pinned.id, pinned.reason);

  // What runs if the harness drops the rewrite: the line as the model wrote it
  // (or as the harness makes it first), in the request's directory.
  const asWritten = adapter.asRunWithoutRewrite(command);
  if (place.pin !== place.request || asWritten !== command) {
    const unpinned = approve(asWritten, { ...options, cwd: place.request });
    if (unpinned.decision === 'deny') {
      const why = `this is the line read as run in ${place.request} without treeward's \`cd\`, which is how it runs if the harness drops the rewritten command`;
      return refuse(unpinned.id, `${unpinned.reason} (${why})`);
    }
  }
  return { decision: 'allow', command: pinned.command, dir: place.pin };
}

/** A harness that runs the line as written: each line judged where it runs, unpinned, and allowed only when every one is clean. */
function judgeUnpinned(commands: string[], adapter: JudgingHost, options: ApproveOptions, dir: string): HookAnswer {
  for (const command of commands) {
    const verdict = approve(adapter.asRunWithoutRewrite(command), { ...options, cwd: dir });
    if (verdict.decision === 'deny') {
      return refuse(verdict.id, `${verdict.reason} (read as run in ${dir}, unpinned: ${adapter.title} runs the line as written, not treeward's rewrite)`);
    }
  }
  return { decision: 'allow', command: null, dir };
}

function approveOptions(dialect: DialectName, tree: string, config: HookConfig, args: HookArguments, surroundings: HookSurroundings): ApproveOptions {
  const env = surroundings.env;
  return {
    dialect,
    tree,
    runDirs: [...args.runDirs.map((dir) => resolve(surroundings.cwd, dir)), ...config.runDirs],
    tempDir: env['TMPDIR'] || '/tmp',
    home: env['HOME'] || '/',
    // the environment the line inherits, read in place: copying process.env costs a start more than the few look-ups
    env: env as Readonly<Record<string, string>>,
    protected: config.protected,
    agentNames: config.agentNames,
    wrappers: config.wrappers,
    inlineCode: config.inlineCode,
    globDots: config.globDots,
    fs: fileSystemFrom(nodeFileSystem),
  };
}

function refuse(id: DenyId, reason: string): HookAnswer {
  return { decision: 'deny', id, reason };
}
