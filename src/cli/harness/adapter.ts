// The one shape every harness adapter has (SPEC §1 "Hook protocol"): how to
// tell its requests apart, what a shell request carries, the answer in the
// harness's own form, the dialect its shell reads, whether it runs treeward's
// rewritten command, and what it runs when it does not; and where its hook is
// installed (./install-plan.ts). The flow that uses an adapter is
// src/cli/hook.ts; the table of adapters is ./index.ts.
//
// Evidence marks, as in ../shared/hosts/protocols.md: [src] read in the
// harness's own source, [docs] in its vendor's documentation, [3p] in a third
// party's write-up or code, [unverified] an inference.

import type { DenyId } from '../../approver/types.js';
import type { Span } from '../../syntax/ast.js';
import type { DialectName } from '../../syntax/dialect.js';
import type { InstallPlan } from './install-plan.js';

export type JsonObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A command longer than this (in UTF-8 bytes) is `bad-input` (SPEC §1). */
export const maxCommandBytes = 1 << 20;

/** A shell line to judge. */
export interface ShellRequest {
  kind: 'shell';
  /** The lines to judge: one for every harness but Cline, whose `run_commands` carries several, each run on its own. */
  commands: string[];
  /** The tool's input, echoed under the rewrite. */
  toolInput: JsonObject;
  /** The request's directory (absolute), null when it sends none. */
  cwd: string | null;
  /** Where the request says the line runs, read against `cwd` (Gemini's `dir_path`, Crush's `working_dir`, …); null when absent. */
  directory: string | null;
  /** The tree the request names (Cursor's and Cline's workspace roots), null when it names none. */
  tree: string | null;
  /** Which of the harness's request forms this is, when it has several (Cursor). */
  form?: string;
}

export type HarnessRequest =
  | ShellRequest
  /** A tool that runs no shell code: no opinion. */
  | { kind: 'other' }
  /** Not a request treeward can read: `bad-input`. */
  | { kind: 'bad'; reason: string; form?: string };

export type HookAnswer =
  /** `command` is the handed-back line, null when the harness runs the line as written (judged where it runs, unpinned). */
  | { decision: 'allow'; command: string | null; dir: string }
  /** `span`: the words of the line that caused it, where the approver said (for the audit log; no harness is sent it). */
  | { decision: 'deny'; id: DenyId; reason: string; span?: Span };

/** What the hook process prints and the status it exits with. */
export interface HookReply {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** A name under which a harness's tool runs shell code, and where that was read. */
export interface ShellToolName {
  name: string;
  /** protocols.md section and evidence mark. */
  source: string;
  /** The tool may carry no command and then runs no shell code (Claude Code's `Monitor` on a WebSocket). */
  commandOptional?: true;
  /** Its command is PowerShell, which treeward does not read: refused. */
  powerShell?: true;
}

/** Every harness's shell tool names, so that a request under another harness's name is still judged (./index.ts makes it). */
export interface KnownTools {
  shell: ReadonlySet<string>;
  powerShell: ReadonlySet<string>;
  commandOptional: ReadonlySet<string>;
}

/** What a tool name means to treeward, by every harness's names. */
export function classifyTool(name: string, known: KnownTools): 'shell' | 'powershell' | 'other' {
  if (known.powerShell.has(name)) return 'powershell';
  return known.shell.has(name) ? 'shell' : 'other';
}

export interface HarnessAdapter {
  /** The `--format` name, and the HOST of `treeward install`. */
  readonly format: string;
  /** The harness's name for people. */
  readonly title: string;
  /** Where its protocol is recorded: the protocols.md section and evidence marks. */
  readonly source: string;
  /** Its tools that run shell code, under every name it gives them. */
  readonly shellTools: readonly ShellToolName[];
  /** Whether a parsed request is this harness's, from the request alone. Tried in the table's order. */
  detect(request: JsonObject): boolean;
  /** Whether input that does not parse (or is too large to) looks like this harness's, from its text, so the deny is in its form. */
  sniff(text: string): boolean;
  /** The shell line a request of this harness asks to run, a tool that runs none, or why it cannot be read. */
  read(request: JsonObject, known: KnownTools): HarnessRequest;
  /** The answer in the harness's form; `request` is what was read, null when nothing could be. */
  render(answer: HookAnswer, request: HarnessRequest | null): HookReply;
  /**
   * Whether the harness runs the command treeward hands back. Where it does,
   * the line is judged pinned where treeward places it (and, where that is
   * not the request's directory, also as run there without the rewrite, for
   * builds that drop it). Where it does not, the line is judged where it will
   * really run, unpinned, and the answer is allow or deny only. A question of
   * the request, since one harness may send forms that differ here (Cursor).
   */
  honoursRewrite(request: ShellRequest): boolean;
  /** The environment variables that name the project's root, first found wins (before `CLAUDE_PROJECT_DIR`, SPEC §1 "Defaults"). */
  readonly projectDirVariables: readonly string[];
  /** The dialect the harness's shell reads a line in, when `--shell` does not say. */
  defaultDialect(env: Readonly<Record<string, string | undefined>>): DialectName;
  /** What the harness runs when it drops the rewrite: the line as the model wrote it, or what the harness makes of it first. */
  asRunWithoutRewrite(command: string): string;
  /** Where `treeward install` puts the hook, and what `doctor` checks. */
  readonly install: InstallPlan;
}

/** The reply of a harness that reads one JSON object on stdout. */
export function jsonReply(object: JsonObject): HookReply {
  return { stdout: JSON.stringify(object) + '\n', stderr: '', exitCode: 0 };
}

/** The reply of a harness that reads the exit status only: 2 blocks with the reason on stderr, 0 lets the line run. */
export function exitStatusReply(answer: HookAnswer): HookReply {
  if (answer.decision === 'deny') return { stdout: '', stderr: denyText(answer) + '\n', exitCode: 2 };
  return { stdout: allowText(answer) + '\n', stderr: '', exitCode: 0 };
}

/** The sentence every harness shows for a deny: `treeward <id>: <reason>`. */
export function denyText(answer: Extract<HookAnswer, { decision: 'deny' }>): string {
  return `treeward ${answer.id}: ${answer.reason}`;
}

/** The sentence that goes with an allow, where the harness takes one. */
export function allowText(answer: Extract<HookAnswer, { decision: 'allow' }>): string {
  if (answer.command === null) {
    const why = "this harness runs the line without treeward's rewrite, so it was judged where it runs";
    return `treeward: approved as written, to run unpinned in ${answer.dir} (${why})`;
  }
  return `treeward: approved, run from ${answer.dir}`;
}

/** The request's tool input with the command replaced by the handed-back line: a rewrite replaces the whole input, so every field is echoed. */
export function rewrittenInput(command: string, request: HarnessRequest | null): JsonObject {
  return { ...(request?.kind === 'shell' ? request.toolInput : {}), command };
}

/** The request's form, where the adapter recorded one. */
export function formOf(request: HarnessRequest | null): string | undefined {
  return request === null || request.kind === 'other' ? undefined : request.form;
}
