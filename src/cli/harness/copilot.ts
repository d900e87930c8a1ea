// GitHub Copilot CLI's preToolUse hook (../shared/hosts/protocols.md §5;
// closed source). The request is `{timestamp, cwd, toolName, toolArgs}` with
// `toolArgs` a JSON *string* (sometimes an object, or snake-case `tool_args`)
// [3p: kenryu42/cc-safety-net src/integrations/copilot-cli/hook.ts @ ac31f4e9,
// read; dcg src/hook.rs]; the answer `{permissionDecision,
// permissionDecisionReason}` [docs: docs.github.com cli-hooks-reference].
// Copilot applies `modifiedArgs` since 1.0.24, but asks the user to confirm
// every rewritten call (github/copilot-cli#2643, open) [3p], which stops an
// unattended run; so no rewrite is sent and the line is judged where Copilot
// runs it, in `cwd`, unpinned.

import { allowText, denyText, type HarnessAdapter, type HarnessRequest, isPlainObject, jsonReply, type JsonObject, type KnownTools } from './adapter.js';
import { bad, hasAny, readToolInput } from './tool-call.js';

export const copilot: HarnessAdapter = {
  format: 'copilot',
  title: 'GitHub Copilot CLI',
  source: 'protocols.md §5 [3p: cc-safety-net copilot-cli/hook.ts, dcg; docs: docs.github.com]',
  shellTools: [
    { name: 'bash', source: '§5 [3p: cc-safety-net COPILOT_CLI_COMMAND_TOOLS; dcg]' },
    { name: 'powershell', source: '§5 [3p: cc-safety-net]', powerShell: true },
  ],
  detect: (request) => hasAny(request, ['toolName', 'toolArgs', 'tool_args']),
  // `toolName` alone is not its mark in text: Cline's payload holds one, nested (./cline.ts)
  sniff: (text) => /"(?:toolArgs|tool_args)"\s*:/.test(text),
  read: readCopilotRequest,
  render(answer) {
    if (answer.decision === 'deny') return jsonReply({ permissionDecision: 'deny', permissionDecisionReason: denyText(answer) });
    return jsonReply({ permissionDecision: 'allow', permissionDecisionReason: allowText(answer) });
  },
  honoursRewrite: () => false,
  projectDirVariables: [],
  // the `bash` tool runs bash [3p]
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    // a file of its own in the directories Copilot loads every `*.json` of [docs: cli-command-reference.md]
    targets: (scope, context) => [
      scope === 'user' ? `${context.env['COPILOT_HOME'] || `${context.home}/.copilot`}/hooks/treeward.json` : `${context.project}/.github/hooks/treeward.json`,
    ],
    root: { version: 1 },
    commandKey: 'bash',
    entries: (context) => [{ path: ['hooks', 'preToolUse'], nested: false, value: { type: 'command', bash: context.hookCommand, cwd: '.', timeoutSec: 30 } }],
    present: (context) => context.env['COPILOT_HOME'] || `${context.home}/.copilot`,
    versionCommand: ['copilot', '--version'],
  },
};

function readCopilotRequest(request: JsonObject, known: KnownTools): HarnessRequest {
  const toolName = request['toolName'] ?? request['tool_name'];
  if (typeof toolName !== 'string') return bad('the request has no `toolName` string');
  const raw = request['toolArgs'] ?? request['tool_args'];
  let args: unknown = raw;
  if (typeof raw === 'string') {
    try {
      args = JSON.parse(raw);
    } catch {
      return known.shell.has(toolName) || known.powerShell.has(toolName) ? bad(`the ${toolName} request's \`toolArgs\` is not JSON`) : { kind: 'other' };
    }
  }
  if (raw !== undefined && !isPlainObject(args) && known.shell.has(toolName)) return bad(`the ${toolName} request's \`toolArgs\` is not a JSON object`);
  return readToolInput(toolName, args, request['cwd'], known, {});
}
