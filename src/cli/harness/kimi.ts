// Kimi CLI and Kimi Code (MoonshotAI; ../shared/hosts/protocols.md §12).
// kimi-cli @ 4a550eff [src]: `[[hooks]]` in `$KIMI_SHARE_DIR/config.toml`
// (default `~/.kimi`; `share.py`, `config.py`, `hooks/config.py`: `event`,
// `command`, `matcher`, `timeout`); the request `{hook_event_name:
// "PreToolUse", session_id, cwd, tool_name, tool_input, tool_call_id}`
// (`hooks/events.py`); the shell tool `Shell` with `{command, timeout,
// run_in_background, description}` (`tools/shell/__init__.py`), run with
// /bin/bash where there is one, else /bin/sh (`utils/environment.py`);
// `runner.py`: exit 2 blocks with stderr, exit 0 with
// `hookSpecificOutput.permissionDecision: "deny"` blocks, everything else
// (timeouts, other exits, bad JSON) allows, and no rewrite is read. Kimi Code
// (`~/.kimi-code/config.toml`, tool `Bash`, `tool_input.cwd` where given)
// [docs: moonshotai.github.io/kimi-code; 3p: cc-safety-net kimi-code/hook.ts].
// So the line is judged where Kimi runs it, unpinned.

import { existsSync } from 'node:fs';
import { allowText, denyText, type HarnessAdapter, jsonReply } from './adapter.js';
import { envOrHome } from './install-plan.js';
import { preToolUseAllow, preToolUseDeny, readToolCall } from './tool-call.js';

export const kimi: HarnessAdapter = {
  format: 'kimi',
  title: 'Kimi CLI / Kimi Code',
  source: 'protocols.md §12 [src: MoonshotAI/kimi-cli @ 4a550eff hooks/, tools/shell/; docs + 3p for Kimi Code]',
  shellTools: [
    { name: 'Shell', source: '§12 [src: kimi-cli tools/shell/__init__.py]' },
    { name: 'Bash', source: '§12 [docs: Kimi Code hooks; 3p: cc-safety-net kimi-code/hook.ts]' },
  ],
  // Claude Code's envelope with `tool_call_id` in place of `tool_use_id` [src: hooks/events.py]
  detect: (request) => Object.hasOwn(request, 'tool_call_id') && !Object.hasOwn(request, 'tool_use_id') && !Object.hasOwn(request, 'timestamp'),
  sniff: (text) => /"tool_call_id"/.test(text) && !/"tool_use_id"/.test(text),
  read: (request, known) => readToolCall(request, known, { event: 'PreToolUse', directoryKeys: ['cwd'] }),
  render(answer) {
    return jsonReply(answer.decision === 'deny' ? preToolUseDeny(denyText(answer)) : preToolUseAllow(allowText(answer), null));
  },
  honoursRewrite: () => false,
  projectDirVariables: [],
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'toml',
    targets(scope, context) {
      if (scope === 'project') return { error: 'Kimi reads hooks from the user\'s config.toml only; run `treeward install kimi` without --project' };
      const files = [`${envOrHome(context, 'KIMI_SHARE_DIR', '.kimi')}/config.toml`];
      const code = envOrHome(context, 'KIMI_CODE_HOME', '.kimi-code');
      if (existsSync(code)) files.push(`${code}/config.toml`);
      return files;
    },
    table: (context) => [['event', 'PreToolUse'], ['matcher', 'Shell|Bash'], ['command', context.hookCommand], ['timeout', 30]],
    present: (context) => envOrHome(context, 'KIMI_SHARE_DIR', '.kimi'),
    versionCommand: ['kimi', '--version'],
  },
};
