// The audit log (issue 17 item 1; SPEC §1 "Audit log"): every verdict of
// `treeward hook`, and of `treeward check --log`, appended as one JSON line to
// `$XDG_STATE_HOME/treeward/log.jsonl` (default `~/.local/state/treeward/`),
// secrets redacted first (./redact.ts). The hook writes it after its answer,
// with plain fs calls, and a log that cannot be written never changes a
// verdict: the flow (./main.ts) reports it once on stderr, where the
// harness reads no answer.
//
// Whole lines under concurrency: several harnesses and sub-agents run hooks
// at once, so each line is one write(2) on a descriptor opened with O_APPEND,
// and no longer than PIPE_BUF (4096 bytes; a longer command or reason is cut,
// saying how much was cut), the size POSIX keeps whole for pipes and which
// local filesystems keep whole for appends. Past the size limit the file
// is rotated (`log.jsonl` → `log.jsonl.1` → … `log.jsonl.N`) by the one
// process that makes the lock directory `log.jsonl.rotating`.

import { closeSync, constants, fstatSync, mkdirSync, openSync, renameSync, rmdirSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Span } from '../syntax/ast.js';
import { redact } from './redact.js';

export interface LogSettings {
  enabled: boolean;
  /** The size past which the file is rotated. */
  maxBytes: number;
  /** How many rotated files are kept beside it (`log.jsonl.1` … `.N`). */
  generations: number;
}

export const defaultLogSettings: LogSettings = { enabled: true, maxBytes: 10 << 20, generations: 3 };

/** One line of the log: what was judged, where, and the verdict. */
export interface LogEntry {
  /** ISO 8601, UTC. */
  time: string;
  /** The harness (the `--format` name), or `check`. */
  harness: string;
  /** The harness's session (or conversation, task, trajectory) id, where the request has one. */
  session: string | null;
  tree: string | null;
  /** Where the line was judged to run. */
  directory: string | null;
  dialect: string | null;
  /** Whose tools the line was read for (linux, darwin); null: not known, read both ways, or not reached. */
  platform?: string | null;
  /** The line, redacted (several lines of one request joined by newlines); null when the request held none treeward could read. */
  command: string | null;
  decision: 'allow' | 'deny';
  id: string | null;
  reason: string | null;
  /** In the logged (redacted) command. */
  span: Span | null;
  /** treeward's version. */
  version: string;
  /** How long the verdict took, from the request read to the answer made. */
  verdictMs: number;
  /** The command's length in UTF-8 bytes as the harness sent it, when the line holds only its start. */
  commandBytes?: number;
}

/** A line longer than this could be split by a concurrent append: PIPE_BUF, POSIX's least. */
export const maxLineBytes = 4096;

/** Where the log is: `$XDG_STATE_HOME/treeward/log.jsonl` (an absolute one, as the XDG spec says), else under `$HOME/.local/state`. */
export function logPath(env: Readonly<Record<string, string | undefined>>): string {
  const state = env['XDG_STATE_HOME'];
  if (state && state.startsWith('/')) return join(state, 'treeward', 'log.jsonl');
  return join(env['HOME'] || '/', '.local', 'state', 'treeward', 'log.jsonl');
}

/**
 * How much of a command is redacted: a line holds a few kilobytes of it at
 * most, so the rest is never read (redacting a megabyte of `A=1 A=1 …` takes
 * a third of a second, after the answer but before the hook exits).
 */
const redactedWindow = 64 << 10;

/** The entry with its command and reason redacted, its span moved with them, and the command's length as sent (`commandBytes`). */
export function redactedEntry(entry: LogEntry): LogEntry {
  const reason = entry.reason === null ? null : redact(entry.reason).text;
  if (entry.command === null) return { ...entry, reason };
  const command = redact(entry.command.length > redactedWindow ? entry.command.slice(0, redactedWindow) : entry.command);
  const span: Span | null = entry.span === null ? null : [command.offset(entry.span[0]), command.offset(entry.span[1], true)];
  return { ...entry, command: command.text, reason, span, commandBytes: Buffer.byteLength(entry.command) };
}

/** The JSON line for an entry (already redacted), cut to `maxLineBytes` with its newline; `commandBytes` is kept only when the command was cut. */
export function logLine(entry: LogEntry): string {
  const { commandBytes, ...whole } = entry;
  let line = JSON.stringify(whole);
  if (Buffer.byteLength(line) < maxLineBytes) return line + '\n';
  const cut: LogEntry = { ...whole, commandBytes: commandBytes ?? Buffer.byteLength(entry.command ?? '') };
  // the reason first to a sentence's length, then the command to what is left; paths last, for a tree nobody should have
  const fields = ['reason', 'command', 'tree', 'directory'] as const;
  for (const field of fields) {
    const text = cut[field];
    if (text === null || text === undefined) continue;
    const over = Buffer.byteLength(JSON.stringify(cut)) + 1 - maxLineBytes;
    if (over <= 0) break;
    cut[field] = shorten(text, field === 'reason' ? Math.max(400, escapedLength(text) - over) : escapedLength(text) - over);
  }
  line = JSON.stringify(cut);
  if (Buffer.byteLength(line) >= maxLineBytes) {
    // what no field's cut could save (a session id of kilobytes): the line says so, and stays whole
    line = JSON.stringify({ time: entry.time, harness: entry.harness.slice(0, 40), decision: entry.decision, id: entry.id, version: entry.version,
      note: 'the entry did not fit a line' });
  }
  return line + '\n';
}

/** The bytes a string takes in JSON, quotes aside. */
function escapedLength(text: string): number {
  return Buffer.byteLength(JSON.stringify(text)) - 2;
}

/** `text` cut so that it takes at most `budget` bytes in JSON, saying how much was cut. */
function shorten(text: string, budget: number): string {
  if (escapedLength(text) <= budget) return text;
  const note = (dropped: number) => `…[${dropped} more bytes]`;
  let keep = Math.max(0, Math.min(text.length, budget - 24));
  while (keep > 0 && escapedLength(text.slice(0, keep)) + escapedLength(note(Buffer.byteLength(text.slice(keep)))) > budget) {
    keep = Math.floor(keep * 0.9);
  }
  // never between the halves of a surrogate pair
  if (keep > 0 && /[\ud800-\udbff]/.test(text[keep - 1]!)) keep--;
  return text.slice(0, keep) + note(Buffer.byteLength(text.slice(keep)));
}

/** Writes `entry` to the log `env` names, redacted, as `settings` say; null when written (or the log is off), else why not. */
export function recordVerdict(entry: LogEntry, settings: LogSettings, env: Readonly<Record<string, string | undefined>>): string | null {
  if (!settings.enabled) return null;
  return appendLine(logPath(env), logLine(redactedEntry(entry)), settings);
}

/** Appends `line` to the log at `path`, rotating first when it is full; null when written, else why not (a sentence). */
export function appendLine(path: string, line: string, settings: LogSettings): string | null {
  const bytes = Buffer.from(line, 'utf8');
  let fd: number;
  try {
    fd = openForAppend(path);
  } catch (error) {
    return `the audit log ${path} cannot be opened (${errorCode(error)})`;
  }
  try {
    const size = fstatSync(fd).size;
    if (size > 0 && size + bytes.length > settings.maxBytes && rotate(path, settings, bytes.length)) {
      closeSync(fd);
      fd = openForAppend(path);
    }
    const written = writeSync(fd, bytes);
    if (written !== bytes.length) return `the audit log ${path} took ${written} of a line's ${bytes.length} bytes`;
    return null;
  } catch (error) {
    return `the audit log ${path} cannot be written (${errorCode(error)})`;
  } finally {
    try {
      closeSync(fd);
    } catch {
      // closed already, or never to be: nothing more to do
    }
  }
}

function openForAppend(path: string): number {
  const flags = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;
  try {
    return openSync(path, flags, 0o600);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
    // the first verdict: the directory, private to the user (the log holds every command the agent ran)
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return openSync(path, flags, 0o600);
  }
}

/** A lock left by a process that died this long ago is taken over. */
const staleLockMs = 30_000;

/**
 * Renames `path` to `path.1` (and each older file one further, the oldest
 * beyond `generations` dropped), when this process holds the lock and the
 * file is still over the limit (another may have rotated it since it was
 * measured). Whether it was rotated.
 */
function rotate(path: string, settings: LogSettings, lineBytes: number): boolean {
  const lock = `${path}.rotating`;
  try {
    mkdirSync(lock);
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > staleLockMs) rmdirSync(lock);
    } catch {
      // another process took it over, or removed it: it rotates
    }
    return false;
  }
  try {
    if (statSync(path).size + lineBytes <= settings.maxBytes) return false;
    for (let n = settings.generations - 1; n >= 1; n--) {
      try {
        renameSync(`${path}.${n}`, `${path}.${n + 1}`);
      } catch {
        // that generation is not there yet
      }
    }
    renameSync(path, `${path}.1`);
    return true;
  } catch {
    return false;
  } finally {
    try {
      rmdirSync(lock);
    } catch {
      // gone already
    }
  }
}

/**
 * Whether a problem with the log should be told now: once per problem (its
 * sentence), remembered by a marker file in the temp dir, since the log's own
 * directory may be what cannot be written. Told every time when even the
 * marker cannot be made.
 */
export function firstTimeFor(problem: string, env: Readonly<Record<string, string | undefined>>): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < problem.length; i++) hash = Math.imul(hash ^ problem.charCodeAt(i), 0x01000193) >>> 0;
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const marker = join(env['TMPDIR'] || '/tmp', `treeward-log-problem-${uid}-${hash.toString(16)}`);
  try {
    writeFileSync(marker, `${problem}\n`, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    return errorCode(error) !== 'EEXIST';
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'error';
}
