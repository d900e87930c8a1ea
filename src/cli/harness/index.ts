// The harnesses `treeward hook` answers (SPEC §1 "Hook protocol"), one adapter
// each (./adapter.ts has their shape): the table, telling a request's harness
// from the request, and from the text of input that does not parse.

import { type HarnessAdapter, type HarnessRequest, type HookAnswer, type HookReply, type JsonObject, type KnownTools } from './adapter.js';
import { augment } from './augment.js';
import { claude } from './claude.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { copilot } from './copilot.js';
import { crush } from './crush.js';
import { cursor } from './cursor.js';
import { droid } from './droid.js';
import { gemini } from './gemini.js';
import { kimi } from './kimi.js';
import { kiro } from './kiro.js';
import { qwen } from './qwen.js';
import { windsurf } from './windsurf.js';

export {
  isPlainObject, maxCommandBytes, type HarnessAdapter, type HarnessRequest, type HookAnswer, type HookReply, type ShellRequest,
} from './adapter.js';

/**
 * In the order they are tried. Each detects its requests by a mark of its own
 * (a field, an event name, a tool name no other harness uses); Claude Code's
 * envelope, which most copied, is read by the adapter of the harness whose
 * mark it carries, and by Claude Code's when it carries none.
 */
export const adapters: readonly HarnessAdapter[] = [codex, cline, copilot, windsurf, crush, cursor, kiro, kimi, qwen, gemini, droid, augment, claude];

export type HarnessFormat = string;

/** The `--format` names (and `treeward install` hosts), as the help lists them. */
export const harnessFormats: readonly string[] = adapters.map((adapter) => adapter.format).sort();

/** The form a request is answered in when nothing tells its harness. */
export const defaultFormat: HarnessFormat = 'claude';

export function isHarnessFormat(name: string): boolean {
  return harnessFormats.includes(name);
}

export function adapterFor(format: HarnessFormat): HarnessAdapter {
  return adapters.find((adapter) => adapter.format === format) ?? claude;
}

let knownTools: KnownTools | undefined;

/** Every harness's shell tool names, made at the first request that needs them. */
export function allShellTools(): KnownTools {
  if (knownTools) return knownTools;
  const shell = new Set<string>();
  const powerShell = new Set<string>();
  const commandOptional = new Set<string>();
  for (const tool of adapters.flatMap((adapter) => adapter.shellTools)) {
    (tool.powerShell ? powerShell : shell).add(tool.name);
    if (tool.commandOptional) commandOptional.add(tool.name);
  }
  return (knownTools = { shell, powerShell, commandOptional });
}

/** The harness a parsed request comes from, or null when it has the marks of none. */
export function detectFormat(request: JsonObject): HarnessFormat | null {
  return adapters.find((adapter) => adapter.detect(request))?.format ?? null;
}

/** The format of input that is not JSON (or too large to parse), from its text alone, so the deny is still in the right form. */
export function sniffFormat(text: string): HarnessFormat {
  const head = text.slice(0, 1 << 16);
  return adapters.find((adapter) => adapter.sniff(head))!.format;
}

/** What a parsed request asks, read in `format`. */
export function readRequest(request: JsonObject, format: HarnessFormat): HarnessRequest {
  return adapterFor(format).read(request, allShellTools());
}

/** Why a request no adapter claims is refused: the fields it has, so a person can tell what sent it. */
export function unknownRequestReason(request: JsonObject): string {
  const keys = Object.keys(request).slice(0, 12).map((key) => `\`${key.slice(0, 40)}\``);
  const seen = keys.length === 0 ? 'no fields' : `the fields ${keys.join(', ')}${Object.keys(request).length > 12 ? ', …' : ''}`;
  return `the request matches no harness treeward knows (it has ${seen}); start the hook with \`--format NAME\` (${harnessFormats.join(', ')})`;
}

/** The object a harness that reads JSON is answered with. `toolInput` is the request's, echoed under the rewrite. */
export function answerObject(format: HarnessFormat, answer: HookAnswer, toolInput: JsonObject | null): JsonObject {
  const request: HarnessRequest | null = toolInput === null ? null : { kind: 'shell', commands: [''], toolInput, cwd: null, directory: null, tree: null };
  return JSON.parse(adapterFor(format).render(answer, request).stdout) as JsonObject;
}

/**
 * The reply of every harness to a hook that could not start (its bundle did
 * not load), with `placeholder` where the reason goes: the build writes these
 * into the binary's loader (scripts/binary.mjs), which has nothing else to
 * answer with.
 */
export function startFailureReplies(placeholder: string): Record<string, HookReply> {
  const replies: Record<string, HookReply> = {};
  for (const adapter of adapters) replies[adapter.format] = adapter.render({ decision: 'deny', id: 'internal-error', reason: placeholder }, null);
  return replies;
}
