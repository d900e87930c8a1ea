// Claude Code's PreToolUse hook, the protocol the others copied
// (../shared/hosts/protocols.md §1).
//
// The input (`session_id`, `transcript_path`, `cwd`, `permission_mode`,
// `hook_event_name`, `tool_name`, `tool_input`, `tool_use_id`) and
// `hookSpecificOutput` (`hookEventName`, `permissionDecision`
// allow|deny|ask|defer, `permissionDecisionReason`, `updatedInput`,
// `additionalContext`) as typed in anthropics/claude-agent-sdk-python
// `src/claude_agent_sdk/types.py` (PreToolUseHookInput,
// PreToolUseHookSpecificOutput) [src], and code.claude.com/docs/en/hooks.
// `updatedInput` replaces the tool's input, so every field is echoed. Some
// builds dropped it (§1.5): the flow judges the line as run without it too.
// Its requests carry no mark of their own beyond the shared envelope, so it
// is tried last and reads every envelope no other adapter claims.

import { shellFromEnvironment } from '../environment.js';
import { allowText, denyText, type HarnessAdapter, jsonReply, rewrittenInput } from './adapter.js';
import { compareVersions, envOrHome } from './install-plan.js';
import { preToolUseAllow, preToolUseDeny, readToolCall } from './tool-call.js';

/** The first build with `onFailure` on command hooks (2.1.295, 2026-10-08; §0.3 item 3 [3p quoting the CHANGELOG]). */
const onFailureSince = '2.1.295';

/** Builds known to ignore `updatedInput` (§1.5, all [3p], issue trackers): [from, to, what]. */
const droppedRewrites: [string, string, string][] = [
  ['2.0.76', '2.0.76', 'ignores the rewrite when several PreToolUse hooks match (anthropics/claude-code#15897)'],
  ['2.1.215', '2.1.215', 'the Windows desktop app ignores the rewrite for Bash (#79321)'],
  ['2.1.220', '2.1.220', 'the npm build on macOS honours the decision but drops the rewrite (#81340)'],
  ['2.1.248', '2.1.251', 'replaces the input but drops its other fields: timeout, run_in_background (#90725)'],
];

export const claude: HarnessAdapter = {
  format: 'claude',
  title: 'Claude Code',
  source: 'protocols.md §1 [src: claude-agent-sdk-python types.py, CHANGELOG]',
  shellTools: [
    { name: 'Bash', source: '§1.2 [src: types.py]' },
    { name: 'Monitor', source: '§1.2, §0.3 [src: CHANGELOG 2.1.98]; a command-less WebSocket form runs none [3p: dcg #529]', commandOptional: true },
    { name: 'PowerShell', source: '§1.2 [src: CHANGELOG 2.1.84]', powerShell: true },
  ],
  detect: (request) => typeof request['tool_name'] === 'string' || request['hook_event_name'] === 'PreToolUse',
  sniff: () => true,
  read: (request, known) => readToolCall(request, known, { event: 'PreToolUse' }),
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply(preToolUseDeny(denyText(answer)));
    return jsonReply(preToolUseAllow(allowText(answer), answer.command === null ? null : rewrittenInput(answer.command, request)));
  },
  honoursRewrite: () => true,
  projectDirVariables: ['CLAUDE_PROJECT_DIR'],
  // Claude Code runs the Bash tool's commands in the user's shell
  defaultDialect: (env) => shellFromEnvironment(env['SHELL']) ?? 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'json',
    comments: false,
    targets: (scope, context) => [
      scope === 'user' ? `${envOrHome(context, 'CLAUDE_CONFIG_DIR', '.claude')}/settings.json` : `${context.project}/.claude/settings.json`,
    ],
    commandKey: 'command',
    entries(context) {
      const hook: Record<string, unknown> = { type: 'command', command: context.hookCommand, timeout: 30 };
      // older builds: whether they ignore or refuse the key is not documented (§1.1), so it is left out where the version says it is unknown to them
      const older = context.version === null ? null : compareVersions(context.version, onFailureSince);
      if (older === null || older >= 0) hook['onFailure'] = 'block';
      return [{ path: ['hooks', 'PreToolUse'], nested: true, value: { matcher: 'Bash|Monitor|PowerShell', hooks: [hook] } }];
    },
    present: (context) => envOrHome(context, 'CLAUDE_CONFIG_DIR', '.claude'),
    versionCommand: ['claude', '--version'],
    knownIssues(version) {
      const issues = droppedRewrites
        .filter(([from, to]) => (compareVersions(version, from) ?? -1) >= 0 && (compareVersions(version, to) ?? 1) <= 0)
        .map(([, , what]) => `Claude Code ${version} ${what}; treeward also judges each line as run without its rewrite, but update Claude Code`);
      if ((compareVersions(version, onFailureSince) ?? 0) < 0) {
        issues.push(`Claude Code ${version} predates onFailure (${onFailureSince}), so the hook is installed without it, `
          + 'and a hook that fails to start lets the command run; update Claude Code');
      }
      return issues;
    },
  },
};
