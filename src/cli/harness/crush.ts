// Crush's PreToolUse hook (../shared/hosts/protocols.md §9), from
// charmbracelet/crush @ 37f36e93 [src]: the payload `{event: "PreToolUse",
// session_id, cwd, tool_name, tool_input}` (`internal/hooks/input.go`
// BuildPayload; `event`, not `hook_event_name`); the `bash` tool's input
// `{command, description, working_dir, run_in_background,
// auto_background_after}`, run in `working_dir` when given
// (`internal/agent/tools/bash.go`); the answer in Crush's envelope
// `{version, decision, reason, updated_input}` (`parseStdout`), whose
// `updated_input` is shallow-merged over the tool's input (`hooks.go`).
// Crush's `bash` tool is mvdan/sh's interpreter, not GNU bash, so reading it as
// bash is close but not exact; sub-agents' tools are not hooked.
// Config: `crush.json` (strict JSON: `json.Valid`), `$CRUSH_GLOBAL_CONFIG`,
// else `$XDG_CONFIG_HOME/crush/crush.json` (`internal/config/load.go`).

import { existsSync } from 'node:fs';
import { allowText, denyText, type HarnessAdapter, jsonReply, rewrittenInput } from './adapter.js';
import { readToolCall } from './tool-call.js';

export const crush: HarnessAdapter = {
  format: 'crush',
  title: 'Crush',
  source: 'protocols.md §9 [src: charmbracelet/crush @ 37f36e93 internal/hooks, internal/agent/tools/bash.go]',
  shellTools: [{ name: 'bash', source: '§9 [src: internal/agent/tools/bash.go BashToolName]' }],
  detect: (request) => typeof request['event'] === 'string' && Object.hasOwn(request, 'tool_input') && !Object.hasOwn(request, 'hook_event_name'),
  sniff: (text) => /"event"\s*:\s*"PreToolUse"/.test(text),
  read: (request, known) => readToolCall(request, known, { event: 'PreToolUse', eventKey: 'event', directoryKeys: ['working_dir'] }),
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply({ version: 1, decision: 'deny', reason: denyText(answer) });
    return jsonReply({ version: 1, decision: 'allow', reason: allowText(answer), updated_input: rewrittenInput(answer.command!, request) });
  },
  honoursRewrite: () => true,
  projectDirVariables: ['CRUSH_PROJECT_DIR'],
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    // a project's `.crush.json` wins over its `crush.json` [src: load.go lookupConfigs]
    targets: (scope, context) => [
      scope === 'user' ? crushGlobalConfig(context.env, context.home)
        : existsSync(`${context.project}/.crush.json`) ? `${context.project}/.crush.json` : `${context.project}/crush.json`,
    ],
    commandKey: 'command',
    entries: (context) => [
      { path: ['hooks', 'PreToolUse'], nested: false, value: { name: 'treeward', matcher: '^bash$', command: context.hookCommand, timeout: 30 } },
    ],
    present: (context) => crushGlobalConfig(context.env, context.home).replace(/\/crush\.json$/, ''),
    versionCommand: ['crush', '--version'],
  },
};

function crushGlobalConfig(env: Readonly<Record<string, string | undefined>>, home: string): string {
  if (env['CRUSH_GLOBAL_CONFIG']) return `${env['CRUSH_GLOBAL_CONFIG']}/crush.json`;
  return `${env['XDG_CONFIG_HOME'] || `${home}/.config`}/crush/crush.json`;
}
