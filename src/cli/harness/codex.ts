// Codex's PreToolUse hook: Claude Code's protocol with a strict output schema
// (../shared/hosts/protocols.md §2).
//
// openai/codex `codex-rs/hooks/src/schema.rs` (PreToolUseCommandInput with its
// `turn_id` "Codex extension"; PreToolUseCommandOutputWire and
// PreToolUseHookSpecificOutputWire, both `deny_unknown_fields`), the generated
// `schema/generated/pre-tool-use.command.{input,output}.schema.json`, and
// `src/engine/output_parser.rs`: `permissionDecision: "allow"` without
// `updatedInput` is "unsupported" (the hook counts as failed and the command
// runs as the model wrote it), `ask` is unsupported, a deny needs a non-empty
// `permissionDecisionReason` [src]. Only `updatedInput.command` is read; the
// model's `workdir` is not sent, and the pinned `cd` overrides it (§2.2).
// Codex on Windows may omit `turn_id` (dcg #125 [3p]): such a request is read
// as Claude Code's, whose answers Codex's parser also accepts.

import { shellFromEnvironment } from '../environment.js';
import { denyText, type HarnessAdapter, jsonReply, rewrittenInput } from './adapter.js';
import { envOrHome } from './install-plan.js';
import { preToolUseDeny, readToolCall } from './tool-call.js';

export const codex: HarnessAdapter = {
  format: 'codex',
  title: 'Codex',
  source: 'protocols.md §2 [src: codex-rs/hooks schema.rs, output_parser.rs, pre_tool_use.rs]',
  shellTools: [
    { name: 'Bash', source: '§2.1 [src: HookToolName, PR #20527]: every shell handler reports this name' },
    { name: 'shell', source: '§2.1 [src: PR #20527]: a handler name, kept in case a build sends it' },
    { name: 'shell_command', source: '§2.1 [src: PR #20527]' },
    { name: 'exec_command', source: '§2.1 [src: PR #20527]' },
    { name: 'local_shell', source: '§2.1 [src: PR #20527]' },
    { name: 'container.exec', source: '§2.1 [src: PR #20527]' },
    { name: 'pwsh', source: '§14.2 [3p: dcg src/hook.rs]: Codex on Windows', powerShell: true },
  ],
  detect: (request) => Object.hasOwn(request, 'turn_id'),
  sniff: (text) => /"turn_id"\s*:/.test(text),
  read: (request, known) => readToolCall(request, known, { event: 'PreToolUse' }),
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply(preToolUseDeny(denyText(answer)));
    // Codex's parser rejects any field its schema lacks; the reason is in the
    // schema, but an allow needs nothing but the decision and the rewrite.
    const updatedInput = rewrittenInput(answer.command!, request);
    return jsonReply({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput } });
  },
  honoursRewrite: () => true,
  projectDirVariables: [],
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    targets: (scope, context) => [scope === 'user' ? `${envOrHome(context, 'CODEX_HOME', '.codex')}/hooks.json` : `${context.project}/.codex/hooks.json`],
    commandKey: 'command',
    entries: (context) => [
      { path: ['hooks', 'PreToolUse'], nested: true, value: { matcher: '^Bash$', hooks: [{ type: 'command', command: context.hookCommand, timeout: 30 }] } },
    ],
    present: (context) => envOrHome(context, 'CODEX_HOME', '.codex'),
    versionCommand: ['codex', '--version'],
  },
};
