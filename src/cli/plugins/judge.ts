// What the in-process plugins (OpenCode, Amp, Pi: issue 15 item 3) share: one
// shell call judged by the hook's own flow (../hook.ts judgeRequest), with no
// child process, and every failure a deny. A host that can rewrite the call
// gets the line pinned to the tree; one that cannot gets it judged where it
// will run, unpinned.

import { shellFromEnvironment } from '../environment.js';
import type { HookAnswer } from '../harness/adapter.js';
import { judgeRequest, type JudgingHost } from '../hook.js';

export interface ShellCall {
  command: unknown;
  /** Where the host runs the line (absolute). */
  cwd: string;
  /** The tree: the host's project root. */
  tree: string;
  /** The tool's input, echoed under a rewrite. */
  toolInput?: Record<string, unknown>;
}

export type PluginVerdict = { allow: true; command: string | null; reason: string } | { allow: false; reason: string };

/** A plugin host: its name, and whether it runs a rewritten command. */
export function pluginHost(title: string, rewrites: boolean): JudgingHost {
  return {
    title,
    honoursRewrite: () => rewrites,
    projectDirVariables: [],
    // the hosts run the bash tool's commands in the user's shell [unverified]
    defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
    asRunWithoutRewrite: (command) => command,
  };
}

/** The verdict on one shell call; never throws. */
export function judgeShellCall(call: ShellCall, host: JudgingHost, env: Readonly<Record<string, string | undefined>> = process.env): PluginVerdict {
  if (typeof call.command !== 'string') return { allow: false, reason: `treeward bad-input: the ${host.title} shell call has no command string` };
  let answer: HookAnswer;
  try {
    answer = judgeRequest(
      { kind: 'shell', commands: [call.command], toolInput: call.toolInput ?? {}, cwd: call.cwd, directory: null, tree: call.tree },
      host,
      { format: null, config: null, shell: null, tree: call.tree, runDirs: [], usageError: null },
      { env, cwd: call.cwd },
    );
  } catch (error) {
    const what = error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'an unknown failure';
    return { allow: false, reason: `treeward internal-error: treeward failed while judging the command (${what}); nothing was approved` };
  }
  if (answer.decision === 'deny') return { allow: false, reason: `treeward ${answer.id}: ${answer.reason}` };
  const reason = answer.command === null ? `treeward: approved as written, to run in ${answer.dir}` : `treeward: approved, run from ${answer.dir}`;
  return { allow: true, command: answer.command, reason };
}
