// Qwen Code's PreToolUse hook: a Gemini CLI fork with Claude Code's event
// names (../shared/hosts/protocols.md §8). From QwenLM/qwen-code [src, index
// copies]: the input `{session_id, transcript_path, cwd, hook_event_name:
// "PreToolUse", timestamp, permission_mode, tool_name, tool_input,
// tool_use_id, tool_call_id?}` (`hooks/hookEventHandler.ts`,
// `hooks/types.ts` PreToolUseInput), the shell tool `run_shell_command`
// (`tools/tool-names.ts`) whose `directory` parameter says where it runs and
// whose command first loses a `bash -c` wrapper (`tools/shell.ts`, as
// Gemini's), and PreToolUseHookOutput reading `permissionDecision` and its
// reason but no rewrite (`hooks/types.ts`). The docs describe `updatedInput`
// [docs], but the source read applies none, so no rewrite is sent and the line
// is judged where Qwen Code runs it, unpinned. Qwen Code also adds
// attribution trailers to `git commit` lines it runs (`tools/shell.ts`).

import { allowText, denyText, type HarnessAdapter, jsonReply } from './adapter.js';
import { geminiStripsWrapper } from './gemini.js';
import { preToolUseAllow, preToolUseDeny, readToolCall } from './tool-call.js';

export const qwen: HarnessAdapter = {
  format: 'qwen',
  title: 'Qwen Code',
  source: 'protocols.md §8 [src: QwenLM/qwen-code hooks/types.ts, hookEventHandler.ts, tools/tool-names.ts, tools/shell.ts; docs]',
  shellTools: [{ name: 'run_shell_command', source: '§8 [src: tools/tool-names.ts ToolNames.SHELL]' }],
  // Claude Code's event with a `timestamp` (Claude sends none) or Gemini's shell tool
  detect: (request) => request['hook_event_name'] === 'PreToolUse'
    && (typeof request['timestamp'] === 'string' || request['tool_name'] === 'run_shell_command'),
  sniff: (text) => /"PreToolUse"/.test(text) && /"(?:timestamp|run_shell_command)"/.test(text),
  read: (request, known) => readToolCall(request, known, { event: 'PreToolUse', directoryKeys: ['directory', 'dir_path'] }),
  render(answer) {
    return jsonReply(answer.decision === 'deny' ? preToolUseDeny(denyText(answer)) : preToolUseAllow(allowText(answer), null));
  },
  honoursRewrite: () => false,
  projectDirVariables: ['QWEN_PROJECT_DIR', 'GEMINI_PROJECT_DIR'],
  // `getShellConfiguration`: bash outside Windows [src, as Gemini CLI's]
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: geminiStripsWrapper,
  install: {
    kind: 'json',
    comments: true,
    targets: (scope, context) => [scope === 'user' ? `${context.home}/.qwen/settings.json` : `${context.project}/.qwen/settings.json`],
    commandKey: 'command',
    // `failMode: "closed"` turns a hook that fails to run into a deny [src: hooks/types.ts HookFailMode]; `timeout` is in ms [docs]
    entries: (context) => [{
      path: ['hooks', 'PreToolUse'],
      nested: true,
      value: { matcher: 'run_shell_command', hooks: [{ type: 'command', name: 'treeward', command: context.hookCommand, timeout: 30000, failMode: 'closed' }] },
    }],
    present: (context) => `${context.home}/.qwen`,
    versionCommand: ['qwen', '--version'],
  },
};
