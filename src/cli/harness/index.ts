// The harnesses `treeward hook` answers (SPEC §1 "Hook protocol"), one adapter
// each (./adapter.ts has their shape): the table, telling a request's harness
// from the request, and from the text of input that does not parse.

import { type HarnessAdapter, type HarnessRequest, type HookAnswer, type JsonObject } from './adapter.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { gemini } from './gemini.js';

export { isPlainObject, maxCommandBytes, type HarnessAdapter, type HarnessRequest, type HookAnswer, type HookReply, type ShellRequest } from './adapter.js';

/** In the order they are tried: an adapter with a mark of its own before the one that reads the shared envelope. */
const adapters: readonly HarnessAdapter[] = [codex, gemini, claude];

export type HarnessFormat = 'claude' | 'codex' | 'gemini';

/** The `--format` names, as the help lists them. */
export const harnessFormats: readonly HarnessFormat[] = ['claude', 'codex', 'gemini'];

/** The form a request is answered in when nothing tells its harness (a request that is not a JSON object). */
export const defaultFormat: HarnessFormat = 'claude';

export function isHarnessFormat(name: string): name is HarnessFormat {
  return (harnessFormats as readonly string[]).includes(name);
}

export function adapterFor(format: HarnessFormat): HarnessAdapter {
  return adapters.find((adapter) => adapter.format === format)!;
}

/** The format a parsed request is in: Codex adds `turn_id`; Gemini names its event and its shell tool its own way. */
export function detectFormat(request: JsonObject): HarnessFormat {
  return adapters.find((adapter) => adapter.detect(request))!.format as HarnessFormat;
}

/** The format of input that is not JSON (or too large to parse), from its text alone, so the deny is still in the right form. */
export function sniffFormat(text: string): HarnessFormat {
  const head = text.slice(0, 1 << 16);
  return adapters.find((adapter) => adapter.sniff(head))!.format as HarnessFormat;
}

/** What a parsed request asks, read in `format`. */
export function readRequest(request: JsonObject, format: HarnessFormat): HarnessRequest {
  return adapterFor(format).read(request);
}

/** The object a harness that reads JSON is answered with. `toolInput` is the request's, echoed under the rewrite. */
export function answerObject(format: HarnessFormat, answer: HookAnswer, toolInput: JsonObject | null): JsonObject {
  const request = toolInput === null ? null : { kind: 'shell' as const, command: '', toolInput, cwd: null, directory: null };
  return JSON.parse(adapterFor(format).render(answer, request).stdout) as JsonObject;
}

/**
 * The reply of every harness to a hook that could not start (its bundle did
 * not load), with `placeholder` where the reason goes: the build writes these
 * into the binary's loader (scripts/binary.mjs), which has nothing else to
 * answer with.
 */
export function startFailureReplies(placeholder: string): Record<string, { stdout: string; stderr: string; exitCode: number }> {
  const replies: Record<string, { stdout: string; stderr: string; exitCode: number }> = {};
  for (const adapter of adapters) replies[adapter.format] = adapter.render({ decision: 'deny', id: 'internal-error', reason: placeholder }, null);
  return replies;
}
