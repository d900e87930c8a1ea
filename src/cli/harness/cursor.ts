// Cursor, the editor and `cursor-agent` (../shared/hosts/protocols.md §4;
// closed source, so [3p] and [docs] throughout). Three request forms reach
// one adapter:
// - `beforeShellExecution`: `{hook_event_name, conversation_id, generation_id,
//   workspace_roots[], command, cwd}`, answered `{permission, user_message,
//   agent_message}`; it cannot rewrite [3p: cupcake.eqtylab.io reference];
// - `preToolUse` with `tool_name: "Shell"`, `tool_input: {command,
//   working_directory?}`, `cwd`, `workspace_roots` [3p: kenryu42/cc-safety-net
//   src/integrations/cursor/hook.ts @ ac31f4e9, read], answered the same way;
//   its `updated_input` rewrite is unconfirmed, so none is sent;
// - Claude Code's own `PreToolUse` hooks from `~/.claude/settings.json`, which
//   Cursor runs with the shell tool named `Shell` and answers read in Claude's
//   form [3p: dcg #518].
// Cursor's own events are not known to run a rewritten command, so their lines
// are judged where Cursor runs them: in `working_directory`, else `cwd`,
// unpinned. Claude Code's form is answered as Claude Code's, rewrite included,
// and judged both pinned and as run without it.

import { shellFromEnvironment } from '../environment.js';
import { allowText, denyText, formOf, type HarnessAdapter, type HookAnswer, jsonReply, type JsonObject, type KnownTools, rewrittenInput } from './adapter.js';
import { checkedCommand, hasAny, isAbsolutePath, preToolUseAllow, preToolUseDeny, readToolCall, shellRequest } from './tool-call.js';

/** Fields only Cursor's own events carry. */
const cursorMarks = ['conversation_id', 'generation_id', 'workspace_roots', 'cursor_version'] as const;

export const cursor: HarnessAdapter = {
  format: 'cursor',
  title: 'Cursor',
  source: 'protocols.md §4 [3p: cc-safety-net cursor/hook.ts, dcg #518; docs: cursor.com/docs/agent/hooks]',
  shellTools: [{ name: 'Shell', source: '§4 [3p: cc-safety-net cursor/hook.ts CURSOR_COMMAND_TOOLS; dcg #518]' }],
  detect(request) {
    const event = request['hook_event_name'];
    if (event === 'beforeShellExecution') return true;
    if (event === 'preToolUse') return hasAny(request, cursorMarks);
    // Claude Code's form with Cursor's tool name; Kimi's `Shell` comes with its own `tool_call_id` (./kimi.ts)
    return (event === 'PreToolUse' || event === undefined) && request['tool_name'] === 'Shell' && !Object.hasOwn(request, 'tool_call_id');
  },
  sniff: (text) => /"(?:beforeShellExecution|conversation_id|workspace_roots|cursor_version)"/.test(text),
  read: readCursorRequest,
  render(answer, request) {
    if (formOf(request) === 'claude') {
      if (answer.decision === 'deny') return jsonReply(preToolUseDeny(denyText(answer)));
      return jsonReply(preToolUseAllow(allowText(answer), answer.command === null ? null : rewrittenInput(answer.command, request)));
    }
    const text = sentence(answer);
    return jsonReply({ permission: answer.decision, user_message: text, agent_message: text });
  },
  // Claude Code's form is answered as Claude Code is, with the rewrite; whether Cursor runs it is unconfirmed, so the flow also judges the line without it
  honoursRewrite: (request) => request.form === 'claude',
  projectDirVariables: [],
  // the agent's terminal is the user's shell [unverified]
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    targets: (scope, context) => [scope === 'user' ? `${context.home}/.cursor/hooks.json` : `${context.project}/.cursor/hooks.json`],
    root: { version: 1 },
    commandKey: 'command',
    // both events, since builds differ in which they send; `failClosed` refuses the call when the hook fails [3p: cc-safety-net cursor/install.ts]
    entries: (context) => [
      { path: ['hooks', 'preToolUse'], nested: false, value: { matcher: 'Shell', command: context.hookCommand, timeout: 30, failClosed: true } },
      { path: ['hooks', 'beforeShellExecution'], nested: false, value: { command: context.hookCommand, timeout: 30, failClosed: true } },
    ],
    present: (context) => `${context.home}/.cursor`,
    versionCommand: ['cursor-agent', '--version'],
  },
};

function sentence(answer: HookAnswer): string {
  return answer.decision === 'deny' ? denyText(answer) : allowText(answer);
}

function readCursorRequest(request: JsonObject, known: KnownTools) {
  const event = request['hook_event_name'];
  const roots = request['workspace_roots'];
  const tree = Array.isArray(roots) ? roots[0] : undefined;
  if (event === 'beforeShellExecution') {
    const command = checkedCommand(request['command'], 'the beforeShellExecution request\'s `command`');
    if (typeof command !== 'string') return { ...command, form: 'native' };
    return shellRequest([command], {}, request['cwd'], null, tree, 'native');
  }
  if (event === 'preToolUse') {
    const read = readToolCall(request, known, { event: 'preToolUse', directoryKeys: ['working_directory'], form: 'native' });
    return read.kind === 'shell' ? { ...read, tree: typeof tree === 'string' && isAbsolutePath(tree) ? tree : null } : read;
  }
  return readToolCall(request, known, { event: 'PreToolUse', form: 'claude' });
}
