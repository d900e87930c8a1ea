// Claude Code's PreToolUse hook, the protocol the others copied.
//
// Sources (../shared/hosts/protocols.md §1): the PreToolUse input
// (`session_id`, `transcript_path`, `cwd`, `permission_mode`,
// `hook_event_name`, `tool_name`, `tool_input`, `tool_use_id`) and
// `hookSpecificOutput` (`hookEventName`, `permissionDecision`
// allow|deny|ask|defer, `permissionDecisionReason`, `updatedInput`,
// `additionalContext`) as typed in anthropics/claude-agent-sdk-python
// `src/claude_agent_sdk/types.py` (PreToolUseHookInput,
// PreToolUseHookSpecificOutput) [src], and code.claude.com/docs/en/hooks.
// `updatedInput` replaces the tool's input, so every field is echoed.

import { shellFromEnvironment } from '../environment.js';
import { allowText, denyText, type HarnessAdapter, jsonReply, rewrittenInput } from './adapter.js';
import { preToolUseDeny, readToolCall } from './tool-call.js';

export const claude: HarnessAdapter = {
  format: 'claude',
  // the envelope every harness without a mark of its own is read in
  detect: () => true,
  sniff: () => true,
  read: (request) => readToolCall(request, 'PreToolUse'),
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply(preToolUseDeny(denyText(answer)));
    return jsonReply({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: allowText(answer), updatedInput: rewrittenInput(answer, request),
      },
    });
  },
  honoursRewrite: true,
  // Claude Code runs the Bash tool's commands in the user's shell
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
};
