// What the adapters share for reading a request: the envelope Claude Code's
// PreToolUse hook made and most harnesses copied (`hook_event_name`,
// `tool_name`, `tool_input` with the line in `tool_input.command`, `cwd`),
// and the checks every shell request passes whatever its envelope (the
// command a string under 1 MiB, directories absolute strings).

import { isWindowsPath } from '../platform.js';
import { classifyTool, type HarnessRequest, isPlainObject, type JsonObject, type KnownTools, maxCommandBytes, type ShellRequest } from './adapter.js';

export interface ToolCallShape {
  /** The event the hook runs on, as the request names it. */
  event: string;
  /** The key that names the event (`hook_event_name`; Crush: `event`). */
  eventKey?: string;
  /** The keys of `tool_input` that say where the line runs, first present wins (Gemini: `dir_path`). */
  directoryKeys?: readonly string[];
  /** A form name the adapter renders by. */
  form?: string;
}

/** What a request in the shared envelope asks. */
export function readToolCall(request: JsonObject, known: KnownTools, shape: ToolCallShape): HarnessRequest {
  const eventKey = shape.eventKey ?? 'hook_event_name';
  const eventName = request[eventKey];
  if (eventName !== undefined && eventName !== shape.event) {
    const named = typeof eventName === 'string' ? `\`${eventName}\`` : `non-string \`${eventKey}\``;
    return bad(`the request is a ${named} event, and \`treeward hook\` answers ${shape.event} only; register it under ${shape.event}`, shape.form);
  }
  const toolName = request['tool_name'];
  if (typeof toolName !== 'string') return bad('the request has no `tool_name` string', shape.form);
  return readToolInput(toolName, request['tool_input'], request['cwd'], known, shape);
}

/** The shell request of a tool named `toolName` whose input is `toolInput`, run from `cwd`, or why there is none. */
export function readToolInput(toolName: string, toolInput: unknown, cwd: unknown, known: KnownTools, shape: Omit<ToolCallShape, 'event'>): HarnessRequest {
  const kind = classifyTool(toolName, known);
  if (kind === 'powershell') return powerShellRefusal(toolName, shape.form);
  if (kind === 'other') return { kind: 'other' };
  if (!isPlainObject(toolInput)) return bad(`the ${toolName} request has no \`tool_input\` object`, shape.form);
  if (known.commandOptional.has(toolName) && !Object.hasOwn(toolInput, 'command')) return { kind: 'other' };
  const command = checkedCommand(toolInput['command'], `the ${toolName} request's \`tool_input.command\``);
  if (typeof command !== 'string') return { ...command, form: shape.form };
  return shellRequest([command], toolInput, cwd, directoryIn(toolInput, shape.directoryKeys ?? []), null, shape.form);
}

/** `value` as a command line, or why it is not one (`what` names the field). */
export function checkedCommand(value: unknown, what: string): string | { kind: 'bad'; reason: string } {
  if (typeof value !== 'string') return { kind: 'bad', reason: `${what} is ${value === undefined ? 'missing' : 'not a string'}` };
  if (value.length > maxCommandBytes / 3 && Buffer.byteLength(value, 'utf8') > maxCommandBytes) {
    return { kind: 'bad', reason: 'the command is over 1 MiB; split the work into smaller commands' };
  }
  return value;
}

/** The first of `keys` present in `input`: a string (empty: absent), or `false` when it is there but not a string. */
function directoryIn(input: JsonObject, keys: readonly string[]): { key: string; value: string | null } | { key: string; wrong: true } | null {
  for (const key of keys) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return { key, wrong: true };
    return { key, value: value === '' ? null : value };
  }
  return null;
}

/**
 * A shell request after the checks every one passes: `cwd` absolute, the
 * directory a string. `directory` is the tool input's own directory field, as
 * `directoryIn` read it, or a string the adapter read elsewhere.
 */
export function shellRequest(
  commands: string[], toolInput: JsonObject, cwd: unknown, directory: ReturnType<typeof directoryIn> | string | null, tree: unknown, form?: string,
): ShellRequest | { kind: 'bad'; reason: string; form?: string } {
  // a Windows directory is absolute too: the flow refuses it with its own reason (src/cli/platform.ts)
  if (cwd !== undefined && cwd !== null && (typeof cwd !== 'string' || !isAbsolutePath(cwd))) return bad('the request\'s `cwd` is not an absolute path', form);
  if (directory !== null && typeof directory !== 'string' && 'wrong' in directory) {
    return bad(`the request's \`tool_input.${directory.key}\` is not a string`, form);
  }
  if (tree !== null && tree !== undefined && (typeof tree !== 'string' || !isAbsolutePath(tree))) {
    return bad('the request\'s workspace root is not an absolute path', form);
  }
  const dir = directory === null ? null : typeof directory === 'string' ? directory : directory.value;
  const request: ShellRequest = {
    kind: 'shell', commands, toolInput, cwd: typeof cwd === 'string' ? cwd : null, directory: dir, tree: typeof tree === 'string' ? tree : null,
  };
  if (form !== undefined) request.form = form;
  return request;
}

/** An absolute directory: POSIX's, or Windows' (`C:\…`, `\\server\…`), which the flow refuses by name. */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || isWindowsPath(path, 'win32');
}

export function bad(reason: string, form?: string): { kind: 'bad'; reason: string; form?: string } {
  return form === undefined ? { kind: 'bad', reason } : { kind: 'bad', reason, form };
}

function powerShellRefusal(toolName: string, form?: string): HarnessRequest {
  return bad(`treeward reads bash, sh and zsh, not PowerShell, so it cannot judge a ${toolName} command; run it with the shell tool (Bash) instead`, form);
}

/** Claude Code's `hookSpecificOutput` deny, which Codex and every harness that copied Claude's protocol reads too. */
export function preToolUseDeny(reason: string): JsonObject {
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } };
}

/** Claude Code's `hookSpecificOutput` allow: with the rewrite where there is one, else the decision and the reason alone. */
export function preToolUseAllow(reason: string, updatedInput: JsonObject | null): JsonObject {
  const specific: JsonObject = { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: reason };
  if (updatedInput !== null) specific['updatedInput'] = updatedInput;
  return { hookSpecificOutput: specific };
}

/** Whether a request carries any of `keys` (a harness's own marks). */
export function hasAny(request: JsonObject, keys: readonly string[]): boolean {
  return keys.some((key) => Object.hasOwn(request, key));
}
