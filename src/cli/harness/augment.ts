// Augment's Auggie CLI (../shared/hosts/protocols.md §13) [docs:
// docs.augmentcode.com/cli/hooks, /cli/hooks-examples]: hooks in
// `~/.augment/settings.json` or `<workspace>/.augment/settings.json` under
// `hooks.PreToolUse`, Claude Code's shape; a hook's `command` must be the
// path of a `.sh` file, `timeout` in ms; the request carries `tool_name` and
// `tool_input.command`; exit 2 blocks with stderr. The shell tool is
// `launch-process` [docs: the matcher example; 3p: dcg]. A JSON decision and a
// rewrite are not documented, so the answer is the exit status and the line
// is judged where Auggie runs it, unpinned (in `tool_input.cwd` where a build
// sends one [unverified]).

import { shellFromEnvironment } from '../environment.js';
import { exitStatusReply, type HarnessAdapter } from './adapter.js';
import { readToolCall } from './tool-call.js';

/** Augment's tool names as its docs show them: a hyphenated name is its own mark. */
const augmentTools = new Set(['launch-process', 'str-replace-editor', 'save-file', 'remove-files', 'view', 'read-process', 'kill-process', 'write-process']);

export const augment: HarnessAdapter = {
  format: 'augment',
  title: 'Augment (Auggie)',
  source: 'protocols.md §13 [docs: docs.augmentcode.com/cli/hooks; 3p: dcg]',
  shellTools: [{ name: 'launch-process', source: '§13 [docs: hooks matcher example; 3p: dcg]' }],
  detect: (request) => typeof request['tool_name'] === 'string' && augmentTools.has(request['tool_name']) && request['tool_name'].includes('-'),
  sniff: (text) => /"launch-process"/.test(text),
  read: (request, known) => readToolCall(request, known, { event: 'PreToolUse', directoryKeys: ['cwd'] }),
  render: (answer) => exitStatusReply(answer),
  honoursRewrite: () => false,
  projectDirVariables: [],
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    targets: (scope, context) => [scope === 'user' ? `${context.home}/.augment/settings.json` : `${context.project}/.augment/settings.json`],
    commandKey: 'command',
    script: (scope, context) => (scope === 'user' ? `${context.home}/.augment/hooks/treeward.sh` : `${context.project}/.augment/hooks/treeward.sh`),
    entries: (context) => [{
      path: ['hooks', 'PreToolUse'],
      nested: true,
      // the command is the script's path (install writes it, running context.hookCommand)
      value: { matcher: 'launch-process', hooks: [{ type: 'command', command: context.hookCommand, timeout: 30000 }] },
    }],
    present: (context) => `${context.home}/.augment`,
    versionCommand: ['auggie', '--version'],
  },
};
