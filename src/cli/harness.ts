// The three hook protocols `treeward hook` answers (SPEC §1 "Hook protocol"):
// how to tell them apart, what a shell request carries, and the exact object
// each harness reads as an allow with a rewritten command, or as a deny.
//
// Sources, as read when this was written:
// - Claude Code: the PreToolUse input (`session_id`, `transcript_path`, `cwd`,
//   `permission_mode`, `hook_event_name`, `tool_name`, `tool_input`,
//   `tool_use_id`) and `hookSpecificOutput` (`hookEventName`,
//   `permissionDecision` allow|deny|ask|defer, `permissionDecisionReason`,
//   `updatedInput`, `additionalContext`) as typed in anthropics/claude-agent-sdk-python
//   `src/claude_agent_sdk/types.py` (PreToolUseHookInput,
//   PreToolUseHookSpecificOutput), and code.claude.com/docs/en/hooks.
//   `updatedInput` replaces the tool's input, so every field is echoed.
// - Codex: openai/codex `codex-rs/hooks/src/schema.rs` (PreToolUseCommandInput
//   with its `turn_id` "Codex extension"; PreToolUseCommandOutputWire and
//   PreToolUseHookSpecificOutputWire, both `deny_unknown_fields`), the generated
//   `schema/generated/pre-tool-use.command.{input,output}.schema.json`, and
//   `src/engine/output_parser.rs`: `permissionDecision: "allow"` without
//   `updatedInput` is "unsupported" (the hook counts as failed and the command
//   runs as the model wrote it), `ask` is unsupported, a deny needs a non-empty
//   `permissionDecisionReason`. developers.openai.com/codex/hooks: hooks.json,
//   matcher `Bash` (Codex reports its shell tools as `Bash`).
// - Gemini CLI: google-gemini/gemini-cli `docs/hooks/reference.md` (BeforeTool:
//   `decision` "deny"/"block" with `reason`, `hookSpecificOutput.tool_input`
//   "merges with and overrides" the model's arguments) and
//   `packages/core/src/hooks/types.ts` (BeforeToolInput, BeforeToolOutput,
//   BeforeToolHookOutput.getModifiedToolInput); the shell tool's parameters
//   (`command`, `description`, `dir_path`, `is_background`) and
//   `cwd = path.resolve(targetDir, dir_path)` in `packages/core/src/tools/shell.ts`.

import type { DenyId } from '../approver/types.js';

export type HarnessFormat = 'claude' | 'codex' | 'gemini';

export const harnessFormats: readonly HarnessFormat[] = ['claude', 'codex', 'gemini'];

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
const shellTools = new Set(['Bash', 'Monitor', 'Shell', 'Execute', 'run_shell_command', 'shell', 'shell_command', 'exec_command', 'local_shell', 'container.exec']);

/** Tools whose command is PowerShell (Claude Code's `PowerShell`, §1.2): treeward reads no PowerShell, so it refuses them rather than stay silent. */
const powerShellTools = new Set(['PowerShell', 'powershell', 'pwsh']);

/** Tools that may carry no command at all and then run no shell code (Claude Code's `Monitor` on a WebSocket, dcg #529). */
const commandOptional = new Set(['Monitor']);

/** The event each protocol's hook runs on. */
const eventNames: Record<HarnessFormat, string> = { claude: 'PreToolUse', codex: 'PreToolUse', gemini: 'BeforeTool' };

/** The format a parsed request is in: Codex adds `turn_id`; Gemini names its event and its shell tool its own way. */
export function detectFormat(request: Record<string, unknown>): HarnessFormat {
  if (Object.hasOwn(request, 'turn_id')) return 'codex';
  if (request['hook_event_name'] === 'BeforeTool' || request['tool_name'] === 'run_shell_command') return 'gemini';
  return 'claude';
}

/** The format of input that is not JSON (or too large to parse), from its text alone, so the deny is still in the right form. */
export function sniffFormat(text: string): HarnessFormat {
  const head = text.slice(0, 1 << 16);
  if (/"turn_id"\s*:/.test(head)) return 'codex';
  if (/"(?:BeforeTool|run_shell_command)"/.test(head)) return 'gemini';
  return 'claude';
}

export type HarnessRequest =
  /** A shell line to judge. `directory` is Gemini's `dir_path` as sent (null when absent). */
  | { kind: 'shell'; command: string; toolInput: Record<string, unknown>; cwd: string | null; directory: string | null }
  /** A tool treeward does not judge: no opinion. */
  | { kind: 'other' }
  /** Not a request treeward can read: `bad-input`. */
  | { kind: 'bad'; reason: string };

/** A command longer than this (in UTF-8 bytes) is `bad-input` (SPEC §1). */
export const maxCommandBytes = 1 << 20;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a parsed request asks, read in `format`. */
export function readRequest(request: Record<string, unknown>, format: HarnessFormat): HarnessRequest {
  const event = request['hook_event_name'];
  if (event !== undefined && event !== eventNames[format]) {
    return { kind: 'bad', reason: `the request is a ${describe(event)} event, and \`treeward hook\` answers ${eventNames[format]} only; register it under ${eventNames[format]}` };
  }
  const toolName = request['tool_name'];
  if (typeof toolName !== 'string') return { kind: 'bad', reason: 'the request has no `tool_name` string' };
  if (powerShellTools.has(toolName)) {
    return { kind: 'bad', reason: `treeward reads bash, sh and zsh, not PowerShell, so it cannot judge a ${toolName} command; run it with the shell tool (Bash) instead` };
  }
  if (!shellTools.has(toolName)) return { kind: 'other' };
  const toolInput = request['tool_input'];
  if (!isPlainObject(toolInput)) return { kind: 'bad', reason: `the ${toolName} request has no \`tool_input\` object` };
  if (commandOptional.has(toolName) && !Object.hasOwn(toolInput, 'command')) return { kind: 'other' };
  const command = toolInput['command'];
  if (typeof command !== 'string') return { kind: 'bad', reason: `the ${toolName} request's \`tool_input.command\` is ${command === undefined ? 'missing' : 'not a string'}` };
  if (command.length > maxCommandBytes / 3 && Buffer.byteLength(command, 'utf8') > maxCommandBytes) {
    return { kind: 'bad', reason: 'the command is over 1 MiB; split the work into smaller commands' };
  }
  const cwd = request['cwd'];
  if (cwd !== undefined && (typeof cwd !== 'string' || !cwd.startsWith('/'))) return { kind: 'bad', reason: 'the request\'s `cwd` is not an absolute path' };
  let directory: string | null = null;
  if (format === 'gemini') {
    // `directory` is the parameter's name in Gemini CLI builds before `dir_path`.
    const dirPath = toolInput['dir_path'] ?? toolInput['directory'];
    if (dirPath !== undefined && dirPath !== null && typeof dirPath !== 'string') return { kind: 'bad', reason: 'the request\'s `tool_input.dir_path` is not a string' };
    if (typeof dirPath === 'string' && dirPath !== '') directory = dirPath;
  }
  return { kind: 'shell', command, toolInput, cwd: typeof cwd === 'string' ? cwd : null, directory };
}

function describe(value: unknown): string {
  return typeof value === 'string' ? `\`${value}\`` : 'non-string `hook_event_name`';
}

export type HookAnswer =
  | { decision: 'allow'; command: string; dir: string }
  | { decision: 'deny'; id: DenyId; reason: string };

/** The answer as the harness reads it: one JSON object and a newline. `toolInput` is the request's, echoed under the rewrite. */
export function renderAnswer(format: HarnessFormat, answer: HookAnswer, toolInput: Record<string, unknown> | null): string {
  return JSON.stringify(answerObject(format, answer, toolInput)) + '\n';
}

export function answerObject(format: HarnessFormat, answer: HookAnswer, toolInput: Record<string, unknown> | null): Record<string, unknown> {
  if (answer.decision === 'deny') {
    const reason = `treeward ${answer.id}: ${answer.reason}`;
    if (format === 'gemini') return { decision: 'deny', reason };
    return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
  }
  const rewritten = { ...(toolInput ?? {}), command: answer.command };
  const reason = `treeward: approved, run from ${answer.dir}`;
  if (format === 'gemini') return { decision: 'allow', reason, hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: rewritten } };
  // Codex's parser rejects any field its schema lacks; the reason is in the
  // schema, but an allow needs nothing but the decision and the rewrite.
  if (format === 'codex') return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: rewritten } };
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: reason, updatedInput: rewritten } };
}
