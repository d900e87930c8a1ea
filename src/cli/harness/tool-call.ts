// The request envelope Claude Code's PreToolUse hook made and Codex and Gemini
// CLI share: `hook_event_name`, `tool_name`, `tool_input` (the shell tools put
// the line in `tool_input.command`) and `cwd`. Each adapter reads its requests
// through here and adds what is its own (Gemini's `dir_path`).

import { type HarnessRequest, isPlainObject, type JsonObject, maxCommandBytes } from './adapter.js';

/**
 * Tool names whose input is one shell command line, judged like `Bash`. The
 * set is the same for every format, so a hook registered on the wrong harness
 * still judges the shell rather than staying silent (../shared/hosts/protocols.md):
 * - `Bash`: Claude Code, Codex's canonical name for its shell tools, Kimi;
 * - `Monitor`: Claude Code (2.1.98, CHANGELOG): runs a POSIX script in
 *   `tool_input.command` (§1.2; a command-less WebSocket form runs none);
 * - `Shell`: Cursor, which runs the `PreToolUse` hooks of
 *   `~/.claude/settings.json` with its shell tool named so (§1.6, §4, [3p]:
 *   dcg #518), and Kimi CLI (§12);
 * - `Execute`: Factory Droid's shell tool, in Claude's protocol (§7, [docs]);
 * - `run_shell_command`: Gemini CLI;
 * - the Codex handler names its PreToolUse rewrite covers (openai/codex#20527).
 */
const shellTools = new Set([
  'Bash', 'Monitor', 'Shell', 'Execute', 'run_shell_command', 'shell', 'shell_command', 'exec_command', 'local_shell', 'container.exec',
]);

/** Tools whose command is PowerShell (Claude Code's `PowerShell`, §1.2): treeward reads no PowerShell, so it refuses them rather than stay silent. */
const powerShellTools = new Set(['PowerShell', 'powershell', 'pwsh']);

/** Tools that may carry no command at all and then run no shell code (Claude Code's `Monitor` on a WebSocket, dcg #529). */
const commandOptional = new Set(['Monitor']);

/** What a request in this envelope asks, for a harness whose hook runs on `event`. */
export function readToolCall(request: JsonObject, event: string): HarnessRequest {
  const eventName = request['hook_event_name'];
  if (eventName !== undefined && eventName !== event) {
    const reason = `the request is a ${describeEvent(eventName)} event, and \`treeward hook\` answers ${event} only; register it under ${event}`;
    return { kind: 'bad', reason };
  }
  const toolName = request['tool_name'];
  if (typeof toolName !== 'string') return { kind: 'bad', reason: 'the request has no `tool_name` string' };
  if (powerShellTools.has(toolName)) {
    const reason = `treeward reads bash, sh and zsh, not PowerShell, so it cannot judge a ${toolName} command; run it with the shell tool (Bash) instead`;
    return { kind: 'bad', reason };
  }
  if (!shellTools.has(toolName)) return { kind: 'other' };
  const toolInput = request['tool_input'];
  if (!isPlainObject(toolInput)) return { kind: 'bad', reason: `the ${toolName} request has no \`tool_input\` object` };
  if (commandOptional.has(toolName) && !Object.hasOwn(toolInput, 'command')) return { kind: 'other' };
  const command = toolInput['command'];
  if (typeof command !== 'string') {
    return { kind: 'bad', reason: `the ${toolName} request's \`tool_input.command\` is ${command === undefined ? 'missing' : 'not a string'}` };
  }
  if (command.length > maxCommandBytes / 3 && Buffer.byteLength(command, 'utf8') > maxCommandBytes) {
    return { kind: 'bad', reason: 'the command is over 1 MiB; split the work into smaller commands' };
  }
  const cwd = request['cwd'];
  if (cwd !== undefined && (typeof cwd !== 'string' || !cwd.startsWith('/'))) return { kind: 'bad', reason: 'the request\'s `cwd` is not an absolute path' };
  return { kind: 'shell', command, toolInput, cwd: typeof cwd === 'string' ? cwd : null, directory: null };
}

function describeEvent(value: unknown): string {
  return typeof value === 'string' ? `\`${value}\`` : 'non-string `hook_event_name`';
}

/** Claude Code's `hookSpecificOutput` deny, which Codex (and every harness that copied Claude's protocol) reads too. */
export function preToolUseDeny(reason: string): JsonObject {
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
}
