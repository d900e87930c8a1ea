// What a logged stub call would have removed or written, read from its argv
// the way the real program reads it, and whether the approver listed it
// (explain()'s effects). Shared by the containment proof and by
// test/approver/shell-agreement.test.ts.

import path from 'node:path';
import type { Volume } from 'memfs';
import type { Explanation } from '../../src/approver/approve.js';
import type { Call, RunResult } from '../support/shells.js';

type Vol = InstanceType<typeof Volume>;

export interface PathEvent {
  kind: 'removal' | 'write';
  /** Absolute and physical. */
  path: string;
  recursive: boolean;
  /** Where it came from, for messages. */
  from: string;
  /** A directory the run created (mkdir -p makes parents). */
  createdDir?: boolean;
}

// ------------------------------------------------------------------ paths

function lstatOf(vol: Vol, p: string): { link: boolean; dir: boolean } | null {
  try {
    const st = vol.lstatSync(p);
    return { link: st.isSymbolicLink(), dir: st.isDirectory() };
  } catch {
    return null;
  }
}

/** A path read physically through the volume's symlinks, `..` included (the last component followed only when asked). */
export function physical(vol: Vol, p: string, followLast: boolean): string {
  const queue = p.split('/').filter(Boolean);
  let cur = '/';
  let hops = 0;
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (name === '.') continue;
    if (name === '..') {
      cur = path.posix.dirname(cur);
      continue;
    }
    const next = path.posix.join(cur, name);
    const st = lstatOf(vol, next);
    if (st?.link && (queue.length > 0 || followLast) && hops++ < 40) {
      const target = String(vol.readlinkSync(next));
      if (target.startsWith('/')) cur = '/';
      queue.unshift(...target.split('/').filter(Boolean));
      continue;
    }
    cur = next;
  }
  return cur;
}

function isDirectory(vol: Vol, p: string, followLast = true): boolean {
  return lstatOf(vol, physical(vol, p, followLast))?.dir === true;
}

export const inside = (p: string, dir: string) => (dir === '/' ? p !== '/' : p.startsWith(dir + '/'));

// ------------------------------------------------------------------ argv, read as the program reads it

interface Options {
  flags: Map<string, string | true>;
  seen: [string, string | true][];
  operands: string[];
}

/** GNU getopt_long, permuting; `withArg` letters and `longWithArg` names take a value. */
function getopt(args: readonly string[], withArg: string, longWithArg: readonly string[] = [], stopAtOperand = false): Options {
  const flags = new Map<string, string | true>();
  const seen: [string, string | true][] = [];
  const operands: string[] = [];
  const set = (k: string, v: string | true) => {
    flags.set(k, v);
    seen.push([k, v]);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) set(a.slice(2, eq), a.slice(eq + 1));
      else if (longWithArg.includes(a.slice(2)) && i + 1 < args.length) set(a.slice(2), args[++i]!);
      else set(a.slice(2), true);
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const c = a[j]!;
        if (withArg.includes(c)) {
          if (j + 1 < a.length) set(c, a.slice(j + 1));
          else if (i + 1 < args.length) set(c, args[++i]!);
          break;
        }
        set(c, true);
      }
      continue;
    }
    operands.push(a);
    if (stopAtOperand) {
      operands.push(...args.slice(i + 1));
      break;
    }
  }
  return { flags, seen, operands };
}

const has = (o: Options, ...keys: string[]) => keys.some((k) => o.flags.has(k));
const value = (o: Options, ...keys: string[]): string | null => {
  for (let i = o.seen.length - 1; i >= 0; i--) {
    const [k, v] = o.seen[i]!;
    if (keys.includes(k) && typeof v === 'string') return v;
  }
  return null;
};
const base = (p: string) => path.posix.basename(p.replace(/\/+$/, '')) || p;
const at = (cwd: string, p: string) => (p.startsWith('/') ? p : `${cwd}/${p}`);

type Emit = (kind: PathEvent['kind'], raw: string, recursive?: boolean) => void;
type Reader = (args: string[], cwd: string, vol: Vol, emit: Emit, name: string) => void;

function destinations(name: string, o: Options, cwd: string, vol: Vol): { source: string; dest: string }[] {
  const target = value(o, 't', 'target-directory');
  const ops = o.operands;
  const noDeref = name === 'ln' && has(o, 'n', 'no-dereference');
  if (target !== null) return ops.map((s) => ({ source: s, dest: `${at(cwd, target)}/${base(s)}` }));
  if (ops.length === 0) return [];
  if (ops.length === 1) return name === 'ln' ? [{ source: ops[0]!, dest: `${cwd}/${base(ops[0]!)}` }] : [];
  const dest = ops[ops.length - 1]!;
  const sources = ops.slice(0, -1);
  const intoDir = !has(o, 'T', 'no-target-directory') && (sources.length > 1 || dest.endsWith('/') || isDirectory(vol, at(cwd, dest), !noDeref));
  return sources.map((s) => ({ source: s, dest: intoDir ? `${at(cwd, dest)}/${base(s)}` : at(cwd, dest) }));
}

const removeAll: Reader = (args, cwd, _vol, emit) => {
  const o = getopt(args, '');
  for (const p of o.operands) emit('removal', at(cwd, p), has(o, 'r', 'R', 'recursive'));
};

const readers: Record<string, Reader> = {
  rm: removeAll,
  rmdir: (args, cwd, _vol, emit) => { for (const p of getopt(args, '').operands) emit('removal', at(cwd, p)); },
  unlink: (args, cwd, _vol, emit) => { for (const p of getopt(args, '').operands) emit('removal', at(cwd, p)); },
  rimraf: (args, cwd, _vol, emit) => { for (const p of getopt(args, '').operands) emit('removal', at(cwd, p), true); },
  shred(args, cwd, _vol, emit) {
    const o = getopt(args, 'ns', ['iterations', 'size', 'random-source']);
    for (const p of o.operands) {
      emit('write', at(cwd, p));
      if (has(o, 'u', 'remove')) emit('removal', at(cwd, p));
    }
  },
  mkdir: (args, cwd, _vol, emit) => { for (const p of getopt(args, 'm', ['mode']).operands) emit('write', at(cwd, p)); },
  touch: (args, cwd, _vol, emit) => { for (const p of getopt(args, 'drt', ['date', 'reference', 'time']).operands) emit('write', at(cwd, p)); },
  tee: (args, cwd, _vol, emit) => { for (const p of getopt(args, '').operands) emit('write', at(cwd, p)); },
  truncate: (args, cwd, _vol, emit) => { for (const p of getopt(args, 'sr', ['size', 'reference']).operands) emit('write', at(cwd, p)); },
  dd: (args, cwd, _vol, emit) => { for (const a of args) if (a.startsWith('of=')) emit('write', at(cwd, a.slice(3))); },
  chmod(args, cwd, _vol, emit) {
    const modes = args.filter((a) => /^-[rwxXstugoa+=,0-7]+$/.test(a));
    const o = getopt(args.filter((a) => !modes.includes(a)), '', ['reference']);
    const ops = modes.length > 0 || has(o, 'reference') ? o.operands : o.operands.slice(1);
    for (const p of ops) emit('write', at(cwd, p), has(o, 'R', 'recursive'));
  },
  chown(args, cwd, _vol, emit) {
    const o = getopt(args, '', ['reference', 'from']);
    for (const p of has(o, 'reference') ? o.operands : o.operands.slice(1)) emit('write', at(cwd, p), has(o, 'R', 'recursive'));
  },
  cp(args, cwd, vol, emit, name) {
    const o = getopt(args, name === 'install' ? 'Stmog' : 'St', ['target-directory', 'suffix', 'mode', 'owner', 'group', 'strip-program']);
    if (name === 'install' && has(o, 'd', 'directory')) {
      for (const p of o.operands) emit('write', at(cwd, p));
      return;
    }
    const recursive = name === 'mv' || (name === 'cp' && has(o, 'r', 'R', 'a', 'recursive', 'archive'));
    for (const { source, dest } of destinations(name, o, cwd, vol)) {
      if (name === 'mv') emit('removal', at(cwd, source), true);
      emit('write', dest, recursive && isDirectory(vol, at(cwd, source)));
    }
  },
  find(args, cwd, _vol, emit) {
    let i = 0;
    while (i < args.length && /^-[HLP]$|^-D$|^-O\d*$/.test(args[i]!)) i += args[i] === '-D' ? 2 : 1;
    const starts: string[] = [];
    while (i < args.length && !/^[-(!,]/.test(args[i]!)) starts.push(args[i++]!);
    if (starts.length === 0) starts.push('.');
    const expr = args.slice(i);
    const below = (kind: PathEvent['kind']) => { for (const s of starts) emit(kind, at(cwd, s), true); };
    for (let j = 0; j < expr.length; j++) {
      const t = expr[j]!;
      if (t === '-delete') below('removal');
      else if (/^-(exec|execdir|ok|okdir)$/.test(t)) {
        const cmd = base(expr[j + 1] ?? '');
        const body: string[] = [];
        for (j++; j < expr.length && expr[j] !== ';' && expr[j] !== '+'; j++) body.push(expr[j]!);
        if (['rm', 'rmdir', 'unlink', 'rimraf'].includes(cmd) || (cmd === 'shred' && body.includes('-u'))) below('removal');
        else if (['sed', 'touch', 'chmod', 'chown', 'chgrp', 'truncate', 'tee', 'mv', 'cp', 'ln', 'dd', 'mkdir', 'shred', 'install', 'perl'].includes(cmd)
          && (cmd !== 'sed' || body.some((b) => /^-[a-zA-Z]*i|^--in-place/.test(b)))) below('write');
      } else if (/^-(fprint|fprint0|fls)$/.test(t) && expr[j + 1]) emit('write', at(cwd, expr[++j]!));
      else if (t === '-fprintf' && expr[j + 1]) {
        emit('write', at(cwd, expr[++j]!));
        j++;
      }
    }
  },
  git(args, cwd, vol, emit) {
    let dir = cwd;
    let i = 0;
    for (; i < args.length && args[i]!.startsWith('-'); i++) {
      const a = args[i]!;
      if (a === '-C') dir = at(dir, args[++i] ?? '.');
      else if (a === '-c' || a === '--git-dir' || a === '--work-tree' || a === '--namespace') i++;
      else if (a.startsWith('--work-tree=')) dir = at(dir, a.slice('--work-tree='.length));
    }
    const sub = args[i];
    const rest = args.slice(i + 1);
    if (sub === 'clean') {
      // git refuses a cluster holding a letter it does not know (`-fdxthen`: unknown switch `t`)
      for (const a of rest) {
        if (a === '--') break;
        const cluster = /^-([^-].*)$/.exec(a)?.[1];
        if (cluster === undefined) continue;
        for (const c of cluster) {
          if (c === 'e') break;
          if (!'fdxXnqi'.includes(c)) return;
        }
      }
      const o = getopt(rest, 'e', ['exclude']);
      if (has(o, 'n', 'dry-run') || !has(o, 'f', 'force')) return;
      if (o.operands.length === 0) emit('removal', dir, true);
      for (const p of o.operands) emit('removal', at(dir, p), true);
    } else if (sub === 'rm') {
      const o = getopt(rest, '', ['pathspec-from-file']);
      if (has(o, 'cached', 'n', 'dry-run')) return;
      for (const p of o.operands) emit('removal', at(dir, p), has(o, 'r'));
    } else if (sub === 'mv') {
      const o = getopt(rest, '', []);
      if (has(o, 'n', 'dry-run')) return;
      for (const { source, dest } of destinations('mv', o, dir, vol)) {
        emit('removal', at(dir, source), true);
        emit('write', dest, true);
      }
    } else if (sub === 'diff' || sub === 'log' || sub === 'show') {
      const out = value(getopt(rest, '', ['output']), 'output');
      if (out !== null) emit('write', at(dir, out));
    } else if (sub === 'archive') {
      const out = value(getopt(rest, 'o', ['output', 'format', 'prefix', 'remote']), 'o', 'output');
      if (out !== null) emit('write', at(dir, out));
    }
  },
  curl(args, cwd, _vol, emit) {
    const o = getopt(args, 'AbcCdDeEFHKmorTuUwxXyYzQtP', [
      'output', 'dump-header', 'cookie-jar', 'trace', 'trace-ascii', 'stderr', 'data', 'data-raw', 'data-binary', 'header', 'user',
      'request', 'url', 'user-agent', 'referer', 'cookie', 'form', 'max-time', 'connect-timeout', 'retry', 'upload-file', 'config',
      'proxy', 'range', 'write-out', 'cacert', 'cert', 'key',
    ]);
    for (const [k, v] of o.seen) {
      if (typeof v === 'string' && ['o', 'output', 'D', 'dump-header', 'c', 'cookie-jar', 'trace', 'trace-ascii', 'stderr'].includes(k) && v !== '-') emit('write', at(cwd, v));
    }
  },
  wget(args, cwd, _vol, emit) {
    const o = getopt(args, 'OoaPtTUeiwQBlARDIX', ['output-document', 'output-file', 'append-output', 'directory-prefix']);
    for (const [k, v] of o.seen) {
      if (typeof v !== 'string' || v === '-') continue;
      if (['O', 'output-document', 'o', 'output-file', 'a', 'append-output'].includes(k)) emit('write', at(cwd, v));
      if (['P', 'directory-prefix'].includes(k)) emit('write', at(cwd, v), true);
    }
  },
  tar(args, cwd, _vol, emit) {
    let words = [...args];
    if (words[0] && /^[A-Za-z]+$/.test(words[0])) {
      const letters = words[0];
      const rest = words.slice(1);
      const rebuilt: string[] = [];
      for (const c of letters) {
        rebuilt.push(`-${c}`);
        if ('fCbTXNgKLVHI'.includes(c) && rest.length > 0) rebuilt.push(rest.shift()!);
      }
      words = [...rebuilt, ...rest];
    }
    const o = getopt(words, 'fCbTXNgKLVHI', ['file', 'directory', 'exclude', 'files-from', 'exclude-from', 'use-compress-program', 'format', 'transform', 'to-command', 'newer']);
    const file = value(o, 'f', 'file');
    let dir = cwd;
    for (const [k, v] of o.seen) if ((k === 'C' || k === 'directory') && typeof v === 'string') dir = at(dir, v);
    if (has(o, 'x', 'extract', 'get')) emit('write', dir, true);
    else if (has(o, 'c', 'create', 'r', 'append', 'u', 'update') && file !== null && file !== '-') emit('write', at(cwd, file));
    if (has(o, 'remove-files')) for (const p of o.operands) emit('removal', at(dir, p), true);
  },
  unzip(args, cwd, _vol, emit) {
    emit('write', at(cwd, value(getopt(args, 'd', []), 'd') ?? '.'), true);
  },
  rsync(args, cwd, _vol, emit) {
    const o = getopt(args, 'eBfT', ['rsh', 'exclude', 'include', 'filter', 'temp-dir', 'partial-dir', 'backup-dir', 'suffix', 'chmod', 'chown']);
    const ops = o.operands;
    if (ops.length < 2) return;
    const dest = ops[ops.length - 1]!;
    if (dest.includes(':')) return;
    emit('write', at(cwd, dest), true);
    if ([...o.flags.keys()].some((k) => k.startsWith('del'))) emit('removal', at(cwd, dest), true);
    if (has(o, 'remove-source-files')) for (const s of ops.slice(0, -1)) emit('removal', at(cwd, s), true);
  },
};
readers.mv = readers.cp!;
readers.ln = readers.cp!;
readers.install = readers.cp!;
readers.chgrp = readers.chown!;
readers.del = readers.rimraf!;
readers.trash = readers.rimraf!;
readers['trash-put'] = readers.rimraf!;

/** Log-only wrappers the sandbox does not run through: the command they would run. */
function throughWrappers(argv: string[]): string[] {
  let a = argv;
  for (let guard = 0; guard < 4; guard++) {
    const name = base(a[0] ?? '');
    if (name === 'sudo' || name === 'doas') a = getopt(a.slice(1), name === 'sudo' ? 'ugCDhprtTU' : 'uC', [], true).operands;
    else if (name === 'npx' || name === 'bunx') a = getopt(a.slice(1), 'pc', ['package', 'call'], true).operands;
    else if (name === 'uv' && a[1] === 'run') a = getopt(a.slice(2), '', [], true).operands;
    else break;
  }
  return a;
}

/** A runner path (`sub/x`, `../outside/f`, `.`, `/tmp/x`) made absolute against the work dir. */
export function fromRunner(rel: string, workDir: string): string {
  if (rel.startsWith('/')) return rel;
  return path.posix.normalize(path.posix.join(workDir, rel));
}

/** The removals and writes a stub call names. */
export function callEvents(call: Call, vol: Vol, workDir: string): PathEvent[] {
  const argv = throughWrappers(call.argv);
  const name = base(argv[0] ?? '');
  const reader = readers[name];
  if (!reader) return [];
  const cwd = fromRunner(call.cwd, workDir);
  const out: PathEvent[] = [];
  const shown = call.argv.map((a) => (/^[\w./=+:,@%-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  reader(argv.slice(1), cwd, vol, (kind, raw, recursive = false) => {
    out.push({ kind, path: physical(vol, raw, false), recursive, from: `argv of \`${shown}\` in ${call.cwd}` });
  }, name);
  return out;
}

/** What the run changed in the scratch tree (the shells' own temp files left out). */
export function diffEvents(ran: RunResult, workDir: string): PathEvent[] {
  const out: PathEvent[] = [];
  const skip = (p: string) => p.includes('XXXXXX');
  for (const e of ran.created) if (!skip(e.path)) out.push({ kind: 'write', path: fromRunner(e.path, workDir), recursive: false, from: `fs: created ${e.type}`, createdDir: e.type === 'dir' });
  for (const e of ran.modified) if (!skip(e.path)) out.push({ kind: 'write', path: fromRunner(e.path, workDir), recursive: false, from: `fs: modified ${e.type} (${(e.changes ?? []).join(', ')})` });
  for (const e of ran.deleted) if (!skip(e.path)) out.push({ kind: 'removal', path: fromRunner(e.path, workDir), recursive: false, from: `fs: deleted ${e.type}` });
  return out;
}

// ------------------------------------------------------------------ the approver's list

type Listed = Explanation['effects'][number];

export function describeListed(e: Listed): string {
  return `${e.kind} by \`${e.by}\`${e.recursive ? ' (recursive)' : ''}${e.glob ? ' (glob)' : ''}: ${e.paths === null ? 'not fixed' : e.paths.join(', ')}`;
}

function globDirectory(p: string): string {
  const parts = p.split('/');
  const i = parts.findIndex((c) => /[*?[]/.test(c));
  return i < 0 ? p : parts.slice(0, i).join('/') || '/';
}

/** `mktemp` names stand in the approver's list as `tmp.XXXXXXXXXX`. */
function placeholder(p: string, recursive: boolean): RegExp | null {
  if (!/X{6,}/.test(p)) return null;
  const src = p.split(/X{6,}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[A-Za-z0-9]{6,}');
  return new RegExp(`^${src}${recursive ? '(/.*)?' : ''}$`);
}

/** Whether a listed effect covers what the shell did. */
function covers(e: Listed, ev: PathEvent, vol: Vol): boolean {
  if (e.kind !== ev.kind) return false;
  if (e.paths === null) return true;
  for (const q of e.paths) {
    const re = placeholder(q, e.recursive);
    if (re) {
      if (re.test(ev.path)) return true;
      continue;
    }
    if (e.glob) {
      const dir = globDirectory(q);
      for (const d of [physical(vol, dir, false), physical(vol, dir, true)]) if (inside(ev.path, d)) return true;
    }
    for (const c of new Set([physical(vol, q, false), physical(vol, q, true)])) {
      if (ev.path === c && (!ev.recursive || e.recursive)) return true;
      if (e.recursive && inside(ev.path, c)) return true;
    }
  }
  return false;
}

/** The events no listed effect covers (a directory mkdir -p made above a listed mkdir is covered). */
export function unlisted(events: readonly PathEvent[], effects: readonly Listed[], vol: Vol): PathEvent[] {
  return events.filter((ev) => {
    if (effects.some((e) => covers(e, ev, vol))) return false;
    if (ev.createdDir && effects.some((e) => e.kind === 'write' && (e.by === 'mkdir' || e.by === 'install') && (e.paths ?? []).some((q) => inside(physical(vol, q, true), ev.path)))) return false;
    return true;
  });
}
