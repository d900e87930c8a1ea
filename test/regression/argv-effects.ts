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
  /** The program whose argv names it. */
  by?: string;
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

/** A loose getopt for the programs below that are not coreutils: permuting; `withArg` letters and `longWithArg` names take a value. */
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
/** The environment a call ran with: the variables the stubs log (shells.ts `Call.env`). */
type Env = Readonly<Record<string, string>>;
type Reader = (args: string[], cwd: string, vol: Vol, emit: Emit, name: string, env: Env) => void;

// ------------------------------------------------------------------ GNU coreutils 9.1: getopt_long, as glibc reads argv

/**
 * A program's options as its source declares them: the getopt string
 * (`t:` takes a value, `r::` an optional one attached to its letter) and the
 * `struct option` rows, each a long name, whether it takes a value (0 no,
 * 1 required, 2 optional) and what getopt returns for it (the short letter,
 * or the long name itself when it has none; two names returning the same
 * thing are one option, so a prefix of both is not ambiguous).
 */
interface Declared {
  short: string;
  long: [name: string, hasArg: 0 | 1 | 2, returns?: string][];
}

interface Parsed {
  /** What getopt returned, in order: the option (its letter or long name), its value, and the argv index of the word it stood in. */
  seen: [option: string, value: string | true, word: number][];
  operands: string[];
  /** `--help` or `--version`: the program prints and exits. */
  informational: boolean;
}

const standardOptions: Declared['long'] = [['help', 0], ['version', 0]];

/**
 * glibc's getopt_long: it permutes (options anywhere before `--`, unless
 * POSIXLY_CORRECT is set: then the first operand ends them), `-` is an
 * operand, a long name may be abbreviated to a prefix only one option has.
 * Null where the program refuses its argv: an unknown or ambiguous option, a
 * missing value, a value given to a flag (coreutils then prints its usage
 * and does nothing).
 */
function getoptLong(args: readonly string[], declared: Declared, env: Env): Parsed | null {
  const posix = env.POSIXLY_CORRECT !== undefined;
  const long = [...declared.long, ...standardOptions];
  const out: Parsed = { seen: [], operands: [], informational: false };
  const arity = (letter: string): 0 | 1 | 2 | null => {
    const at = declared.short.indexOf(letter);
    if (at < 0 || letter === ':') return null;
    return declared.short[at + 1] !== ':' ? 0 : declared.short[at + 2] === ':' ? 2 : 1;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      out.operands.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      out.operands.push(a);
      if (posix) {
        out.operands.push(...args.slice(i + 1));
        break;
      }
      continue;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const exact = long.find(([n]) => n === name);
      const prefixed = long.filter(([n]) => n.startsWith(name));
      const same = (x: Declared['long'][number], y: Declared['long'][number]) => x[1] === y[1] && (x[2] ?? x[0]) === (y[2] ?? y[0]);
      const found = exact ?? (prefixed.length > 0 && prefixed.every((p) => same(p, prefixed[0]!)) ? prefixed[0] : undefined);
      if (!found) return null;
      const [n, hasArg, returns] = found;
      let v: string | true = true;
      if (eq >= 0) {
        if (hasArg === 0) return null;
        v = a.slice(eq + 1);
      } else if (hasArg === 1) {
        if (i + 1 >= args.length) return null;
        v = args[++i]!;
      }
      if (n === 'help' || n === 'version') out.informational = true;
      out.seen.push([returns ?? n, v, i]);
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      const takes = arity(c);
      if (takes === null) return null;
      if (takes === 0) {
        out.seen.push([c, true, i]);
        continue;
      }
      const word = i;
      if (j + 1 < a.length) out.seen.push([c, a.slice(j + 1), word]);
      else if (takes === 2) out.seen.push([c, true, word]);
      else if (i + 1 < args.length) out.seen.push([c, args[++i]!, word]);
      else return null;
      break;
    }
  }
  return out;
}

const given = (p: Parsed, ...options: string[]) => p.seen.some(([o]) => options.includes(o));
const lastValue = (p: Parsed, ...options: string[]): string | null => {
  for (let i = p.seen.length - 1; i >= 0; i--) {
    const [o, v] = p.seen[i]!;
    if (options.includes(o) && typeof v === 'string') return v;
  }
  return null;
};

/** The options of coreutils 9.1 (src/*.c `long_options` and the getopt string), for the programs whose argv this file reads. */
const declared: Record<string, Declared> = {
  rm: {
    short: 'dfirvIR',
    long: [['force', 0, 'f'], ['interactive', 2], ['one-file-system', 0], ['no-preserve-root', 0], ['preserve-root', 2],
      ['-presume-input-tty', 0], ['recursive', 0, 'r'], ['dir', 0, 'd'], ['verbose', 0, 'v']],
  },
  rmdir: { short: 'pv', long: [['ignore-fail-on-non-empty', 0], ['path', 0, 'p'], ['parents', 0, 'p'], ['verbose', 0, 'v']] },
  unlink: { short: '', long: [] },
  mkdir: { short: 'pm:vZ', long: [['context', 2, 'Z'], ['mode', 1, 'm'], ['parents', 0, 'p'], ['verbose', 0, 'v']] },
  touch: { short: 'acd:fhmr:t:', long: [['time', 1], ['no-create', 0, 'c'], ['date', 1, 'd'], ['reference', 1, 'r'], ['no-dereference', 0, 'h']] },
  truncate: { short: 'cor:s:', long: [['no-create', 0, 'c'], ['io-blocks', 0, 'o'], ['reference', 1, 'r'], ['size', 1, 's']] },
  tee: { short: 'aip', long: [['append', 0, 'a'], ['ignore-interrupts', 0, 'i'], ['output-error', 2, 'p']] },
  shred: {
    short: 'fn:s:uvxz',
    long: [['exact', 0, 'x'], ['force', 0, 'f'], ['iterations', 1, 'n'], ['size', 1, 's'], ['random-source', 1], ['remove', 2, 'u'], ['verbose', 0, 'v'], ['zero', 0, 'z']],
  },
  chmod: {
    // a mode letter takes the rest of its word as an optional value: the whole word is then a mode
    short: 'Rcfvr::w::x::X::s::t::u::g::o::a::,::+::=::0::1::2::3::4::5::6::7::',
    long: [['changes', 0, 'c'], ['recursive', 0, 'R'], ['no-preserve-root', 0], ['preserve-root', 0], ['quiet', 0, 'f'], ['reference', 1], ['silent', 0, 'f'], ['verbose', 0, 'v']],
  },
  chown: {
    short: 'HLPRcfhv',
    long: [['recursive', 0, 'R'], ['changes', 0, 'c'], ['dereference', 0], ['from', 1], ['no-dereference', 0, 'h'], ['no-preserve-root', 0],
      ['preserve-root', 0], ['quiet', 0, 'f'], ['silent', 0, 'f'], ['reference', 1], ['verbose', 0, 'v']],
  },
  chgrp: {
    short: 'HLPRcfhv',
    long: [['recursive', 0, 'R'], ['changes', 0, 'c'], ['dereference', 0], ['no-dereference', 0, 'h'], ['no-preserve-root', 0],
      ['preserve-root', 0], ['quiet', 0, 'f'], ['silent', 0, 'f'], ['reference', 1], ['verbose', 0, 'v']],
  },
  mv: {
    short: 'bfint:uvS:TZ',
    long: [['backup', 2, 'b'], ['context', 0, 'Z'], ['force', 0, 'f'], ['interactive', 0, 'i'], ['no-clobber', 0, 'n'], ['no-target-directory', 0, 'T'],
      ['strip-trailing-slashes', 0], ['suffix', 1, 'S'], ['target-directory', 1, 't'], ['update', 0, 'u'], ['verbose', 0, 'v']],
  },
  cp: {
    short: 'abdfHilLnprst:uvxPRS:TZ',
    long: [['archive', 0, 'a'], ['attributes-only', 0], ['backup', 2, 'b'], ['copy-contents', 0], ['dereference', 0, 'L'], ['force', 0, 'f'],
      ['interactive', 0, 'i'], ['link', 0, 'l'], ['no-clobber', 0, 'n'], ['no-dereference', 0, 'P'], ['no-preserve', 1], ['no-target-directory', 0, 'T'],
      ['one-file-system', 0, 'x'], ['parents', 0], ['path', 0, 'parents'], ['preserve', 2], ['recursive', 0, 'R'], ['remove-destination', 0],
      ['sparse', 1], ['reflink', 2], ['strip-trailing-slashes', 0], ['suffix', 1, 'S'], ['symbolic-link', 0, 's'], ['target-directory', 1, 't'],
      ['update', 0, 'u'], ['verbose', 0, 'v'], ['context', 2, 'Z']],
  },
  ln: {
    short: 'bdfinrst:vFLPS:T',
    long: [['backup', 2, 'b'], ['directory', 0, 'F'], ['no-dereference', 0, 'n'], ['no-target-directory', 0, 'T'], ['force', 0, 'f'],
      ['interactive', 0, 'i'], ['suffix', 1, 'S'], ['target-directory', 1, 't'], ['logical', 0, 'L'], ['physical', 0, 'P'], ['relative', 0, 'r'],
      ['symbolic', 0, 's'], ['verbose', 0, 'v']],
  },
  install: {
    short: 'bcCsDdg:m:o:pt:TvS:Z',
    long: [['backup', 2, 'b'], ['compare', 0, 'C'], ['context', 2, 'Z'], ['directory', 0, 'd'], ['group', 1, 'g'], ['mode', 1, 'm'],
      ['no-target-directory', 0, 'T'], ['owner', 1, 'o'], ['preserve-timestamps', 0, 'p'], ['preserve-context', 0], ['strip', 0, 's'],
      ['strip-program', 1], ['suffix', 1, 'S'], ['target-directory', 1, 't'], ['verbose', 0, 'v']],
  },
};

/** Read a coreutils argv: null where the program does nothing (it refused the argv, or it only prints its help or version). */
function gnu(name: string, args: readonly string[], env: Env): Parsed | null {
  const parsed = getoptLong(args, declared[name]!, env);
  return parsed && !parsed.informational ? parsed : null;
}

const exists = (vol: Vol, p: string) => lstatOf(vol, physical(vol, p, false)) !== null;
const isEmptyDirectory = (vol: Vol, p: string) => isDirectory(vol, p, false) && vol.readdirSync(physical(vol, p, false)).length === 0;
const lastName = (p: string) => path.posix.basename(p.replace(/\/+$/, ''));

// chmod's mode grammar (a symbolic list, or an octal number with an optional operator)
const modeClause = /^(?:[ugoa]*(?:[-+=](?:[rwxXst]*|[ugo]))+|[-+=]?[0-7]+)$/;
const validMode = (mode: string) => mode.split(',').every((clause) => modeClause.test(clause));

/** The backups (`-b`, `--backup[=CONTROL]`, `-S SUFFIX`) of mv, cp, ln and install: the backup's name for a destination, or null. */
function backupNamer(p: Parsed, env: Env, vol: Vol): ((dest: string) => string | null) | 'refused' {
  if (!given(p, 'b', 'S')) return () => null;
  const control = lastValue(p, 'b') ?? env.VERSION_CONTROL ?? 'existing';
  const kinds: [string, 'none' | 'simple' | 'existing' | 'numbered'][] = [
    ['none', 'none'], ['off', 'none'], ['simple', 'simple'], ['never', 'simple'], ['existing', 'existing'], ['nil', 'existing'], ['numbered', 'numbered'], ['t', 'numbered'],
  ];
  // argmatch: an exact name, or a prefix of names that all mean one kind
  const matches = kinds.filter(([k]) => k === control).concat(kinds.filter(([k]) => k !== control && k.startsWith(control)));
  const kind = matches.find(([k]) => k === control)?.[1] ?? (matches.length > 0 && matches.every(([, m]) => m === matches[0]![1]) ? matches[0]![1] : null);
  if (kind === null) return 'refused';
  if (kind === 'none') return () => null;
  // a suffix that is empty or holds a `/` is not used (gnulib's set_simple_backup_suffix)
  const usable = (s: string | null | undefined) => (s && !s.includes('/') ? s : null);
  const suffix = usable(lastValue(p, 'S')) ?? usable(env.SIMPLE_BACKUP_SUFFIX) ?? '~';
  return (dest) => {
    const numbered = (n: number) => `${dest}.~${n}~`;
    let highest = 0;
    if (kind !== 'simple') {
      const dir = path.posix.dirname(dest);
      const prefix = `${lastName(dest)}.~`;
      let names: string[] = [];
      try { names = (vol.readdirSync(physical(vol, dir, true)) as string[]).map(String); } catch { names = []; }
      for (const n of names) {
        const m = n.startsWith(prefix) ? /^(\d+)~$/.exec(n.slice(prefix.length)) : null;
        if (m) highest = Math.max(highest, Number(m[1]));
      }
    }
    if (kind === 'numbered' || (kind === 'existing' && highest > 0)) return numbered(highest + 1);
    return dest + suffix;
  };
}

/**
 * Where mv, cp, ln and install put each source, as coreutils 9.1 decides it
 * (cp.c `do_copy`, mv.c `main`, ln.c `main`): `-t DIR`; `-T` (exactly two
 * operands, the second a file); else the last operand, a directory when it
 * is one (ln `-n` does not follow a link there), which several sources need.
 * Null where the program refuses (missing or extra operands, `-t` with `-T`
 * or twice, a target that is not a directory).
 */
function placements(name: string, p: Parsed, cwd: string, vol: Vol): { source: string; dest: string }[] | null {
  const targets = p.seen.filter(([o]) => o === 't');
  const noTarget = given(p, 'T');
  const ops = p.operands;
  if (targets.length > 1 || (targets.length === 1 && noTarget)) return null;
  const parents = name === 'cp' && given(p, 'parents');
  const into = (dir: string) => ops.map((s) => ({ source: s, dest: parents ? path.posix.join(at(cwd, dir), s.replace(/\/+$/, '')) : `${at(cwd, dir)}/${lastName(s) === '..' ? '.' : lastName(s)}` }));
  const follow = !(name === 'ln' && given(p, 'n'));
  if (targets.length === 1) {
    const dir = targets[0]![1] as string;
    if (ops.length === 0 || !isDirectory(vol, at(cwd, dir))) return null;
    return into(dir);
  }
  if (ops.length === 0) return null;
  if (noTarget) return ops.length === 2 ? [{ source: ops[0]!, dest: at(cwd, ops[1]!) }] : null;
  if (ops.length === 1) return name === 'ln' ? [{ source: ops[0]!, dest: `${cwd}/${lastName(ops[0]!)}` }] : null;
  const last = ops[ops.length - 1]!;
  const sources = ops.slice(0, -1);
  const lastIsDirectory = isDirectory(vol, at(cwd, last), follow);
  if (parents && !lastIsDirectory) return null;
  if (lastIsDirectory) {
    return sources.map((s) => ({ source: s, dest: parents ? path.posix.join(at(cwd, last), s.replace(/\/+$/, '')) : `${at(cwd, last)}/${lastName(s) === '..' ? '.' : lastName(s)}` }));
  }
  if (sources.length > 1) return null;
  // a destination spelled as a directory that is none: GNU cp and mv refuse a file there ("cannot create regular file
  // 'sub/': Not a directory"), and give a directory that name (`mv d f/` renames d to f), as checked with coreutils 9.1
  if (last.endsWith('/') && !isDirectory(vol, at(cwd, sources[0]!), name !== 'mv')) return null;
  return [{ source: sources[0]!, dest: at(cwd, last) }];
}

/** mv, cp, ln, install: each source's removal (mv), its destination's write, and the backup of what stood there. */
const copyLike: Reader = (args, cwd, vol, emit, name, env) => {
  const p = gnu(name, args, env);
  if (!p) return;
  if (name === 'install' && given(p, 'd')) {
    for (const d of p.operands) emit('write', at(cwd, d));
    return;
  }
  if (name === 'ln' && given(p, 'r') && !given(p, 's')) return; // --relative needs --symbolic
  const backup = backupNamer(p, env, vol);
  if (backup === 'refused') return;
  const placed = placements(name, p, cwd, vol);
  if (!placed) return;
  const recursive = name === 'mv' || (name === 'cp' && given(p, 'r', 'R', 'a'));
  const replaces = name !== 'ln' || given(p, 'f', 'b', 'S');
  // cp follows a link it is given unless it copies recursively (or -P, -d); -L and -H follow it; install always does
  const follows = name === 'install' || (name === 'cp' && (given(p, 'L', 'H') || !(recursive || given(p, 'P', 'd'))));
  for (const { source, dest } of placed) {
    const from = at(cwd, source);
    const sourceIsDirectory = isDirectory(vol, from, follows);
    // a destination that is a directory (as a file: -T, or ln -n of a link's own name) is not replaced by a file
    if (isDirectory(vol, dest, false) && !sourceIsDirectory) continue;
    if (name === 'ln' && exists(vol, dest) && (!replaces || physical(vol, dest, true) === physical(vol, from, true))) continue;
    if ((name === 'cp' || name === 'install') && sourceIsDirectory && !recursive) continue; // "omitting directory"
    if (name === 'mv') emit('removal', from, true);
    const backupName = exists(vol, dest) ? backup(dest) : null;
    if (backupName !== null) emit('write', backupName);
    emit('write', dest, recursive && sourceIsDirectory);
  }
};

const coreutils: Record<string, Reader> = {
  rm(args, cwd, vol, emit, name, env) {
    const p = gnu(name, args, env);
    if (!p) return;
    const recursive = given(p, 'r', 'R');
    for (const operand of p.operands) {
      const target = at(cwd, operand);
      if (lastName(operand) === '.' || lastName(operand) === '..') continue; // rm refuses them
      if (!recursive && isDirectory(vol, target, false) && !(given(p, 'd') && isEmptyDirectory(vol, target))) continue;
      emit('removal', target, recursive);
    }
  },
  rmdir(args, cwd, _vol, emit, name, env) {
    const p = gnu(name, args, env);
    if (!p) return;
    for (const operand of p.operands) {
      let d = operand.replace(/\/+$/, '');
      emit('removal', at(cwd, d));
      while (given(p, 'p') && d.includes('/')) {
        d = d.slice(0, d.lastIndexOf('/')).replace(/\/+$/, '');
        if (d === '' || d === '.') break;
        emit('removal', at(cwd, d));
      }
    }
  },
  unlink(args, cwd, _vol, emit, name, env) {
    const p = gnu(name, args, env);
    if (p?.operands.length === 1) emit('removal', at(cwd, p.operands[0]!));
  },
  shred(args, cwd, _vol, emit, name, env) {
    const p = gnu(name, args, env);
    if (!p) return;
    for (const operand of p.operands) {
      emit('write', at(cwd, operand));
      if (given(p, 'u')) emit('removal', at(cwd, operand));
    }
  },
  mkdir(args, cwd, _vol, emit, name, env) {
    for (const d of gnu(name, args, env)?.operands ?? []) emit('write', at(cwd, d));
  },
  touch(args, cwd, vol, emit, name, env) {
    const p = gnu(name, args, env);
    if (!p) return;
    for (const f of p.operands) {
      if (f === '-') continue; // the file of its stdout
      if (given(p, 'c') && !exists(vol, at(cwd, f))) continue;
      emit('write', at(cwd, f));
    }
  },
  tee(args, cwd, _vol, emit, name, env) {
    for (const f of gnu(name, args, env)?.operands ?? []) emit('write', at(cwd, f)); // `-` is a file: tee.c follows POSIX
  },
  truncate(args, cwd, _vol, emit, name, env) {
    for (const f of gnu(name, args, env)?.operands ?? []) emit('write', at(cwd, f));
  },
  chmod(args, cwd, _vol, emit, name, env) {
    const p = gnu(name, args, env);
    if (!p) return;
    // chmod.c: a mode letter among the options makes its whole word a mode; several join with `,`
    const modeWords = [...new Set(p.seen.filter(([o]) => !/^[Rcfv]$/.test(o) && o.length === 1).map(([, , word]) => word))].map((w) => args[w]!);
    const reference = given(p, 'reference');
    if (modeWords.length > 0 && reference) return;
    const files = modeWords.length > 0 || reference ? p.operands : p.operands.slice(1);
    const mode = modeWords.length > 0 ? modeWords.join(',') : reference ? null : (p.operands[0] ?? null);
    if (files.length === 0 || (mode !== null && !validMode(mode))) return;
    for (const f of files) emit('write', at(cwd, f), given(p, 'R'));
  },
  chown(args, cwd, _vol, emit, name, env) {
    const p = gnu(name, args, env);
    if (!p) return;
    const files = given(p, 'reference') ? p.operands : p.operands.slice(1);
    for (const f of files) emit('write', at(cwd, f), given(p, 'R'));
  },
  mv: copyLike,
  cp: copyLike,
  ln: copyLike,
  install: copyLike,
};
coreutils.chgrp = coreutils.chown!;

/** `git mv`'s destinations: the last operand, a directory when it is one or when there are several sources. */
function gitMoves(o: Options, cwd: string, vol: Vol): { source: string; dest: string }[] {
  const ops = o.operands;
  if (ops.length < 2) return [];
  const dest = ops[ops.length - 1]!;
  const sources = ops.slice(0, -1);
  const intoDir = sources.length > 1 || dest.endsWith('/') || isDirectory(vol, at(cwd, dest));
  return sources.map((s) => ({ source: s, dest: intoDir ? `${at(cwd, dest)}/${base(s)}` : at(cwd, dest) }));
}

const readers: Record<string, Reader> = {
  ...coreutils,
  rimraf: (args, cwd, _vol, emit) => { for (const p of getopt(args, '').operands) emit('removal', at(cwd, p), true); },
  dd: (args, cwd, _vol, emit) => { for (const a of args) if (a.startsWith('of=')) emit('write', at(cwd, a.slice(3))); },
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
      for (const { source, dest } of gitMoves(o, dir, vol)) {
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
    // GNU tar takes a unique prefix of a long name: `--dir=` is `--directory=` (GNU tar 1.34 run)
    for (const [k, v] of o.seen) if ((k === 'C' || (k.length >= 3 && 'directory'.startsWith(k))) && typeof v === 'string') dir = at(dir, v);
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
/**
 * The writers of issue 13 whose names the sandbox stubs (the rest are not
 * on its PATH): what each writes by its manual page, from argv alone.
 */
const writers: Record<string, Reader> = {
  // split(1): PREFIXaa… (default x); the glob stands for every piece
  split(args, cwd, _vol, emit) {
    const o = getopt(args, 'abClnt', ['suffix-length', 'additional-suffix', 'bytes', 'line-bytes', 'lines', 'number', 'separator', 'filter']);
    if (value(o, 'filter') !== null) return;
    emit('write', `${at(cwd, o.operands[1] ?? 'x')}aa`);
  },
  // csplit(1): PREFIX00… (default xx)
  csplit(args, cwd, _vol, emit) {
    const o = getopt(args, 'bfn', ['suffix-format', 'prefix', 'digits']);
    emit('write', `${at(cwd, value(o, 'f', 'prefix') ?? 'xx')}00`);
  },
  // link(1): FILE2
  link(args, cwd, _vol, emit) { if (args.length === 2) emit('write', at(cwd, args[1]!)); },
  // gcc(1): -o FILE, else a.out
  gcc(args, cwd, _vol, emit) {
    const o = getopt(args.filter((a) => !/^-[A-Za-z]{2,}/.test(a) || a.startsWith('-o')), 'oIDLlU', []);
    const out = value(o, 'o');
    if (out !== null) emit('write', at(cwd, out));
    else if (!has(o, 'c', 'S', 'E', 'M')) emit('write', at(cwd, 'a.out'));
  },
  // sqlite3: the database file
  sqlite3(args, cwd, _vol, emit) {
    const db = args.find((a) => !a.startsWith('-'));
    if (db !== undefined && db !== ':memory:' && !args.includes('-readonly')) emit('write', at(cwd, db));
  },
  // patch(1): the file named, or -o FILE (a diff on stdin is not in argv)
  patch(args, cwd, _vol, emit) {
    const o = getopt(args, 'BdDFgioprVxYz', ['prefix', 'directory', 'ifdef', 'fuzz', 'get', 'input', 'output', 'strip', 'reject-file']);
    if (has(o, 'dry-run')) return;
    const out = value(o, 'o', 'output');
    if (out !== null) { if (out !== '-') emit('write', at(cwd, out)); return; }
    const dir = value(o, 'd', 'directory');
    if (o.operands[0]) emit('write', at(dir === null ? cwd : at(cwd, dir), o.operands[0]));
  },
};
writers.cc = writers.gcc!;
writers.clang = writers.gcc!;
Object.assign(readers, writers);
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
    out.push({ kind, path: physical(vol, raw, false), recursive, from: `argv of \`${shown}\` in ${call.cwd}`, by: name });
  }, name, call.env ?? {});
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

/** The events no listed effect covers (a directory that mkdir -p, install -D or cp --parents made above what it was asked for is covered). */
export function unlisted(events: readonly PathEvent[], effects: readonly Listed[], vol: Vol): PathEvent[] {
  return events.filter((ev) => {
    if (effects.some((e) => covers(e, ev, vol))) return false;
    if (ev.createdDir && effects.some((e) => e.kind === 'write' && (e.by === 'mkdir' || e.by === 'install' || e.by === 'cp') && (e.paths ?? []).some((q) => inside(physical(vol, q, true), ev.path)))) return false;
    return true;
  });
}
