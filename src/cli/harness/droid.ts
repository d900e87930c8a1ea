// Factory Droid's PreToolUse hook: Claude Code's protocol with the shell tool
// named `Execute` (../shared/hosts/protocols.md §7) [docs:
// docs.factory.ai/reference/hooks-reference, /harness/hooks]. A rewrite with
// `updatedInput` and `permissionDecision: "allow"` is what rtk's Droid
// integration sends (rtk-ai/rtk#2267, merged 2026-07-08) [3p]; builds that drop
// it run the line as written, which the flow also judges. Droid's other tools
// look like Claude Code's and run no shell code: read as Claude Code's, the
// answer (none) is the same.

import { shellFromEnvironment } from '../environment.js';
import { allowText, denyText, type HarnessAdapter, jsonReply, rewrittenInput } from './adapter.js';
import { envOrHome } from './install-plan.js';
import { preToolUseAllow, preToolUseDeny, readToolCall } from './tool-call.js';

export const droid: HarnessAdapter = {
  format: 'droid',
  title: 'Factory Droid',
  source: 'protocols.md §7 [docs: docs.factory.ai hooks reference; 3p: rtk-ai/rtk#2267]',
  shellTools: [{ name: 'Execute', source: '§7 [docs: hooks-reference matcher example; 3p: rtk#2267]' }],
  detect: (request) => request['tool_name'] === 'Execute',
  sniff: (text) => /"tool_name"\s*:\s*"Execute"/.test(text),
  read: (request, known) => readToolCall(request, known, { event: 'PreToolUse' }),
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply(preToolUseDeny(denyText(answer)));
    return jsonReply(preToolUseAllow(allowText(answer), rewrittenInput(answer.command!, request)));
  },
  honoursRewrite: () => true,
  projectDirVariables: ['FACTORY_PROJECT_DIR'],
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    targets: (scope, context) => [
      scope === 'user' ? `${envOrHome(context, 'FACTORY_HOME_OVERRIDE', '.factory')}/hooks.json` : `${context.project}/.factory/hooks.json`,
    ],
    commandKey: 'command',
    entries: (context) => [
      { path: ['hooks', 'PreToolUse'], nested: true, value: { matcher: 'Execute', hooks: [{ type: 'command', command: context.hookCommand, timeout: 30 }] } },
    ],
    present: (context) => envOrHome(context, 'FACTORY_HOME_OVERRIDE', '.factory'),
    versionCommand: ['droid', '--version'],
  },
};
