// The shells agree with the approver (SPEC §3–§4): for every line of
// ./agreement-lines.ts and each of its dialects, real bash, sh (dash) and zsh
// run it in a bubblewrap sandbox (test/support/shells.ts) and treeward's
// `explain()` reads it for the same tree, mirrored in a memfs volume.
//
//  1. Effects. The line runs as written in the scratch work dir. Every path the
//     shell created, modified or deleted (the fs diff), and every path a file
//     tool's argv names (read as the real program reads it: options skipped,
//     operands taken), must be one the approver listed: a listed path equal to
//     it, a listed recursive removal or write of a directory holding it, a
//     listed glob whose fixed directory holds it, or a listed target the
//     approver says it cannot fix (paths null). Paths are compared physically:
//     both sides are resolved through the layout's symlinks (the last
//     component of a listed path either way). The approver may list more than
//     the shell did (a branch not taken), never less.
//  2. Containment. For every line the approver allows, its handed-back text
//     `cd -- '<dir>' && {⏎<line>⏎}` runs with <dir> a directory that does not
//     exist (no command may run, nothing may change), and with <dir> the work
//     dir (every command runs inside the work dir, or where a `cd` in the line
//     itself took it: the line's `leaves`).
//
// The file tools (rm, mv, cp, ln, mkdir, touch, tee, truncate, dd, shred,
// find, install, chmod, …) run for real inside the sandbox, so the fs diff
// shows what they did; git, curl, wget, tar, unzip, make, sudo, npx stay
// log-only stubs and are read from their argv alone.
//
// The approver judges for tree /tmp/lab/work, home /tmp/lab/home, temp dir
// /tmp (as in the sandbox), so for it ../outside and ../home lie in the temp
// dir: verdicts on removals there are lenient, but every effect must be listed.
//
// Misses on a line the approver refuses because it says it cannot read the
// code or fix a target (`dynamic-code`, `…-unfixed-target`,
// `removal-unplaced-name`: `… | sh`, `$(echo rm)`, `xargs`) are logged, not
// failed. A line that treeward cannot parse is refused before any walk: only
// its verdict is checked. `TREEWARD_AGREEMENT_DEBUG=<regexp of line ids>`
// prints both sides for those lines.
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice,
// elsewhere.

import path from 'node:path';
import { Volume } from 'memfs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, fileSystemFrom, parse, type Explanation } from '../../src/index.js';
import {
  IN_HOME, IN_OUTSIDE, IN_WORK, requireSandbox, runLines,
  type Call, type Case, type Layout, type LineResult, type RunResult, type ShellName,
} from '../support/shells.js';
import { agreementLayout, agreementLines, type AgreementLine } from './agreement-lines.js';

const SHELLS: ShellName[] = ['bash', 'sh', 'zsh'];
/** treeward reads bash as bash with extglob on. */
const BASH_ARGS = ['-O', 'extglob'];
/** Log-only stubs that run for real, so the fs diff shows what they did (they still log their calls). */
const REAL = ['rm', 'rmdir', 'unlink', 'mv', 'cp', 'ln', 'mkdir', 'touch', 'tee', 'truncate', 'dd', 'shred', 'find', 'install', 'chmod'];
const NOPE = '/tmp/lab/nope';
const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };

/** `TREEWARD_AGREEMENT_DEBUG=<regexp of line ids>` prints what each side saw for those lines. */
const DEBUG = process.env.TREEWARD_AGREEMENT_DEBUG ? new RegExp(process.env.TREEWARD_AGREEMENT_DEBUG) : null;

const available = requireSandbox('test/approver/shell-agreement.test.ts');

// ------------------------------------------------------------------ the approver's tree

type Vol = InstanceType<typeof Volume>;
const expand = (s: string) => s.replace(/@WORK/g, IN_WORK).replace(/@HOME/g, IN_HOME).replace(/@OUTSIDE/g, IN_OUTSIDE);

/** A memfs volume holding the layout at the sandbox's own absolute paths. */
function volumeOf(layout: Layout): Vol {
  const vol = new Volume();
  for (const d of [IN_WORK, IN_HOME, IN_OUTSIDE]) vol.mkdirSync(d, { recursive: true });
  const areas: [keyof Layout, string][] = [['work', IN_WORK], ['home', IN_HOME], ['outside', IN_OUTSIDE]];
  for (const [area, base] of areas) {
    for (const [key, v] of Object.entries(layout[area] ?? {})) {
      const p = `${base}/${key.replace(/\/+$/, '')}`;
      vol.mkdirSync(path.posix.dirname(p), { recursive: true });
      if (key.endsWith('/') || v === null || (typeof v === 'object' && !('symlink' in v) && !('content' in v))) vol.mkdirSync(p, { recursive: true });
      else if (typeof v === 'string') vol.writeFileSync(p, expand(v));
      else if ('symlink' in v) vol.symlinkSync(expand(v.symlink), p);
      else vol.writeFileSync(p, expand(v.content));
    }
  }
  return vol;
}

const volumes = new Map<Layout, Vol>();
function volumeFor(layout: Layout): Vol {
  let v = volumes.get(layout);
  if (!v) volumes.set(layout, (v = volumeOf(layout)));
  return v;
}

function lstatOf(vol: Vol, p: string): { link: boolean; dir: boolean } | null {
  try {
    const st = vol.lstatSync(p);
    return { link: st.isSymbolicLink(), dir: st.isDirectory() };
  } catch {
    return null;
  }
}

/**
 * A path read physically through the layout's symlinks, `..` included (the
 * last component followed only when asked). Components that do not exist are
 * taken as written.
 */
function physical(vol: Vol, p: string, followLast: boolean): string {
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

const inside = (p: string, dir: string) => dir === '/' ? p !== '/' : p.startsWith(dir + '/');

// ------------------------------------------------------------------ what the shell did

interface ShellEvent {
  kind: 'removal' | 'write';
  /** Absolute and physical. */
  path: string;
  /** Everything below it too (cp -r, find -delete, git clean). */
  recursive: boolean;
  /** Where it came from, for the message. */
  from: string;
  /** A directory the run created (mkdir -p makes the parents of what it was asked for). */
  createdDir?: boolean;
}

/** A runner path (`sub/x`, `../outside/f`, `.`, `/tmp/x`) made absolute. */
function fromRunner(rel: string): string {
  if (rel.startsWith('/')) return rel;
  return path.posix.normalize(path.posix.join(IN_WORK, rel));
}

/** The shells' own temp files (here-documents, `=( )`) are masked by the runner. */
const shellTemp = (p: string) => p.includes('XXXXXX');

function diffEvents(ran: RunResult): ShellEvent[] {
  const out: ShellEvent[] = [];
  for (const e of ran.created) {
    if (shellTemp(e.path)) continue;
    out.push({ kind: 'write', path: fromRunner(e.path), recursive: false, from: `fs: created ${e.type}`, createdDir: e.type === 'dir' });
  }
  for (const e of ran.modified) {
    if (shellTemp(e.path)) continue;
    out.push({ kind: 'write', path: fromRunner(e.path), recursive: false, from: `fs: modified ${e.type} (${(e.changes ?? []).join(', ')})` });
  }
  for (const e of ran.deleted) {
    if (shellTemp(e.path)) continue;
    out.push({ kind: 'removal', path: fromRunner(e.path), recursive: false, from: `fs: deleted ${e.type}` });
  }
  return out;
}

// --------------------------------------------- argv, read as the real program reads it

interface Options {
  /** Options seen, by letter or long name, with their (last) value, or true. */
  flags: Map<string, string | true>;
  /** Every option in order (for repeatable ones such as `-C`). */
  seen: [string, string | true][];
  operands: string[];
}

/**
 * GNU getopt_long, permuting: options anywhere before `--`, `-abc` clusters,
 * `-oVALUE`/`-o VALUE` for the letters in `withArg`, `--name=value`/`--name
 * value` for the names in `longWithArg`. A lone `-` is an operand.
 */
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

const REMOVERS = new Set(['rm', 'rmdir', 'unlink', 'rimraf', 'del', 'trash', 'trash-put']);
const WRITERS = new Set(['sed', 'touch', 'chmod', 'chown', 'chgrp', 'truncate', 'tee', 'mv', 'cp', 'ln', 'dd', 'mkdir', 'shred', 'install', 'perl']);

interface Reader {
  (args: string[], cwd: string, vol: Vol, emit: (kind: ShellEvent['kind'], raw: string, recursive?: boolean) => void, name: string): void;
}

/** cp, mv, ln, install: where each source lands. */
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

const readers: Record<string, Reader> = {
  rm(args, cwd, _vol, emit) {
    const o = getopt(args, '', []);
    for (const p of o.operands) emit('removal', at(cwd, p), has(o, 'r', 'R', 'recursive'));
  },
  rmdir(args, cwd, _vol, emit) {
    for (const p of getopt(args, '').operands) emit('removal', at(cwd, p));
  },
  unlink(args, cwd, _vol, emit) {
    for (const p of getopt(args, '').operands) emit('removal', at(cwd, p));
  },
  rimraf(args, cwd, _vol, emit) {
    for (const p of getopt(args, '').operands) emit('removal', at(cwd, p), true);
  },
  shred(args, cwd, _vol, emit) {
    const o = getopt(args, 'ns', ['iterations', 'size', 'random-source']);
    for (const p of o.operands) {
      emit('write', at(cwd, p));
      if (has(o, 'u', 'remove')) emit('removal', at(cwd, p));
    }
  },
  mkdir(args, cwd, _vol, emit) {
    for (const p of getopt(args, 'm', ['mode']).operands) emit('write', at(cwd, p));
  },
  touch(args, cwd, _vol, emit) {
    for (const p of getopt(args, 'drt', ['date', 'reference', 'time']).operands) emit('write', at(cwd, p));
  },
  tee(args, cwd, _vol, emit) {
    for (const p of getopt(args, '').operands) emit('write', at(cwd, p));
  },
  truncate(args, cwd, _vol, emit) {
    for (const p of getopt(args, 'sr', ['size', 'reference']).operands) emit('write', at(cwd, p));
  },
  dd(args, cwd, _vol, emit) {
    for (const a of args) if (a.startsWith('of=')) emit('write', at(cwd, a.slice(3)));
  },
  chmod(args, cwd, _vol, emit) {
    // GNU chmod reads `-w`, `-x`, `-rwx` as modes, not options.
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
    const below = (kind: ShellEvent['kind']) => { for (const s of starts) emit(kind, at(cwd, s), true); };
    for (let j = 0; j < expr.length; j++) {
      const t = expr[j]!;
      if (t === '-delete') below('removal');
      else if (/^-(exec|execdir|ok|okdir)$/.test(t)) {
        const cmd = base(expr[j + 1] ?? '');
        const body = [];
        for (j++; j < expr.length && expr[j] !== ';' && expr[j] !== '+'; j++) body.push(expr[j]!);
        if (REMOVERS.has(cmd) || (cmd === 'shred' && body.includes('-u'))) below('removal');
        else if (WRITERS.has(cmd) && (cmd !== 'sed' || body.some((b) => /^-[a-zA-Z]*i|^--in-place/.test(b)))) below('write');
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
    // Old style: a first word of letters, whose argument-taking letters take the next words in order.
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
  },
  unzip(args, cwd, _vol, emit) {
    const o = getopt(args, 'd', []);
    emit('write', at(cwd, value(o, 'd') ?? '.'), true);
  },
};
readers.mv = readers.cp!;
readers.ln = readers.cp!;
readers.install = readers.cp!;
readers.chgrp = readers.chown!;
readers.del = readers.rimraf!;

/** Log-only wrappers the sandbox does not run through: read the command they would run. */
function throughWrappers(argv: string[]): string[] {
  let a = argv;
  for (let guard = 0; guard < 4; guard++) {
    const name = base(a[0] ?? '');
    if (name === 'sudo' || name === 'doas') {
      const o = getopt(a.slice(1), name === 'sudo' ? 'ugCDhprtTU' : 'uC', [], true);
      a = o.operands;
    } else if (name === 'npx') {
      const o = getopt(a.slice(1), 'pc', ['package', 'call'], true);
      a = o.operands;
    } else break;
  }
  return a;
}

function callEvents(call: Call, vol: Vol): ShellEvent[] {
  const argv = throughWrappers(call.argv);
  const name = base(argv[0] ?? '');
  const reader = readers[name];
  if (!reader) return [];
  const cwd = fromRunner(call.cwd);
  const out: ShellEvent[] = [];
  const shown = call.argv.map((a) => (/^[\w./=+:,@%-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
  reader(argv.slice(1), cwd, vol, (kind, raw, recursive = false) => {
    out.push({ kind, path: physical(vol, raw, false), recursive, from: `argv of \`${shown}\` in ${call.cwd}` });
  }, name);
  return out;
}

// ------------------------------------------------------------------ what the approver listed

type Listed = Explanation['effects'][number];

function describeListed(e: Listed): string {
  return `${e.kind} by \`${e.by}\`${e.recursive ? ' (recursive)' : ''}${e.glob ? ' (glob)' : ''}: ${e.paths === null ? 'not fixed' : e.paths.join(', ')}`;
}

/** The directory a glob's wildcards stand below. */
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

/** One glob component as a regular expression (`*`, `?`, `[…]`, `[!…]`). */
function componentRegExp(c: string): RegExp {
  let src = '';
  for (let i = 0; i < c.length; i++) {
    const ch = c[i]!;
    if (ch === '*') src += '.*';
    else if (ch === '?') src += '.';
    else if (ch === '[' && c.indexOf(']', i + 2) > 0) {
      const end = c.indexOf(']', i + 2);
      const body = c.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
      src += `[${body}]`;
      i = end;
    } else src += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${src}$`);
}

/**
 * The directories a glob names by matching `.` or `..` itself: only sh (dash)
 * lets a final `.*`-style component match them; bash (globskipdots) and zsh never do.
 */
function dotEntries(q: string, dialect: ShellName): string[] {
  if (dialect !== 'sh') return [];
  const dir = globDirectory(q);
  const last = q.slice(dir === '/' ? 1 : dir.length + 1);
  if (last.includes('/') || !last.startsWith('.')) return [];
  const re = componentRegExp(last);
  return [...(re.test('.') ? [dir] : []), ...(re.test('..') ? [path.posix.dirname(dir)] : [])];
}

function covers(e: Listed, ev: ShellEvent, vol: Vol, dialect: ShellName): boolean {
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
      for (const d of dotEntries(q, dialect).map((x) => physical(vol, x, true))) {
        if (ev.path === d || (e.recursive && inside(ev.path, d))) return true;
      }
    }
    for (const c of new Set([physical(vol, q, false), physical(vol, q, true)])) {
      if (ev.path === c && (!ev.recursive || e.recursive)) return true;
      if (e.recursive && inside(ev.path, c)) return true;
    }
  }
  return false;
}

/** mkdir -p (and install -D) make the parents of what they were asked for: a created directory above a listed mkdir. */
function parentOfListedMkdir(effects: readonly Listed[], ev: ShellEvent, vol: Vol): boolean {
  if (!ev.createdDir) return false;
  return effects.some((e) => e.kind === 'write' && (e.by === 'mkdir' || e.by === 'install') && (e.paths ?? []).some((q) => inside(physical(vol, q, true), ev.path)));
}

// ------------------------------------------------------------------ plans

interface Plan {
  line: AgreementLine;
  dialect: ShellName;
  layout: Layout;
  vol: Vol;
  parsed: boolean;
  explanation: Explanation;
  /** The handed-back text, pinned to the work dir and to a directory that does not exist. */
  handBack: { work: string; nope: string } | null;
  handBackProblem: string | null;
}

const quoteDir = (d: string) => `'${d.replace(/'/g, `'\\''`)}'`;

function plan(line: AgreementLine, dialect: ShellName): Plan {
  const layout = line.layout ?? agreementLayout;
  const vol = volumeFor(layout);
  let parsed = true;
  try {
    parse(line.command, { dialect });
  } catch {
    parsed = false;
  }
  const explanation = explain(line.command, {
    dialect, tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs: fileSystemFrom(vol as never),
  });
  let handBack: Plan['handBack'] = null;
  let handBackProblem: string | null = null;
  const v = explanation.verdict;
  if (v.decision === 'allow') {
    const head = `cd -- ${quoteDir(IN_WORK)} && {\n`;
    const want = `${head}${line.command}\n}`;
    if (v.command !== want) handBackProblem = `the handed-back text is not \`cd -- '<tree>' && {⏎<line>⏎}\`: ${JSON.stringify(v.command)}`;
    if (v.command.startsWith(head)) handBack = { work: v.command, nope: `cd -- ${quoteDir(NOPE)} && {\n${v.command.slice(head.length)}` };
  }
  return { line, dialect, layout, vol, parsed, explanation, handBack, handBackProblem };
}

const plans: Plan[] = [];
for (const line of agreementLines) for (const d of line.dialects ?? SHELLS) plans.push(plan(line, d));

const caseId = (kind: 'as-written' | 'pinned-nope' | 'pinned-work', p: Plan) => `${kind}:${p.line.id}:${p.dialect}`;

function cases(): Case[] {
  const out: Case[] = [];
  for (const p of plans) {
    const base = { shell: p.dialect, layout: p.layout, run: true, bashArgs: BASH_ARGS };
    out.push({ ...base, id: caseId('as-written', p), command: p.line.command });
    if (p.handBack) {
      out.push({ ...base, id: caseId('pinned-nope', p), command: p.handBack.nope });
      out.push({ ...base, id: caseId('pinned-work', p), command: p.handBack.work });
    }
  }
  return out;
}

// ------------------------------------------------------------------ judging one plan

const verdictText = (p: Plan) => {
  const v = p.explanation.verdict;
  return v.decision === 'allow' ? 'allow' : `deny ${v.id} (${v.reason})`;
};

interface Finding {
  plan: Plan;
  /** `miss`: the shell did what the approver did not list; `contain`: the handed-back text ran outside its group; `runner`: the sandbox itself. */
  kind: 'miss' | 'contain' | 'runner';
  soft: boolean;
  text: string;
}

const findings: Finding[] = [];
const stats = { events: 0, runsWithEvents: 0, allowed: 0, pinnedCalls: 0 };

/**
 * Refusals in which the approver itself says it cannot place a target or read
 * the code: a miss on such a line is logged, not failed (its list cannot be complete).
 */
const SOFT_IDS = new Set<string>(['dynamic-code', 'removal-unfixed-target', 'write-unfixed-target', 'removal-unplaced-name']);

function judge(p: Plan, results: Map<string, LineResult>): Finding[] {
  const out: Finding[] = [];
  const header = `\`${p.line.command}\` [${p.dialect}] — approver: ${verdictText(p)}`;
  const add = (kind: Finding['kind'], text: string, soft = false) => out.push({ plan: p, kind, soft, text: `${header}\n  ${text}` });
  const v = p.explanation.verdict;

  // 1. effects, as written
  const r = results.get(caseId('as-written', p));
  if (!r?.ran || r.error) add('runner', `the as-written run failed: ${r?.error ?? 'no result'}`);
  else if (r.ran.timedOut) add('runner', 'the as-written run timed out');
  else if (!p.parsed) {
    if (v.decision !== 'deny') add('miss', 'treeward cannot parse the line, yet the approver allowed it');
  } else {
    const events = [...diffEvents(r.ran), ...r.ran.calls.flatMap((c) => callEvents(c, p.vol))];
    stats.events += events.length;
    if (DEBUG && DEBUG.test(p.line.id)) {
      console.log(`${header}\n  shell: ${events.map((e) => `${e.kind} ${e.path}${e.recursive ? '/**' : ''} (${e.from})`).join('\n         ') || 'nothing'}` +
        `\n  approver: ${p.explanation.effects.map(describeListed).join('\n            ') || 'nothing'}` +
        `\n  calls: ${r.ran.calls.map((c) => `${c.argv.join(' ')} @${c.cwd}`).join('; ')}\n  exit ${r.ran.exit} stderr: ${r.ran.stderr.trim()}`);
    }
    if (events.length > 0) stats.runsWithEvents++;
    const listed = p.explanation.effects.map(describeListed);
    const soft = v.decision === 'deny' && SOFT_IDS.has(v.id);
    const seen = new Set<string>();
    for (const ev of events) {
      if (p.explanation.effects.some((e) => covers(e, ev, p.vol, p.dialect)) || parentOfListedMkdir(p.explanation.effects, ev, p.vol)) continue;
      const key = `${ev.kind} ${ev.path} ${ev.from}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add('miss', `shell: ${ev.kind} of ${ev.path}${ev.recursive ? ' and below' : ''} (${ev.from})\n  approver listed: ${listed.length ? listed.join(' | ') : 'nothing'}`, soft);
    }
  }

  // 2. containment, for what the approver allows
  if (p.handBackProblem) add('contain', p.handBackProblem);
  if (p.handBack) {
    stats.allowed++;
    const nope = results.get(caseId('pinned-nope', p));
    if (!nope?.ran || nope.error) add('runner', `the pinned run in a missing directory failed: ${nope?.error ?? 'no result'}`);
    else {
      const calls = nope.ran.calls.map((c) => `${c.argv.join(' ')} (in ${c.cwd})`);
      const changed = diffEvents(nope.ran).map((e) => `${e.kind} of ${e.path} (${e.from})`);
      if (calls.length) add('contain', `with \`cd -- '${NOPE}'\` failing, commands still ran: ${calls.join('; ')}`);
      if (changed.length) add('contain', `with \`cd -- '${NOPE}'\` failing, the tree still changed: ${changed.join('; ')}`);
    }
    const work = results.get(caseId('pinned-work', p));
    if (!work?.ran || work.error) add('runner', `the pinned run in the work dir failed: ${work?.error ?? 'no result'}`);
    else {
      const leaves = p.line.leaves ?? [];
      const ok = (cwd: string) => cwd === '.' || (!cwd.startsWith('/') && !cwd.startsWith('..')) || leaves.some((l) => cwd === l || cwd.startsWith(l + '/'));
      stats.pinnedCalls += work.ran.calls.length;
      for (const c of work.ran.calls) {
        if (!ok(c.cwd)) add('contain', `pinned to the work dir, \`${c.argv.join(' ')}\` ran in ${c.cwd}, outside the tree`);
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ the tests

describe.skipIf(!available)('the shells agree with the approver', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    const t0 = Date.now();
    const all = cases();
    results = await runLines(all, { timeoutSec: 2, real: REAL });
    console.log(`shell-agreement: ${agreementLines.length} lines, ${plans.length} line×dialect, ${all.length} runs in ${Date.now() - t0} ms`);
  });

  afterAll(() => {
    console.log(`shell-agreement: compared ${stats.events} shell events from ${stats.runsWithEvents} as-written runs; ` +
      `${stats.allowed} allowed line×dialect ran pinned (${stats.pinnedCalls} commands in the work dir, none allowed in a missing one)`);
    if (findings.length === 0) return;
    const by = (k: Finding['kind'], soft: boolean) => findings.filter((f) => f.kind === k && f.soft === soft);
    const section = (title: string, fs: Finding[]) => (fs.length ? `\n== ${title} (${fs.length})\n${fs.map((f) => f.text).join('\n')}\n` : '');
    console.log(
      'shell-agreement findings:' +
        section('the shell did what the approver did not list', by('miss', false)) +
        section('containment', by('contain', false)) +
        section('sandbox/runner', by('runner', false)) +
        section('not failed: misses on lines refused as unreadable or unfixed', by('miss', true)),
    );
  });

  for (const p of plans) {
    it(`${p.line.id} [${p.dialect}]: ${JSON.stringify(p.line.command)}`, () => {
      const found = judge(p, results);
      findings.push(...found);
      const hard = found.filter((f) => !f.soft).map((f) => `${f.kind}: ${f.text}`);
      expect(hard, `${p.line.note}\n${hard.join('\n')}`).toEqual([]);
    });
  }
});
