// Windsurf's Cascade hooks (../shared/hosts/protocols.md §11) [docs:
// docs.windsurf.com/windsurf/cascade/hooks]. Each hook gets `{agent_action_name,
// trajectory_id, execution_id, timestamp, tool_info}`; for `pre_run_command`,
// `tool_info` is `{command_line, cwd}` [3p: difflore-cli, CorridorSecurity
// hookshot docs; the field names are not in Windsurf's own pages read].
// Only the exit status is read: 2 blocks a pre-hook, with stderr shown
// [docs]. There is no rewrite, so the line is judged where Cascade runs it,
// in `tool_info.cwd`, unpinned.

import { shellFromEnvironment } from '../environment.js';
import { exitStatusReply, type HarnessAdapter, type HarnessRequest, isPlainObject, type JsonObject } from './adapter.js';
import { bad, checkedCommand, shellRequest } from './tool-call.js';

/** Cascade's pre-hooks that run no shell code [docs]. */
const otherActions = new Set(['pre_read_code', 'pre_write_code', 'pre_mcp_tool_use', 'pre_user_prompt']);

export const windsurf: HarnessAdapter = {
  format: 'windsurf',
  title: 'Windsurf (Cascade)',
  source: 'protocols.md §11 [docs: docs.windsurf.com cascade/hooks; 3p: difflore-cli, hookshot for the field names]',
  shellTools: [{ name: 'pre_run_command', source: '§11 [docs]: the action, not a tool name' }],
  detect: (request) => Object.hasOwn(request, 'agent_action_name'),
  sniff: (text) => /"agent_action_name"\s*:/.test(text),
  read: readWindsurfRequest,
  render: (answer) => exitStatusReply(answer),
  honoursRewrite: () => false,
  projectDirVariables: [],
  // Cascade's terminal is the user's shell [unverified]
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    targets: (scope, context) => [scope === 'user' ? `${context.home}/.codeium/windsurf/hooks.json` : `${context.project}/.windsurf/hooks.json`],
    commandKey: 'command',
    entries: (context) => [{ path: ['hooks', 'pre_run_command'], nested: false, value: { command: context.hookCommand, show_output: true } }],
    present: (context) => `${context.home}/.codeium/windsurf`,
  },
};

function readWindsurfRequest(request: JsonObject): HarnessRequest {
  const action = request['agent_action_name'];
  if (typeof action === 'string' && otherActions.has(action)) return { kind: 'other' };
  if (action !== 'pre_run_command') {
    const named = typeof action === 'string' ? `\`${action}\`` : 'non-string `agent_action_name`';
    return bad(`the request is a ${named} hook, and \`treeward hook\` answers pre_run_command only; register it there`);
  }
  const info = request['tool_info'];
  if (!isPlainObject(info)) return bad('the pre_run_command request has no `tool_info` object');
  const command = checkedCommand(info['command_line'], 'the pre_run_command request\'s `tool_info.command_line`');
  if (typeof command !== 'string') return command;
  return shellRequest([command], info, info['cwd'], null, null);
}
