// Gemini CLI's BeforeTool hook (../shared/hosts/protocols.md §3).
//
// google-gemini/gemini-cli @ 5411f113 [src]: `docs/hooks/reference.md`
// (BeforeTool: `decision` "deny"/"block" with `reason`), `hookSpecificOutput.tool_input`
// replacing the model's arguments (`scheduler/hook-utils.ts`, §0.3 item 1), and
// `packages/core/src/hooks/types.ts` (BeforeToolInput, BeforeToolOutput); the
// shell tool's parameters (`command`, `description`, `dir_path`, `is_background`)
// and `cwd = path.resolve(targetDir, dir_path)` in `packages/core/src/tools/shell.ts`.
// Settings are JSON with comments (`.gemini/settings.json`); `timeout` is in ms.

import { allowText, denyText, type HarnessAdapter, jsonReply, rewrittenInput } from './adapter.js';
import { readToolCall } from './tool-call.js';

export const gemini: HarnessAdapter = {
  format: 'gemini',
  title: 'Gemini CLI',
  source: 'protocols.md §3 [src: gemini-cli @ 5411f113]',
  shellTools: [{ name: 'run_shell_command', source: '§3.1 [src: SHELL_TOOL_NAME]' }],
  // Qwen Code, a fork, sends the same tool under Claude's event name (./qwen.ts, tried first)
  detect: (request) => request['hook_event_name'] === 'BeforeTool'
    || (request['tool_name'] === 'run_shell_command' && request['hook_event_name'] === undefined),
  sniff: (text) => /"(?:BeforeTool|run_shell_command)"/.test(text),
  // `directory` is the parameter's name in Gemini CLI builds before `dir_path`
  read: (request, known) => readToolCall(request, known, { event: 'BeforeTool', directoryKeys: ['dir_path', 'directory'] }),
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply({ decision: 'deny', reason: denyText(answer) });
    const hookSpecificOutput = { hookEventName: 'BeforeTool', tool_input: rewrittenInput(answer.command!, request) };
    return jsonReply({ decision: 'allow', reason: allowText(answer), hookSpecificOutput });
  },
  honoursRewrite: () => true,
  projectDirVariables: ['GEMINI_PROJECT_DIR'],
  // Gemini CLI runs every command with `bash -c`
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: geminiStripsWrapper,
  install: {
    kind: 'json',
    comments: true,
    targets: (scope, context) => [scope === 'user' ? `${context.home}/.gemini/settings.json` : `${context.project}/.gemini/settings.json`],
    commandKey: 'command',
    entries: (context) => [{
      path: ['hooks', 'BeforeTool'],
      nested: true,
      value: { matcher: 'run_shell_command', hooks: [{ name: 'treeward', type: 'command', command: context.hookCommand, timeout: 30000 }] },
    }],
    present: (context) => `${context.home}/.gemini`,
    versionCommand: ['gemini', '--version'],
  },
};

/**
 * The text Gemini CLI runs for a command, before its own `{ …; }` wrapper:
 * `stripShellWrapper` in packages/core/src/utils/shell-utils.ts drops a leading
 * `sh|bash|zsh -c` and one pair of quotes around the rest, and trims, so
 * `bash -c "x" ; echo "y"` runs `x" ; echo "y`. Read generously (a path before
 * the shell, flags before `c`), since any reading it adds must also be clean.
 */
export function geminiStripsWrapper(command: string): string {
  const wrapper = /^\s*(?:\S*\/)?(?:sh|bash|zsh)\s+(?:-[A-Za-z]+\s+)*?-[A-Za-z]*c\s+/.exec(command);
  if (!wrapper) return command.trim();
  let rest = command.slice(wrapper[0].length).trim();
  if (rest.length >= 2 && (rest[0] === '"' || rest[0] === "'") && rest.endsWith(rest[0])) rest = rest.slice(1, -1);
  return rest;
}
