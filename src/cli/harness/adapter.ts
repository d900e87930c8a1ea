// The one shape every harness adapter has (SPEC §1 "Hook protocol"): how to
// tell its requests apart, what a shell request carries, the answer in the
// harness's own form, the dialect its shell reads, whether it runs treeward's
// rewritten command, and what it runs when it does not. The flow that uses
// an adapter is src/cli/hook.ts; the table of adapters is ./index.ts.

import type { DenyId } from '../../approver/types.js';
import type { DialectName } from '../../syntax/dialect.js';

export type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A command longer than this (in UTF-8 bytes) is `bad-input` (SPEC §1). */
export const maxCommandBytes = 1 << 20;

/** A shell line to judge. `directory` is where the request says the line runs, relative to `cwd` (Gemini's `dir_path`), null when absent. */
export interface ShellRequest {
  kind: 'shell';
  command: string;
  /** The tool's input, echoed under the rewrite. */
  toolInput: JsonObject;
  cwd: string | null;
  directory: string | null;
}

export type HarnessRequest =
  | ShellRequest
  /** A tool treeward does not judge: no opinion. */
  | { kind: 'other' }
  /** Not a request treeward can read: `bad-input`. */
  | { kind: 'bad'; reason: string };

export type HookAnswer =
  | { decision: 'allow'; command: string; dir: string }
  | { decision: 'deny'; id: DenyId; reason: string };

/** What the hook process prints and the status it exits with. */
export interface HookReply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** The reply of a harness that reads one JSON object on stdout. */
export function jsonReply(object: JsonObject): HookReply {
  return { stdout: JSON.stringify(object) + '\n', stderr: '', exitCode: 0 };
}

export interface HarnessAdapter {
  /** The `--format` name. */
  readonly format: string;
  /** Whether a parsed request is this harness's, from the request alone. Tried in the table's order. */
  detect(request: JsonObject): boolean;
  /** Whether input that does not parse (or is too large to) looks like this harness's, from its text, so the deny is in its form. */
  sniff(text: string): boolean;
  /** The shell line a request of this harness asks to run, a tool that runs none, or why it cannot be read. */
  read(request: JsonObject): HarnessRequest;
  /** The answer in the harness's form; `request` is the shell request judged, null when there was none to read. */
  render(answer: HookAnswer, request: ShellRequest | null): HookReply;
  /**
   * Whether the harness runs the command treeward hands back. Where it does,
   * the line is judged pinned where treeward places it (and, where that is
   * not the request's directory, also as run there without the rewrite, for
   * builds that drop it).
   */
  readonly honoursRewrite: boolean;
  /** The dialect the harness's shell reads a line in, when `--shell` does not say. */
  defaultDialect(env: Readonly<Record<string, string | undefined>>): DialectName;
  /** What the harness runs when it drops the rewrite: the line as the model wrote it, or what the harness makes of it first. */
  asRunWithoutRewrite(command: string): string;
}

/** The sentence every harness shows for a deny: `treeward <id>: <reason>`. */
export function denyText(answer: Extract<HookAnswer, { decision: 'deny' }>): string {
  return `treeward ${answer.id}: ${answer.reason}`;
}

/** The sentence that goes with an allow, where the harness takes one. */
export function allowText(answer: Extract<HookAnswer, { decision: 'allow' }>): string {
  return `treeward: approved, run from ${answer.dir}`;
}

/** The request's tool input with the command replaced by the handed-back line: a rewrite replaces the whole input, so every field is echoed. */
export function rewrittenInput(answer: Extract<HookAnswer, { decision: 'allow' }>, request: ShellRequest | null): JsonObject {
  return { ...(request?.toolInput ?? {}), command: answer.command };
}
