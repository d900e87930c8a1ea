// `treeward log [--denies] [--since WHEN] [--tree DIR] [--session ID] [--json]
// [--follow] [--stats]` (issue 17 item 1; SPEC §1 "Command line"): what the
// hooks decided while nobody watched, read from the audit log
// (./audit-log.ts) and its rotated files, oldest first. A table for a person
// (time, decision, id, tree, and the command cut to the terminal's width;
// colours only on a terminal, never with NO_COLOR), JSON lines for scripts,
// or counts per id and per harness.

import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type LogEntry, logPath } from './audit-log.js';
import { isInsideOrEqual } from './placement.js';
import { UsageError } from './arguments.js';

export interface LogArguments {
  denies: boolean;
  since: string | null;
  tree: string | null;
  session: string | null;
  json: boolean;
  follow: boolean;
  stats: boolean;
}

export interface LogIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  write(text: string): void;
  writeError(text: string): void;
  /** Whether stdout is a terminal: colours and cutting to its width. */
  terminal: boolean;
  /** The terminal's width, when there is one. */
  columns: number | null;
  now(): Date;
  /** Waits between looks at the file under --follow; returns false to stop (tests), never by default. */
  pause?(ms: number): boolean;
}

/** `2h`, `30m`, `7d`: how far back from now, in milliseconds per unit. */
const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The instant `--since` names: a duration back from now, or a date (ISO 8601, as Date.parse reads it). */
export function sinceInstant(text: string, now: Date): number {
  const duration = /^(\d+)([smhdw])$/.exec(text);
  if (duration) return now.getTime() - Number(duration[1]) * units[duration[2]!]!;
  const date = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(text) ? Date.parse(text.replace(' ', 'T')) : NaN;
  if (Number.isNaN(date)) {
    throw new UsageError(`--since takes a time back from now (30m, 2h, 7d) or a date (2026-12-01, 2026-12-01T09:30), not ${JSON.stringify(text)}`, 'log');
  }
  return date;
}

/** The log's files, oldest first: the rotated generations, then the file written now. */
export function logFiles(path: string): string[] {
  const files: string[] = [];
  for (let n = 20; n >= 1; n--) if (existsSync(`${path}.${n}`)) files.push(`${path}.${n}`);
  if (existsSync(path)) files.push(path);
  return files;
}

function isEntry(value: unknown): value is LogEntry {
  const entry = value as LogEntry;
  return typeof value === 'object' && value !== null && typeof entry.time === 'string' && (entry.decision === 'allow' || entry.decision === 'deny');
}

/** Entries of one text of lines, and how many lines were not entries (a line cut by a full disk, say). */
function entriesOf(text: string): { entries: LogEntry[]; skipped: number } {
  const entries: LogEntry[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isEntry(value)) entries.push(value);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { entries, skipped };
}

export function runLog(args: LogArguments, io: LogIo): number {
  if (args.follow && args.stats) throw new UsageError('--follow and --stats do not go together: --stats counts what is there', 'log');
  const keep = filterOf(args, io);
  const path = logPath(io.env);
  const files = logFiles(path);
  if (files.length === 0 && !args.follow) {
    io.writeError(`treeward log: no audit log at ${path} yet (treeward hook writes one as it answers, unless \`log: false\` is configured)\n`);
    return 0;
  }
  let skipped = 0;
  const entries: LogEntry[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      io.writeError(`treeward log: ${file} cannot be read (${(error as { code?: string }).code ?? 'error'})\n`);
      return 1;
    }
    const read = entriesOf(text);
    skipped += read.skipped;
    entries.push(...read.entries.filter(keep));
  }
  const style = styleOf(io);
  if (args.stats) io.write(args.json ? JSON.stringify(statsOf(entries)) + '\n' : statsTable(entries, style));
  else if (args.json) io.write(entries.map((entry) => JSON.stringify(entry) + '\n').join(''));
  else io.write(table(entries, style, io, true));
  if (skipped > 0) {
    const [lines, are] = skipped === 1 ? ['line', 'is'] : ['lines', 'are'];
    io.writeError(`treeward log: ${skipped} ${lines} of ${path} and its older files ${are} not log entries, left out\n`);
  }
  if (args.follow) follow(path, keep, args, style, io, entries.length === 0);
  return 0;
}

function filterOf(args: LogArguments, io: LogIo): (entry: LogEntry) => boolean {
  const since = args.since === null ? null : sinceInstant(args.since, io.now());
  let tree: string | null = null;
  if (args.tree !== null) {
    tree = resolve(io.cwd, args.tree);
    try {
      tree = realpathSync(tree);
    } catch {
      // a tree that is gone: its entries name it as it was
    }
  }
  return (entry) => (!args.denies || entry.decision === 'deny')
    && (since === null || Date.parse(entry.time) >= since)
    && (tree === null || (typeof entry.tree === 'string' && isInsideOrEqual(entry.tree, tree)))
    && (args.session === null || entry.session === args.session);
}

/** A file of the log by what it is, not its name, which rotation changes. */
function identity(stats: { ino: number; birthtimeMs: number }): string {
  return `${stats.ino}:${stats.birthtimeMs}`;
}

/**
 * Prints entries as they are appended, until stopped (Ctrl-C; `io.pause` in
 * tests). Each look goes over the log's files oldest first and reads what
 * each holds past what was read of it, by identity: a file rotated to
 * `log.jsonl.1` (or further, between two looks) is read to its end before
 * the newer ones, and a new `log.jsonl` from its start.
 */
function follow(path: string, keep: (entry: LogEntry) => boolean, args: LogArguments, style: Style, io: LogIo, headerDue: boolean): void {
  let header = headerDue;
  /** How far each file has been read: to the end of its last whole line. */
  const read = new Map<string, number>();
  for (const file of logFiles(path)) {
    try {
      const stats = statSync(file);
      read.set(identity(stats), stats.size);
    } catch {
      // rotated away since it was printed
    }
  }
  const pause = io.pause ?? ((ms: number) => (Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms), true));
  while (pause(250)) {
    const present = new Set<string>();
    for (const file of logFiles(path)) {
      let fd: number;
      try {
        fd = openSync(file, 'r');
      } catch {
        continue;
      }
      try {
        const stats = fstatSync(fd);
        const id = identity(stats);
        present.add(id);
        const from = read.get(id) ?? 0;
        if (stats.size <= from) continue;
        const bytes = Buffer.alloc(stats.size - from);
        let got = 0;
        while (got < bytes.length) {
          const n = readSync(fd, bytes, got, bytes.length - got, from + got);
          if (n === 0) break;
          got += n;
        }
        const whole = bytes.lastIndexOf(0x0a, got - 1) + 1;
        read.set(id, from + whole);
        const entries = entriesOf(bytes.toString('utf8', 0, whole)).entries.filter(keep);
        if (entries.length > 0) {
          io.write(args.json ? entries.map((entry) => JSON.stringify(entry) + '\n').join('') : table(entries, style, io, header));
          header = false;
        }
      } finally {
        closeSync(fd);
      }
    }
    // a file rotated out of the log is gone for good; its identity may come back as another file's
    for (const id of read.keys()) if (!present.has(id)) read.delete(id);
  }
}

// ------------------------------------------------------------ output

interface Style {
  colour: boolean;
  paint(code: string, text: string): string;
}

function styleOf(io: LogIo): Style {
  // https://no-color.org: any non-empty NO_COLOR turns colours off; a dumb terminal has none
  const colour = io.terminal && !io.env['NO_COLOR'] && io.env['TERM'] !== 'dumb';
  return { colour, paint: (code, text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text) };
}

/**
 * A command or path made safe to print on one line: newlines shown as ⏎,
 * tabs as spaces, and no control character reaches the terminal (a command
 * can hold escape sequences, or the characters that reorder a line's text).
 */
export function printable(text: string): string {
  return text.replace(/\r?\n/g, '⏎').replace(/\t/g, ' ')
    .replace(/[\x00-\x1f\x7f]/g, (c) => `^${String.fromCharCode(c.charCodeAt(0) === 0x7f ? 0x3f : c.charCodeAt(0) + 0x40)}`)
    .replace(/[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, '\ufffd');
}

/** `2026-12-01 21:04:18`, in local time. */
function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return printable(iso).slice(0, 19).padEnd(19);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** The tree with the home directory as `~`. */
function shortTree(tree: string | null, home: string | undefined): string {
  if (tree === null) return '-';
  const text = home && home !== '/' && isInsideOrEqual(tree, home) ? `~${tree.slice(home.length)}` : tree;
  return printable(text);
}

function cut(text: string, width: number | null, fromLeft = false): string {
  if (width === null || text.length <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  return fromLeft ? `…${text.slice(text.length - width + 1)}` : `${text.slice(0, width - 1)}…`;
}

/**
 * The table: a header, then one row per entry. On a terminal (or with
 * $COLUMNS) each row fits the width, the command cut last; on a pipe rows
 * are whole, the command last so that nothing after it is pushed out.
 */
function table(entries: LogEntry[], style: Style, io: LogIo, header: boolean): string {
  const width = io.columns ?? (Number(io.env['COLUMNS']) > 0 ? Number(io.env['COLUMNS']) : null);
  const idWidth = Math.max(2, ...entries.map((entry) => (entry.id ?? '-').length));
  const trees = entries.map((entry) => shortTree(entry.tree, io.env['HOME']));
  let treeWidth = Math.min(32, Math.max(4, ...trees.map((tree) => tree.length)));
  const fixed = () => 19 + 2 + 7 + 2 + idWidth + 2 + treeWidth + 2;
  // on a narrow terminal the tree gives way first, down to its last few characters, then the command
  if (width !== null && width - fixed() < 16) treeWidth = Math.max(6, treeWidth - (16 - (width - fixed())));
  const commandWidth = width === null ? null : Math.max(0, width - fixed());
  const rows: string[] = [];
  /** A row from its plain parts, styled; past the width, the part before the command is cut too, unstyled. */
  const row = (parts: [string, string][], command: string, commandCode = '') => {
    const prefix = parts.map(([text]) => text).join('  ');
    if (width !== null && prefix.length + 2 > width) return cut(`${prefix}  ${command}`, width);
    const shown = cut(command, commandWidth);
    const columns = parts.map(([text, code]) => (code ? style.paint(code, text) : text)).join('  ');
    return `${columns}  ${commandCode ? style.paint(commandCode, shown) : shown}`.trimEnd();
  };
  if (header) rows.push(row([['time'.padEnd(19), '1'], ['verdict', '1'], ['id'.padEnd(idWidth), '1'], ['tree'.padEnd(treeWidth), '1']], 'command', '1'));
  entries.forEach((entry, i) => {
    const deny = entry.decision === 'deny';
    const tree = (width === null ? trees[i]! : cut(trees[i]!, treeWidth, true)).padEnd(treeWidth);
    const command = entry.command === null ? '(no command)' : printable(entry.command);
    rows.push(row([
      [localTime(entry.time), '2'], [deny ? 'deny   ' : 'allow  ', deny ? '1;31' : '32'], [(entry.id ?? '-').padEnd(idWidth), deny ? '33' : ''], [tree, ''],
    ], command));
  });
  return rows.length === 0 ? '' : rows.join('\n') + '\n';
}

interface Stats {
  verdicts: number;
  allow: number;
  deny: number;
  from: string | null;
  to: string | null;
  byId: Record<string, number>;
  byHarness: Record<string, { allow: number; deny: number }>;
}

function statsOf(entries: LogEntry[]): Stats {
  const stats: Stats = { verdicts: entries.length, allow: 0, deny: 0, from: entries[0]?.time ?? null, to: entries.at(-1)?.time ?? null, byId: {},
    byHarness: {} };
  for (const entry of entries) {
    stats[entry.decision]++;
    if (entry.decision === 'deny') stats.byId[entry.id ?? '?'] = (stats.byId[entry.id ?? '?'] ?? 0) + 1;
    const harness = (stats.byHarness[entry.harness] ??= { allow: 0, deny: 0 });
    harness[entry.decision]++;
  }
  return stats;
}

function statsTable(entries: LogEntry[], style: Style): string {
  const stats = statsOf(entries);
  if (stats.verdicts === 0) return 'no verdicts\n';
  const lines = [`${stats.verdicts} verdict${stats.verdicts === 1 ? '' : 's'} from ${localTime(stats.from!)} to ${localTime(stats.to!)}: `
    + `${style.paint('32', `${stats.allow} allow`)}, ${style.paint('1;31', `${stats.deny} deny`)}`];
  const ids = Object.entries(stats.byId).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (ids.length > 0) {
    const width = Math.max(...ids.map(([id]) => id.length));
    lines.push('denies by id:', ...ids.map(([id, count]) => `  ${style.paint('33', id.padEnd(width))}  ${String(count).padStart(6)}`));
  }
  const harnesses = Object.entries(stats.byHarness).sort((a, b) => b[1].allow + b[1].deny - a[1].allow - a[1].deny || a[0].localeCompare(b[0]));
  const width = Math.max(...harnesses.map(([name]) => printable(name).length));
  lines.push('by harness:', ...harnesses.map(([name, counts]) =>
    `  ${printable(name).padEnd(width)}  ${String(counts.allow + counts.deny).padStart(6)}  (${counts.allow} allow, ${counts.deny} deny)`));
  return lines.join('\n') + '\n';
}
