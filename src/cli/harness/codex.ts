// Codex's PreToolUse hook: Claude Code's protocol with a strict output schema.
//
// Sources (../shared/hosts/protocols.md §2): openai/codex
// `codex-rs/hooks/src/schema.rs` (PreToolUseCommandInput with its `turn_id`
// "Codex extension"; PreToolUseCommandOutputWire and
// PreToolUseHookSpecificOutputWire, both `deny_unknown_fields`), the generated
// `schema/generated/pre-tool-use.command.{input,output}.schema.json`, and
// `src/engine/output_parser.rs`: `permissionDecision: "allow"` without
// `updatedInput` is "unsupported" (the hook counts as failed and the command
// runs as the model wrote it), `ask` is unsupported, a deny needs a non-empty
// `permissionDecisionReason` [src]. developers.openai.com/codex/hooks:
// hooks.json, matcher `Bash` (Codex reports its shell tools as `Bash`).

import { shellFromEnvironment } from '../environment.js';
import { denyText, type HarnessAdapter, jsonReply, rewrittenInput } from './adapter.js';
import { preToolUseDeny, readToolCall } from './tool-call.js';

export const codex: HarnessAdapter = {
  format: 'codex',
  detect: (request) => Object.hasOwn(request, 'turn_id'),
  sniff: (text) => /"turn_id"\s*:/.test(text),
  read: (request) => readToolCall(request, 'PreToolUse'),
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply(preToolUseDeny(denyText(answer)));
    // Codex's parser rejects any field its schema lacks; the reason is in the
    // schema, but an allow needs nothing but the decision and the rewrite.
    return jsonReply({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: rewrittenInput(answer, request) } });
  },
  honoursRewrite: true,
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
};
