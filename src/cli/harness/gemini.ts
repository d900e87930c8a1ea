// Gemini CLI's BeforeTool hook.
//
// Sources (../shared/hosts/protocols.md §3): google-gemini/gemini-cli
// `docs/hooks/reference.md` (BeforeTool: `decision` "deny"/"block" with
// `reason`, `hookSpecificOutput.tool_input` over the model's arguments) and
// `packages/core/src/hooks/types.ts` (BeforeToolInput, BeforeToolOutput,
// BeforeToolHookOutput.getModifiedToolInput); the shell tool's parameters
// (`command`, `description`, `dir_path`, `is_background`) and
// `cwd = path.resolve(targetDir, dir_path)` in `packages/core/src/tools/shell.ts` [src].

import { allowText, denyText, type HarnessAdapter, type HarnessRequest, jsonReply, type JsonObject, rewrittenInput } from './adapter.js';
import { readToolCall } from './tool-call.js';

export const gemini: HarnessAdapter = {
  format: 'gemini',
  detect: (request) => request['hook_event_name'] === 'BeforeTool' || request['tool_name'] === 'run_shell_command',
  sniff: (text) => /"(?:BeforeTool|run_shell_command)"/.test(text),
  read: readGeminiRequest,
  render(answer, request) {
    if (answer.decision === 'deny') return jsonReply({ decision: 'deny', reason: denyText(answer) });
    const hookSpecificOutput = { hookEventName: 'BeforeTool', tool_input: rewrittenInput(answer, request) };
    return jsonReply({ decision: 'allow', reason: allowText(answer), hookSpecificOutput });
  },
  honoursRewrite: true,
  // Gemini CLI runs every command with `bash -c`
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: geminiStripsWrapper,
};

/** The shell request, with `dir_path`: where the command runs, read against `cwd`. */
function readGeminiRequest(request: JsonObject): HarnessRequest {
  const read = readToolCall(request, 'BeforeTool');
  if (read.kind !== 'shell') return read;
  // `directory` is the parameter's name in Gemini CLI builds before `dir_path`.
  const dirPath = read.toolInput['dir_path'] ?? read.toolInput['directory'];
  if (dirPath !== undefined && dirPath !== null && typeof dirPath !== 'string') {
    return { kind: 'bad', reason: 'the request\'s `tool_input.dir_path` is not a string' };
  }
  return typeof dirPath === 'string' && dirPath !== '' ? { ...read, directory: dirPath } : read;
}

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
