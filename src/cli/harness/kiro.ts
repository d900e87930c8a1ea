// Kiro CLI's preToolUse hook (../shared/hosts/protocols.md §13) [docs:
// kiro.dev/docs/cli/hooks]: hooks live in an agent's configuration
// (`~/.kiro/agents/*.json`, `.kiro/agents/*.json`) under `hooks.preToolUse`,
// each `{matcher, command}`; the request is `{hook_event_name: "preToolUse",
// cwd, tool_name, tool_input}`; exit 2 blocks with stderr returned to the
// model, 0 lets the tool run. No rewrite (kirodotdev/Kiro#9576, open), so the
// line is judged where Kiro runs it, unpinned. The shell tool is
// `execute_bash` in older builds and `shell` in newer ones [docs]; its input
// `{command, summary}`, and `working_dir` where a build sends one [unverified].

import { existsSync, readdirSync } from 'node:fs';
import { exitStatusReply, type HarnessAdapter } from './adapter.js';
import { type InstallContext, type Scope } from './install-plan.js';
import { hasAny, readToolCall } from './tool-call.js';

export const kiro: HarnessAdapter = {
  format: 'kiro',
  title: 'Kiro CLI',
  source: 'protocols.md §13 [docs: kiro.dev/docs/cli/hooks]',
  shellTools: [
    { name: 'execute_bash', source: '§13 [docs]' },
    { name: 'shell', source: '§13 [docs: built-in tool names]' },
  ],
  // Cursor names this event too, with fields of its own (./cursor.ts)
  detect: (request) => request['hook_event_name'] === 'preToolUse'
    && !hasAny(request, ['conversation_id', 'generation_id', 'workspace_roots', 'cursor_version']),
  sniff: (text) => /"preToolUse"/.test(text),
  read: (request, known) => readToolCall(request, known, { event: 'preToolUse', directoryKeys: ['working_dir'] }),
  render: (answer) => exitStatusReply(answer),
  honoursRewrite: () => false,
  projectDirVariables: [],
  // [unverified]: Kiro runs the shell tool with bash
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    targets: agentFiles,
    commandKey: 'command',
    entries: (context) => [
      { path: ['hooks', 'preToolUse'], nested: false, value: { matcher: 'execute_bash', command: context.hookCommand } },
      { path: ['hooks', 'preToolUse'], nested: false, value: { matcher: 'shell', command: context.hookCommand } },
    ],
    present: (context) => `${context.home}/.kiro`,
    versionCommand: ['kiro-cli', '--version'],
  },
};

/** Every agent configuration of the scope: Kiro runs the hooks of the agent in use. */
function agentFiles(scope: Scope, context: InstallContext): string[] | { error: string } {
  const dir = scope === 'user' ? `${context.home}/.kiro/agents` : `${context.project}/.kiro/agents`;
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')).sort().map((name) => `${dir}/${name}`) : [];
  if (files.length === 0) {
    return { error: `Kiro reads hooks from agent configurations, and ${dir} holds none; create your agent first (kiro-cli agent create), then install again` };
  }
  return files;
}
