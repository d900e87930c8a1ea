// Perl inline code read for what it touches (SPEC §3 "interpreters"): every
// call of the builtins that write, remove, link or run (open in every mode
// and form, sysopen, unlink, rmdir, rename, link, symlink, mkdir, chmod,
// chown, utime, truncate, system, exec, backquotes, qx, readpipe, pipe
// opens), of File::Path, File::Copy, File::Temp, IO::File and POSIX's
// writers, and of code loading (`eval STRING`, `do FILE`, `require`, `use`,
// `use lib`), found wherever it is nested (blocks, interpolation, s///e),
// judged by the paths and commands it names when they are fixed. The reader
// is fail-closed: a bareword call it cannot name (a function of a module it
// does not know, a computed call `&$f`, `->$m`, `$code->()`), a computed path
// or command, `$ENV{…}` or `$^I` set, is a problem, and the code is refused.

import type { InlineProblem, InlineReading, InlineTouch, Anchors } from './reading.js';
import { joinPath } from './reading.js';
import { decode as decodeBody, tokenizePerl, type PerlToken } from './perl-tokens.js';
import { TokenError, type Token } from './tokens.js';

type V =
  | { k: 'str'; s: string }
  | { k: 'list'; items: V[] }
  /** A filehandle, a bareword or a reference: never a path. */
  | { k: 'handle' }
  | { k: 'obj' }
  | { k: 'num'; t: string }
  | { k: 'const'; t: string }
  | { k: 'unknown' };

const unknown: V = { k: 'unknown' };
const words = (s: string) => new Set(s.trim().split(/\s+/));

class Stop extends Error {}

/** Stop the reading: `w` could not read `api` (a declared function, so that TypeScript narrows after it). */
function refuse(w: Walk, api: string, what: InlineProblem['what']): never {
  return w.refuse(api, what);
}

/** Builtins and keywords that neither write, remove nor run (perlfunc): a bareword call of one is harmless. */
const harmless = words(`print printf say sprintf join split map grep sort reverse keys values each exists delete defined undef scalar length
  substr index rindex uc lc ucfirst lcfirst fc chomp chop chr ord hex oct abs int sqrt sin cos atan2 exp log rand srand time times localtime
  gmtime sleep die warn exit return last next redo goto wantarray ref bless my our local state push pop shift unshift splice wait waitpid kill
  close binmode eof fileno flock getc read sysread syswrite seek tell sysseek select pack unpack lstat stat readlink readdir opendir closedir
  rewinddir telldir seekdir glob quotemeta pos lock study caller vec formline write chomp crypt alarm umask getppid getpgrp setpgrp getpriority
  getpwnam getpwuid getgrnam getgrgid getlogin getpwent getgrent endpwent endgrent setpwent gethostbyname gethostbyaddr getprotobyname
  getservbyname socket socketpair connect bind listen accept shutdown send recv setsockopt getsockopt getpeername getsockname fork pipe
  readline sprintf lcfirst reset prototype not and or xor if unless while until for foreach do else elsif sub package BEGIN END INIT CHECK
  UNITCHECK use no require eq ne lt gt le ge cmp x defined continue given when default break __PACKAGE__ __FILE__ __LINE__ __SUB__ __DATA__
  __END__ qw last local exists sprintf length chained utf8 ioctl fcntl msgctl msgget msgrcv msgsnd semctl semget semop shmctl shmget
  shmread shmwrite untie tied dump evalbytes`);

/** Modules whose functions only compute or read (their manual pages): what they export may be called. */
const pureModules = words(`strict warnings utf8 feature vars integer bytes constant open locale diagnostics autodie English FindBin Carp
  Data::Dumper List::Util Scalar::Util List::MoreUtils Getopt::Long Getopt::Std Time::HiRes Time::Local Time::Piece Cwd File::Basename
  File::Spec File::Spec::Functions Encode MIME::Base64 Digest::MD5 Digest::SHA JSON JSON::PP JSON::XS Cpanel::JSON::XS Text::Wrap
  Text::ParseWords Term::ANSIColor Sys::Hostname Socket IO::Handle IO::File Fcntl Errno Benchmark Test::More Math::BigInt Math::BigFloat
  Math::Trig Unicode::Normalize Hash::Util Text::Abbrev File::stat Time::localtime File::Find File::Temp File::Path File::Copy
  POSIX Storable Text::Tabs Term::ReadLine Unicode::UCD charnames overload parent base Exporter sort Config Text::Balanced I18N::Langinfo
  IO::Select Time::Seconds bigint bignum bigrat experimental version`);
/** Modules that turn strings into code (`use re 'eval'` runs `(?{…})` from an interpolated pattern; Benchmark's timethese evals strings). */
const codeModules = words('re Benchmark Safe B::Deparse Filter::Simple Filter::Util::Call');

/** Classes whose constructors and methods are harmless (objects of the modules above), beside those the code defines. */
const pureClasses = words(`JSON JSON::PP JSON::XS Cpanel::JSON::XS Data::Dumper Time::Piece Time::Seconds Math::BigInt Math::BigFloat Digest::MD5
  Digest::SHA Getopt::Long Getopt::Long::Parser IO::Handle IO::Select Encode Term::ANSIColor Text::Wrap POSIX Cwd version main
  Storable Config Term::ReadLine`);

interface Args {
  groups: V[];
  /** The token ranges of the groups, for what reads tokens (`my $fh`, sysopen's flags). */
  ranges: [number, number][];
  /** The call's own tokens: from after its name to after its arguments. */
  end: number;
  paren: boolean;
}

type Handler = (a: Args, w: Walk, api: string) => V;

const flat = (vs: V[]): V[] => vs.flatMap((v) => (v.k === 'list' ? flat(v.items) : [v]));
const baseName = (p: string) => p.replace(/\/+$/, '').slice(p.replace(/\/+$/, '').lastIndexOf('/') + 1);

function pathOf(v: V | undefined, w: Walk, api: string): string {
  if (v?.k !== 'str') refuse(w, api, 'path');
  return v.s;
}

function paths(vs: V[], w: Walk, api: string): string[] {
  const list = flat(vs).filter((v) => v.k !== 'obj');
  if (list.length === 0) refuse(w, api, 'path');
  return list.map((v) => pathOf(v, w, api));
}

const remove = (recursive: boolean): Handler => (a, w, api) => {
  // File::Path's old interface: `rmtree($dir, $verbose, $safe)`: numbers after the paths
  for (const path of paths(a.groups.filter((v) => v.k !== 'num'), w, api)) w.touch({ kind: 'remove', path, api, recursive });
  return unknown;
};

const write = (from: number, extra: { content?: boolean; recursive?: boolean } = {}, to?: number): Handler => (a, w, api) => {
  const vs = a.groups.slice(from, to).filter((v) => v.k !== 'num' || from > 0);
  for (const path of paths(vs, w, api)) w.touch({ kind: 'write', path, api, ...extra });
  return unknown;
};

/** `rename(a, b)`, File::Copy's `move(a, d)`: the source is removed and lands at the destination (or inside it, a directory). */
const move = (into: boolean): Handler => (a, w, api) => {
  const from = pathOf(a.groups[0], w, api);
  const to = pathOf(a.groups[1], w, api);
  w.touch({ kind: 'remove', path: from, api, recursive: true });
  w.touch({ kind: 'write', path: to, api, recursive: true, destination: true });
  const places = [to];
  if (into) {
    const inside = joinPath(to, baseName(from));
    w.touch({ kind: 'write', path: inside, api, recursive: true });
    places.push(inside);
  }
  for (const path of places) w.touch({ kind: 'place', path, api });
  return unknown;
};

/** File::Copy's `copy(a, d)`: the copy lands at `d`, or at `d/a` when `d` is a directory; a handle on either side is a stream. */
const copy: Handler = (a, w, api) => {
  const [from, to] = a.groups;
  if (to?.k === 'handle') return unknown;
  const target = pathOf(to, w, api);
  w.touch({ kind: 'write', path: target, api, destination: true });
  if (from?.k === 'str') w.touch({ kind: 'write', path: joinPath(target, baseName(from.s)), api });
  else if (from?.k !== 'handle') refuse(w, api, 'path');
  return unknown;
};

const symlink: Handler = (a, w, api) => {
  pathOf(a.groups[0], w, api);
  const at = pathOf(a.groups[1], w, api);
  w.touch({ kind: 'write', path: at, api });
  w.touch({ kind: 'place', path: at, api });
  return unknown;
};

const link: Handler = (a, w, api) => {
  const from = pathOf(a.groups[0], w, api);
  w.touch({ kind: 'write', path: from, api, hardLinkSource: true, content: false });
  w.touch({ kind: 'write', path: pathOf(a.groups[1], w, api), api });
  return unknown;
};

/** A command given as one string (run by `sh -c` when it has shell characters, split into words otherwise) or as a list: judged. */
function runCommand(vs: V[], w: Walk, api: string): void {
  const list = flat(vs);
  if (list.length === 0) refuse(w, api, 'command');
  if (list.length === 1 && list[0]!.k === 'str') { w.touch({ kind: 'shell', command: list[0]!.s, api }); return; }
  const argv = list.map((v) => (v.k === 'str' ? v.s : v.k === 'num' ? v.t : refuse(w, api, 'command')));
  w.touch({ kind: 'argv', argv, api });
}

const system: Handler = (a, w, api) => {
  // `system { $prog } @args`: the program named apart from its argv
  if (!a.paren && w.is(a.ranges[0]?.[0] ?? -1, '{')) refuse(w, api, 'command');
  runCommand(a.groups, w, api);
  return unknown;
};

/** What a 2-argument `open` does with its one string: a mode and a path, a pipe, a dup. */
function openString(spec: string, w: Walk, api: string): void {
  const s = spec.trim();
  if (s === '-' || s === '>-' || /^\+?[<>]{1,2}&=?/.test(s)) return;
  // `open(FH, "-|")`: a fork whose child runs what follows, which treeward does not tell apart
  if (s === '-|' || s === '|-') refuse(w, api, 'command');
  if (s.startsWith('|')) { w.touch({ kind: 'shell', command: s.slice(1).trim(), api }); return; }
  if (s.endsWith('|')) { w.touch({ kind: 'shell', command: s.slice(0, -1).trim(), api }); return; }
  const m = /^(\+?(?:>>|>|<)?)\s*(.*)$/s.exec(s)!;
  if (m[1]!.includes('>') || m[1]!.includes('+')) w.touch({ kind: 'write', path: m[2]!, api });
}

/** `open(FH, MODE, PATH)`, `open(FH, "MODE PATH")`, pipe opens `-|` and `|-` (their command judged), dups, in-memory files. */
const open: Handler = (a, w, api) => {
  w.bindHandle(a.ranges[0]);
  const [, mode, ...rest] = a.groups;
  if (mode === undefined) refuse(w, api, 'path');
  if (a.groups.length === 2) {
    if (mode.k !== 'str') refuse(w, api, 'path');
    openString(mode.s, w, api);
    return unknown;
  }
  if (mode.k !== 'str') refuse(w, api, 'mode');
  const m = mode.s.replace(/:.*$/s, '').trim();
  if (m === '<') return unknown;
  if (m === '-|' || m === '|-') { runCommand(rest, w, api); return unknown; }
  if (/^\+?[<>]{1,2}&=?$/.test(m)) return unknown;
  if (!/^\+?(?:>>|>|<)$/.test(m)) refuse(w, api, 'mode');
  if (rest[0]?.k === 'handle') return unknown; // `\$buffer`: an in-memory file
  w.touch({ kind: 'write', path: pathOf(rest[0], w, api), api });
  return unknown;
};

/** `sysopen(FH, PATH, FLAGS)`: a write unless the flags are O_RDONLY (or 0) alone. */
const sysopen: Handler = (a, w, api) => {
  w.bindHandle(a.ranges[0]);
  const flags = a.ranges[2] ? w.text(a.ranges[2]) : '';
  if (flags === 'O_RDONLY' || flags === '0' || flags === 'Fcntl::O_RDONLY') return unknown;
  w.touch({ kind: 'write', path: pathOf(a.groups[1], w, api), api });
  return unknown;
};

/** `truncate(FH_OR_PATH, LENGTH)`: a handle was judged where it was opened; a path is written. */
const truncate: Handler = (a, w, api) => {
  const first = a.groups[0];
  if (first?.k !== 'handle') w.touch({ kind: 'write', path: pathOf(first, w, api), api });
  return unknown;
};

/** File::Temp's `tempfile()`/`tempdir()`, `File::Temp->new`: a fresh name in the temp dir (or the DIR given). */
const fresh = (dir: boolean): Handler => (a, w, api) => {
  const at = a.groups.findIndex((v, k) => v.k === 'str' && v.s === 'DIR' && k + 1 < a.groups.length);
  const base = at >= 0 ? pathOf(a.groups[at + 1], w, api) : w.anchors.tempDir;
  const path = w.freshPath(base);
  w.touch({ kind: 'write', path, api, fresh: true, ...(dir ? { content: false } : {}) });
  return dir ? { k: 'str', s: path } : { k: 'handle' };
};

/** `eval STRING`: a literal string is read as Perl in the same names; a block is code as it stands; anything else is refused. */
const evaluate: Handler = (a, w, api) => {
  if (!a.paren && a.ranges[0] && w.is(a.ranges[0][0], '{')) return unknown;
  const code = a.groups[0];
  if (code?.k !== 'str') refuse(w, api, 'code');
  w.walkCode(code.s);
  return unknown;
};

/** `do FILE`, `require FILE`, `require Module`: the file runs; one found on @INC is a module the line may have written. */
const load = (kind: 'do' | 'require'): Handler => (a, w, api) => {
  const first = a.ranges[0];
  if (kind === 'do' && first && w.is(first[0], '{')) return unknown;
  const t = first ? w.at(first[0]) : undefined;
  if (kind === 'require' && t?.k === 'name' && /^[A-Za-z_][\w:]*$/.test(t.t) && first![1] === first![0] + 1) {
    w.used.add(t.t);
    w.module(t.t, api);
    return unknown;
  }
  if (t?.k === 'num' || (t?.k === 'name' && /^v\d/.test(t.t))) return unknown;
  const v = a.groups[0];
  if (v?.k !== 'str') refuse(w, api, kind === 'do' ? 'code' : 'name');
  if (/^\.{0,2}\//.test(v.s)) w.touch({ kind: 'script', path: v.s, api });
  else w.module(v.s, api);
  return unknown;
};

const refuseWith = (what: InlineProblem['what']): Handler => (_a, w, api) => refuse(w, api, what);

/** `push @INC, 'lib'`, `unshift @INC, …`: literal directories join the module search; others are harmless lists. */
const inc: Handler = (a, w, api) => {
  const [first] = a.ranges;
  if (!first || w.at(first[0])?.t !== '@INC') return unknown;
  for (const v of flat(a.groups.slice(1))) w.includes.push(v.k === 'str' ? v.s : refuse(w, `${api} @INC`, 'directory'));
  return unknown;
};

/** Perl's builtins that write, remove, link, run or load (perlfunc), and the functions of the modules above that do. */
const builtins: Record<string, Handler> = {
  open, sysopen, truncate, unlink: remove(false), rmdir: remove(false), rename: move(false), link, symlink,
  mkdir: write(0, { content: false }, 1), chmod: write(1, { content: false }), chown: write(2, { content: false }),
  utime: write(2, { content: false }), system, exec: system, readpipe: (a, w, api) => { runCommand(a.groups.slice(0, 1), w, api); return unknown; },
  '`': (a, w) => { runCommand(a.groups.slice(0, 1), w, 'backquotes'); return unknown; },
  eval: evaluate, evalbytes: evaluate, do: load('do'), require: load('require'),
  chdir: refuseWith('directory'), chroot: refuseWith('directory'), syscall: refuseWith('api'), dbmopen: refuseWith('api'), tie: refuseWith('api'),
  push: inc, unshift: inc,
};

const modules: Record<string, Record<string, Handler>> = {
  'File::Path': {
    rmtree: remove(true), remove_tree: remove(true), mkpath: write(0, { content: false }), make_path: write(0, { content: false }),
  },
  'File::Copy': { copy, cp: copy, syscopy: copy, move: move(true), mv: move(true) },
  'File::Temp': { tempfile: fresh(false), tempdir: fresh(true), mkstemp: fresh(false), mkdtemp: fresh(true) },
  POSIX: {
    remove: remove(false), creat: write(0, {}, 1), open: posixOpen, mkfifo: write(0, {}, 1), rename: move(false), unlink: remove(false), rmdir: remove(false),
    mkdir: write(0, { content: false }, 1),
    dup2: () => unknown, _exit: () => unknown },
  Storable: { store: write(1, {}, 2), nstore: write(1, {}, 2), lock_store: write(1, {}, 2), lock_nstore: write(1, {}, 2) },
  Cwd: { chdir: refuseWith('directory') },
  // ExtUtils::Command's functions take their paths from @ARGV, the line's own operands, which the code does not name
  'ExtUtils::Command': Object.fromEntries(['rm_rf', 'rm_f', 'touch', 'mv', 'cp', 'mkpath', 'chmod', 'eqtime', 'dos2unix', 'test_f', 'test_d', 'cat']
    .map((n) => [n, refuseWith('path')])),
  'File::Spec::Functions': {
    catfile: (a) => joined(a.groups), catdir: (a) => joined(a.groups), tmpdir: (_a, w) => ({ k: 'str', s: w.anchors.tempDir }),
  },
};

/** POSIX's `open(PATH, FLAGS, MODE)`: a write unless the flags are O_RDONLY (or 0) alone. */
function posixOpen(a: Args, w: Walk, api: string): V {
  const flags = a.ranges[1] ? w.text(a.ranges[1]) : '';
  if (!['O_RDONLY', '0', 'POSIX::O_RDONLY', ''].includes(flags)) w.touch({ kind: 'write', path: pathOf(a.groups[0], w, api), api });
  return unknown;
}

/** `catfile('a', 'b')`, `File::Spec->catfile(…)`: the parts joined by `/`. */
function joined(vs: V[]): V {
  const parts = flat(vs);
  if (!parts.every((v) => v.k === 'str')) return unknown;
  return { k: 'str', s: parts.map((v) => (v as { s: string }).s).reduce((a, b, k) => (k === 0 ? b : `${a.replace(/\/+$/, '')}/${b}`), '') };
}

/** Class methods: IO::File's `new`/`open` open as `open` does; File::Temp's `new`/`newdir` make fresh names; File::Spec joins. */
const classMethods: Record<string, Record<string, Handler>> = {
  'IO::File': { new: ioFile, open: ioFile, new_tmpfile: () => ({ k: 'handle' }) },
  'File::Temp': { new: fresh(false), newdir: fresh(true), tempfile: fresh(false) },
  'File::Spec': modules['File::Spec::Functions']!,
};

/** `IO::File->new(PATH, MODE)`: a mode of `open` or fopen(3) (`w`, `a`, `r+`), or O_ flags; one string is a 2-argument open. */
function ioFile(a: Args, w: Walk, api: string): V {
  const [path, mode] = a.groups;
  if (path === undefined) return { k: 'handle' };
  if (mode === undefined) {
    openString(pathOf(path, w, api), w, api);
    return { k: 'handle' };
  }
  const text = mode.k === 'str' ? mode.s.replace(/:.*$/s, '') : a.ranges[1] ? w.text(a.ranges[1]) : '';
  if (text === 'r' || text === '<' || text === 'O_RDONLY' || text === '0') return { k: 'handle' };
  w.touch({ kind: 'write', path: pathOf(path, w, api), api });
  return { k: 'handle' };
}

/** Names the reader reads as calls: a reference to one (`\&CORE::unlink`) or a method `can('unlink')` would escape the reading. */
const moduleFunctions = new Set(Object.values(modules).flatMap((m) => Object.keys(m)));
const dangerous = new Set([...Object.keys(builtins).filter((n) => n !== 'push' && n !== 'unshift'),
  ...Object.values(modules).flatMap((m) => Object.keys(m)), 'fork', 'kill']);

/** Token visits a reading may make (a program of maxTokens read a few times over). */
const readingBudget = 4_000_000;

const assignment = /^(=|\.=|\+=|-=|\*=|\/=|x=|\|\|=|\/\/=|&&=|\*\*=|%=|\|=|&=|\^=|<<=|>>=)$/;
/** Where an argument list written without parentheses ends. */
const lowPrecedence = words('or and xor if unless while until for foreach');

/** One reading of one program. */
class Walk {
  readonly touches: InlineTouch[] = [];
  problem: InlineProblem | null = null;
  readonly env = new Map<string, V>();
  readonly includes: string[] = [];
  readonly used = new Set<string>();
  readonly subs = new Set<string>();
  readonly packages = new Set<string>();
  /** Variables assigned once and never changed in place: only they keep a fixed value. */
  fixed = new Set<string>();
  private fresh = 0;
  /** Tokens looked at to find where arguments end: past the budget (calls nested in calls without parentheses) the code is not read. */
  private work = 0;
  tokens: PerlToken[] = [];
  private results = new Map<PerlToken, V>();
  private pending: { name: string; from: number; to: number; tokens: PerlToken[] }[] = [];

  constructor(readonly anchors: Anchors) {}

  refuse(api: string, what: InlineProblem['what'], detail?: string): never {
    this.problem ??= { api, what, ...(detail !== undefined ? { detail } : {}) };
    throw new Stop();
  }

  touch(t: InlineTouch): void {
    this.touches.push(t);
  }

  module(name: string, api: string): void {
    this.touches.push({ kind: 'module', name, api, dirs: [...this.includes] });
  }

  freshPath(dir: string): string {
    return `${dir.replace(/\/+$/, '')}/tmp.treeward-fresh-${++this.fresh}`;
  }

  spend(): void {
    if (++this.work > readingBudget) this.refuse('the code', 'syntax', 'past the reading budget');
  }

  at(i: number): PerlToken | undefined {
    return this.tokens[i];
  }

  is(i: number, text: string): boolean {
    const t = this.tokens[i];
    return t !== undefined && (t.k === 'op' || t.k === 'name') && t.t === text;
  }

  text([from, to]: [number, number]): string {
    return this.tokens.slice(from, to).map((t) => t.t).join('');
  }

  /** `open(my $fh, …)`: `$fh` names a handle from here. */
  bindHandle(range: [number, number] | undefined): void {
    if (!range) return;
    const t = this.tokens[range[1] - 1];
    if (t?.k === 'name' && /^\$\w+$/.test(t.t) && this.fixed.has(t.t)) this.env.set(t.t, { k: 'handle' });
  }

  walkCode(code: string): void {
    let tokens: Token[];
    try {
      tokens = tokenizePerl(code);
    } catch (error) {
      if (error instanceof TokenError) this.refuse('eval', 'syntax', error.message);
      throw error;
    }
    for (const name of bound(tokens).keys()) this.fixed.delete(name);
    prescan(tokens, this);
    this.walk(tokens);
  }

  walk(tokens: PerlToken[]): void {
    const outer = this.tokens;
    const pending = this.pending;
    this.tokens = tokens;
    this.pending = [];
    try {
      this.walkRange(0, tokens.length);
      this.settle(Infinity);
    } finally {
      this.tokens = outer;
      this.pending = pending;
    }
  }

  /** The tokens `from`..`to` of the list being walked, a call's arguments before the call (so their values are known to it). */
  private walkRange(from: number, to: number): void {
    for (let i = from; i < to;) {
      this.settle(i);
      i = Math.max(i + 1, this.step(i) ?? i + 1);
    }
  }

  /** A call's arguments walked first, then the call read: the index after it. */
  private readCall(i: number, read: (a: Args) => V): number {
    const from = this.is(i + 1, '(') ? i + 2 : i + 1;
    const to = this.is(i + 1, '(') ? this.closing(i + 1) : this.expressionEnd(i + 1, true);
    this.walkRange(from, to);
    const args = this.args(i);
    this.results.set(this.tokens[i]!, read(args));
    return args.end;
  }

  /** Bindings whose value is complete by token `i` (the calls in it were read first). */
  private settle(i: number): void {
    while (this.pending.length && this.pending[0]!.to <= i) {
      const p = this.pending.shift()!;
      this.env.set(p.name, this.value(p.from, p.to));
    }
  }

  private step(i: number): number | void {
    const t = this.tokens[i]!;
    if (t.k === 'str') {
      if (t.evalsString) this.refuse(t.t.length > 40 ? `${t.t.slice(0, 40)}…` : t.t, 'code');
      for (const nested of t.nested ?? []) this.walk(nested);
      return;
    }
    if (t.k === 'op') return this.operator(i);
    if (t.k !== 'name') return;
    if (/^[$@%]/.test(t.t)) return this.variableAt(i);
    if (t.t.startsWith('&')) return this.ampersand(i, t.t.slice(1));
    if (t.t.startsWith('*') && dangerous.has(t.t.slice(1).replace(/^.*::/, ''))) this.refuse(t.t, 'value');
    if (t.t.startsWith('*')) return;
    return this.bareword(i);
  }

  private operator(i: number): number | void {
    const t = this.tokens[i]!;
    const next = this.tokens[i + 1];
    if (t.t === '->' && next) {
      if (next.k === 'op' && next.t === '(') this.refuse('->()', 'name');
      if (next.k === 'name' && /^[$@&]/.test(next.t) && !next.t.endsWith('*')) this.refuse(`->${next.t}`, 'name');
      if (next.k === 'name') return this.method(i);
      return;
    }
    if (t.t === '&' && next?.t === '{' && !endsValue(this.tokens[i - 1])) this.refuse('&{…}', 'name');
    const referenced = next?.k === 'name' && next.t.startsWith('&') ? next.t.slice(1).replace(/^.*::/, '') : null;
    if (t.t === '\\' && referenced !== null && dangerous.has(referenced)) {
      this.refuse(`\\${next.t}`, 'value');
    }
  }

  private variableAt(i: number): void {
    const t = this.tokens[i]!;
    const prev = this.tokens[i - 1];
    if (t.t === '$ENV' && this.is(i + 1, '{') || t.t === '%ENV') {
      let j = i + 1;
      if (t.t === '$ENV') for (let depth = 0; j < this.tokens.length; j++) {
        if (this.is(j, '{')) depth++;
        if (this.is(j, '}') && --depth === 0) { j++; break; }
      }
      if (assignment.test(this.tokens[j]?.t ?? '') || (t.t === '%ENV' && prev?.t === 'local')) this.refuse(t.t === '%ENV' ? '%ENV' : '$ENV{…}', 'options');
    }
    if (t.t === '$^I' && (assignment.test(this.tokens[i + 1]?.t ?? '') || prev?.t === 'local')) this.refuse('$^I', 'options');
    if ((prev?.t === 'my' || prev?.t === 'state') && this.is(i + 1, '=') && this.fixed.has(t.t)) {
      const to = this.expressionEnd(i + 2);
      this.pending.push({ name: t.t, from: i + 2, to, tokens: this.tokens });
      this.pending.sort((a, b) => a.to - b.to);
    }
  }

  private ampersand(i: number, name: string): void {
    if (name.startsWith('$') || name === '') this.refuse(`&${name}`, 'name');
    const base = name.replace(/^(CORE::GLOBAL|CORE|main)?::/, '');
    if (this.subs.has(base)) return;
    if (dangerous.has(base.replace(/^.*::/, ''))) this.refuse(`&${name}`, 'value');
    if (this.is(i - 1, '\\')) return;
    this.refuse(`&${name}`, 'api');
  }

  /** A bareword: a keyword, a builtin, a function of a module, a sub of the code, a handle or class name, or a call treeward cannot name. */
  private bareword(i: number): number | void {
    const t = this.tokens[i]!;
    const prev = this.tokens[i - 1];
    const next = this.tokens[i + 1];
    let name = t.t.replace(/^(CORE::GLOBAL|CORE|main)?::|^CORE::/, '');
    // a hash key (`unlink => 1`, `$h{unlink}`, `->{unlink}`; a block `{ unlink }` is a call), a method, a file test (`-e`), `-bareword`
    const before = this.tokens[i - 2]?.t ?? '';
    const subscript = prev?.t === '{' && next?.t === '}' && (/^[$@%]/.test(before) || before === '->' || before === ']');
    // (`-unlink "x"` is the negation of a call, which runs)
    const fileTest = prev?.t === '-' && !endsValue(this.tokens[i - 2]) && (name.length === 1 || this.callee(name) === 'safe');
    if (next?.t === '=>' || subscript || prev?.t === '->' || fileTest) return;
    if (prev?.k === 'name' && ['sub', 'package', 'format', 'use', 'no', 'require'].includes(prev.t) && prev !== t) return;
    if (name === 'use' || name === 'no') return this.use(i);
    // `format NAME =`: its picture lines are text and its argument lines code, which the tokenizer does not tell apart
    if (name === 'format' && (next?.t === '=' || (next?.k === 'name' && this.is(i + 2, '=')))) this.refuse('format', 'code');
    if (next?.t === '->' || name.endsWith('::')) return;
    if (next?.t === ':' && !this.is(i + 2, ':') && (prev === undefined || prev.t === ';' || prev.t === '{' || prev.t === '}')) return; // a label
    const call = this.callee(name);
    if (call === 'safe') return;
    if (call === null) {
      // a handle or a constant (`STDERR`, `O_WRONLY`): not a call
      if (/^[A-Z][A-Z0-9_]*$/.test(name) && next?.t !== '(') return;
      if (this.fileHandlePosition(i)) return;
      this.refuse(`${name}()`, 'api');
    }
    name = call.name;
    return this.readCall(i, (args) => call.handler(args, this, name));
  }

  /** A bareword in the filehandle place of print/printf/say/close/open/binmode (`print STDERR …`, `open(FH, …)`). */
  private fileHandlePosition(i: number): boolean {
    const before = this.is(i - 1, '(') ? i - 2 : i - 1;
    const t = this.tokens[before];
    return t?.k === 'name' && ['print', 'printf', 'say', 'close', 'open', 'binmode', 'eof', 'opendir', 'readdir', 'closedir', 'flock', 'seek', 'tell',
      'truncate', 'fileno', 'sysopen', 'select', 'chdir'].includes(t.t);
  }

  private callee(name: string): { name: string; handler: Handler } | 'safe' | null {
    if (name in builtins) return { name, handler: builtins[name]! };
    const dot = name.lastIndexOf('::');
    if (dot > 0) {
      const mod = name.slice(0, dot);
      const fn = name.slice(dot + 2);
      const own = modules[mod]?.[fn] ?? (mod === 'File::Spec' ? undefined : undefined);
      if (own) return { name, handler: own };
      if (mod === 'POSIX' || mod === 'CORE' || this.packages.has(mod) || pureModules.has(mod)) return 'safe';
      return null;
    }
    if (this.subs.has(name)) return 'safe';
    for (const mod of this.used) {
      const own = modules[mod]?.[name];
      if (own) return { name, handler: own };
    }
    if (harmless.has(name)) return 'safe';
    // a writer's name the code did not import (`copy` without File::Copy) may still be one: a module can export it by other ways
    if (moduleFunctions.has(name)) return null;
    // every module the code uses is one whose exports only compute: a name not defined is one of theirs, or an error
    return [...this.used].every((m) => pureModules.has(m) || m in modules) ? 'safe' : null;
  }

  /** `Class->method(…)` and `$obj->method(…)`. */
  private method(i: number): number | void {
    const receiver = this.tokens[i - 1];
    const name = this.tokens[i + 2 - 1]!.t;
    const methodAt = i + 1;
    if (name === 'can' || name === 'SUPER::can') {
      const a = this.args(methodAt);
      const target = a.groups[0];
      if (target?.k !== 'str') this.refuse('->can()', 'name');
      if (dangerous.has(target.s)) this.refuse(`->can('${target.s}')`, 'value');
      return;
    }
    // an object (of a class below, or of the code's own), a handle (`STDOUT->flush`), a chain (`->new->pretty`)
    if (receiver?.k !== 'name' || /^[$@%&]/.test(receiver.t) || /^[A-Z][A-Z0-9_]*$/.test(receiver.t)) return;
    if (this.is(i - 2, '->') || harmless.has(receiver.t)) return;
    const cls = receiver.t.replace(/^::|::$/g, '');
    const own = classMethods[cls]?.[name];
    if (own) return this.readCall(methodAt, (args) => own(args, this, `${cls}->${name}`));
    if (classMethods[cls] || pureClasses.has(cls) || this.packages.has(cls) || cls === '__PACKAGE__' || cls === 'SUPER') return;
    this.refuse(`${cls}->${name}`, 'api');
  }

  /** `use Module LIST;`, `no Module;`, `use lib DIRS;`, `use parent CLASSES;`, `use VERSION;`. */
  private use(i: number): void {
    const t = this.tokens[i + 1];
    if (!t || t.k === 'num' || (t.k === 'name' && /^v\d/.test(t.t))) return;
    if (t.k !== 'name') this.refuse(this.tokens[i]!.t, 'name');
    const a = this.args(i + 1);
    if (t.t === 'lib') {
      for (const v of flat(a.groups)) this.includes.push(v.k === 'str' ? v.s : this.refuse('use lib', 'directory'));
      return;
    }
    if (t.t === 'parent' || t.t === 'base') {
      for (const v of flat(a.groups)) {
        if (v.k !== 'str') this.refuse(`use ${t.t}`, 'name');
        if (v.s !== '-norequire') this.module(v.s, `use ${t.t}`);
      }
      return;
    }
    if (t.t === 'if') this.refuse('use if', 'name');
    if (codeModules.has(t.t)) this.refuse(`use ${t.t}`, 'code');
    this.used.add(t.t);
    this.module(t.t, `${this.tokens[i]!.t} ${t.t}`);
  }

  /** The arguments of the call whose name is at `i`: in parentheses, or up to the end of the statement or a low-precedence word. */
  args(i: number): Args {
    let from = i + 1;
    let to: number;
    const paren = this.is(from, '(');
    if (paren) {
      to = this.closing(from);
      from++;
    } else to = this.expressionEnd(from, true);
    const ranges: [number, number][] = [];
    let start = from;
    for (let j = from, depth = 0; j <= to; j++) {
      const t = this.tokens[j];
      if (j === to || (depth === 0 && t && (t.t === ',' || t.t === '=>') && t.k === 'op')) {
        if (j > start) ranges.push([start, j]);
        start = j + 1;
        continue;
      }
      if (t?.k === 'op' && '([{'.includes(t.t)) depth++;
      if (t?.k === 'op' && ')]}'.includes(t.t)) depth--;
    }
    return { groups: ranges.map(([a, b]) => this.value(a, b)), ranges, end: paren ? to + 1 : to, paren };
  }

  /** The index of the bracket closing the one at `i`. */
  private closing(i: number): number {
    for (let j = i, depth = 0; j < this.tokens.length; j++) {
      this.spend();
      const t = this.tokens[j]!;
      if (t.k === 'op' && '([{'.includes(t.t)) depth++;
      if (t.k === 'op' && ')]}'.includes(t.t) && --depth === 0) return j;
    }
    return this.tokens.length;
  }

  /** Where an expression from `i` ends: `;`, a closing bracket, a low-precedence word (and a `,` when `list` is false). */
  private expressionEnd(i: number, list = false): number {
    let j = i;
    for (let depth = 0; j < this.tokens.length; j++) {
      this.spend();
      const t = this.tokens[j]!;
      if (depth === 0 && t.k === 'op' && (t.t === ';' || (!list && t.t === ','))) break;
      if (depth === 0 && t.k === 'name' && lowPrecedence.has(t.t)) break;
      if (t.k === 'op' && '([{'.includes(t.t)) depth++;
      if (t.k === 'op' && ')]}'.includes(t.t) && --depth < 0) break;
    }
    return j;
  }

  /** The value of the tokens `from`..`to`: a string, a concatenation of strings by `.`, a list, a handle, a call's result, or unknown. */
  value(from: number, to: number): V {
    let i = from;
    while (i < to && this.tokens[i]!.k === 'name' && ['my', 'our', 'local', 'state'].includes(this.tokens[i]!.t)) i++;
    const parts: V[] = [];
    while (i < to) {
      const p = this.primary(i, to);
      parts.push(p.value);
      i = p.next;
      if (i >= to) break;
      if (!this.is(i, '.')) return unknown;
      i++;
    }
    if (parts.length === 1) return parts[0]!;
    if (parts.length === 0 || !parts.every((v) => v.k === 'str' || v.k === 'num')) return unknown;
    return { k: 'str', s: parts.map((v) => (v.k === 'str' ? v.s : (v as { t: string }).t)).join('') };
  }

  private primary(i: number, to: number): { value: V; next: number } {
    const t = this.tokens[i]!;
    if (t.k === 'str') return { value: t.v === null || t.v === undefined ? this.interpolated(t) : { k: 'str', s: t.v }, next: i + 1 };
    if (t.k === 'num') return { value: { k: 'num', t: t.t }, next: i + 1 };
    if (t.k === 'op' && t.t === '\\') return { value: { k: 'handle' }, next: to };
    if (t.k === 'op' && '([{'.includes(t.t)) {
      const close = this.closing(i);
      if (t.t === '{') return { value: { k: 'obj' }, next: close + 1 };
      const items: V[] = [];
      let start = i + 1;
      for (let j = i + 1, depth = 0; j <= close; j++) {
        const x = this.tokens[j]!;
        if (j === close || (depth === 0 && x.k === 'op' && (x.t === ',' || x.t === '=>'))) {
          if (j > start) items.push(this.value(start, j));
          start = j + 1;
          continue;
        }
        if (x.k === 'op' && '([{'.includes(x.t)) depth++;
        if (x.k === 'op' && ')]}'.includes(x.t)) depth--;
      }
      return { value: items.length === 1 && t.t === '(' ? items[0]! : { k: 'list', items }, next: close + 1 };
    }
    if (t.k === 'name') {
      if (t.t === '$ENV' && this.is(i + 1, '{') && this.at(i + 2)?.t === 'HOME' && this.is(i + 3, '}')) {
        return { value: { k: 'str', s: this.anchors.home }, next: i + 4 };
      }
      if (/^[$@]\w+$/.test(t.t) && !this.is(i + 1, '[') && !this.is(i + 1, '{') && !this.is(i + 1, '->')) {
        return { value: this.fixed.has(t.t) ? this.env.get(t.t) ?? unknown : unknown, next: i + 1 };
      }
      if (/^[A-Z_][A-Z0-9_]*$/.test(t.t) && !this.is(i + 1, '(') && !this.is(i + 1, '->') && !this.is(i + 1, '::')) {
        return { value: ['STDIN', 'STDOUT', 'STDERR'].includes(t.t) ? { k: 'handle' } : { k: 'const', t: t.t }, next: i + 1 };
      }
      if (t.t === 'undef' && !this.is(i + 1, '(')) return { value: { k: 'const', t: 'undef' }, next: i + 1 };
      // a call: its value is what reading it gave (a fresh directory, a joined path)
      const callAt = this.is(i + 1, '->') && this.at(i + 2)?.k === 'name' ? i + 2 : i;
      if (callAt !== i || /^[A-Za-z_][\w:]*$/.test(t.t)) {
        const end = this.is(callAt + 1, '(') ? this.closing(callAt + 1) + 1 : to;
        return { value: this.results.get(this.tokens[callAt]!) ?? unknown, next: end };
      }
    }
    return { value: unknown, next: to };
  }

  /** A double-quoted string whose only interpolations are `$name` or `${name}` of fixed strings: its value. */
  private interpolated(t: PerlToken): V {
    const m = /^(?:"([\s\S]*)"|qq(.)([\s\S]*).)$/.exec(t.t);
    const body = m ? m[1] ?? m[3]! : null;
    if (body === null || t.nested?.length) return unknown;
    let ok = true;
    const values: string[] = [];
    const marked = body.replace(/\\.|\$(\w+)(?![\w[{:]|->)|\$\{(\w+)\}/g, (all, a?: string, b?: string) => {
      if (all.startsWith('\\')) return all;
      const v = this.fixed.has(`$${a ?? b}`) ? this.env.get(`$${a ?? b}`) : undefined;
      if (v?.k !== 'str' || /[\\$@\u0001]/.test(v.s)) { ok = false; return all; }
      values.push(v.s);
      return `\u0001${values.length - 1}\u0001`;
    });
    if (!ok) return unknown;
    const decoded = decodeBody(marked);
    return decoded === null ? unknown : { k: 'str', s: decoded.replace(/\u0001(\d+)\u0001/g, (_all, n: string) => values[Number(n)]!) };
  }
}

function endsValue(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.k === 'num' || t.k === 'str') return true;
  if (t.k === 'name') return /^[$@%&*]/.test(t.t);
  return t.t === ')' || t.t === ']' || t.t === '}';
}

/** Builtins that change their arguments in place (perlfunc): a variable passed to one keeps no fixed value. */
const mutators = words('chomp chop undef read sysread recv push pop shift unshift splice substr vec local');
/** Words whose lists alias each element to `$_` (or `$a`/`$b`): what is in them may be changed through the alias. */
const aliasing = words('for foreach map grep sort first any all none');

function flatten(tokens: readonly Token[]): Token[] {
  const all: Token[] = [];
  const visit = (ts: readonly Token[]) => { for (const t of ts) { all.push(t); for (const n of t.nested ?? []) visit(n); } };
  visit(tokens);
  return all;
}

/** Whether the variable at `i` may be changed there: assigned, matched, incremented, referenced, passed to a mutator, aliased. */
function changesAt(all: Token[], i: number, aliased: boolean, listAssigned: boolean): boolean {
  const prev = all[i - 1];
  const next = all[i + 1];
  const decl = prev?.k === 'name' && ['my', 'our', 'local', 'state'].includes(prev.t);
  const before = decl ? i - 1 : i;
  const mutated = (k: number) => all[k]?.k === 'name' && mutators.has(all[k]!.t);
  if (listAssigned || aliased) return true;
  if (!decl && assignment.test(next?.t ?? '')) return true;
  if (['=~', '++', '--'].includes(next?.t ?? '') || ['++', '--', '\\'].includes(all[before - 1]?.t ?? '')) return true;
  return mutated(before - 1) || (all[before - 1]?.t === '(' && (mutated(before - 2) || all[before - 2]?.t === '\\'));
}

/** The closing bracket of the one at `i` in a flat token list. */
function closeOf(all: Token[], i: number): number {
  for (let j = i, depth = 0; j < all.length; j++) {
    if (all[j]!.k === 'op' && '([{'.includes(all[j]!.t)) depth++;
    if (all[j]!.k === 'op' && ')]}'.includes(all[j]!.t) && --depth === 0) return j;
  }
  return all.length;
}

/** How often each variable is declared, and which are changed after (counted 99): the ones declared once and never changed. */
function bound(tokens: readonly Token[]): Map<string, number> {
  const counts = new Map<string, number>();
  const changed = new Set<string>();
  const all = flatten(tokens);
  let depth = 0;
  let aliasDepth = -1;
  let listEnd = -1;
  let everything = false;
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!;
    if (t.k === 'op' && '([{'.includes(t.t)) {
      depth++;
      // `($a, $b) = …`, `my ($a, $b) = …`: every variable in the list is assigned
      const close = t.t === '(' ? closeOf(all, i) : -1;
      if (close > 0 && assignment.test(all[close + 1]?.t ?? '')) listEnd = Math.max(listEnd, close);
    }
    if (t.k === 'op' && ')]}'.includes(t.t) && --depth < aliasDepth) aliasDepth = -1;
    if (t.k === 'op' && t.t === ';' && depth <= aliasDepth) aliasDepth = -1;
    if (t.k === 'name' && aliasing.has(t.t) && aliasDepth < 0) aliasDepth = depth;
    if (t.k !== 'name') continue;
    if (t.t === '$_' && all[i + 1]?.t === '[') everything = true;
    const qualified = /^([$@%])(?:\w*::)+(\w+)$/.exec(t.t);
    if (qualified) { changed.add(`${qualified[1]}${qualified[2]}`); continue; }
    const m = /^(\$#|[$@%])(\w+)$/.exec(t.t);
    if (!m) continue;
    const next = all[i + 1];
    // `$x[0]`, `$x{k}` are elements of @x and %x; `$#x` is @x's last index
    const name = m[1] === '$#' ? `@${m[2]}` : next?.t === '[' && m[1] === '$' ? `@${m[2]}` : next?.t === '{' && m[1] === '$' ? `%${m[2]}` : t.t;
    const prev = all[i - 1];
    const decl = prev?.k === 'name' && ['my', 'our', 'local', 'state'].includes(prev.t);
    if (decl || (i <= listEnd && all.slice(Math.max(0, i - 64), i).some((x) => x.k === 'name' && ['my', 'our', 'local', 'state'].includes(x.t)))) {
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    if (name !== t.t || m[1] === '$#' || changesAt(all, i, aliasDepth >= 0 && !decl, i <= listEnd)) {
      changed.add(name);
      if (name === '@_') everything = true;
    }
  }
  if (everything) for (const n of counts.keys()) changed.add(n);
  for (const n of changed) counts.set(n, 99);
  return counts;
}

/** Subs and packages the code defines. */
function prescan(tokens: readonly Token[], w: Walk): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i]!.k === 'name' && tokens[i]!.t === 'sub' && tokens[i + 1]!.k === 'name') w.subs.add(tokens[i + 1]!.t);
    if (tokens[i]!.k === 'name' && tokens[i]!.t === 'package' && tokens[i + 1]!.k === 'name') w.packages.add(tokens[i + 1]!.t);
  }
}

/** What a Perl program touches, or what treeward could not read in it. */
export function readPerl(code: string, anchors: Anchors): InlineReading {
  let tokens: Token[];
  try {
    tokens = tokenizePerl(code);
  } catch (error) {
    if (error instanceof TokenError) return { touches: [], problem: { api: 'the code', what: 'syntax', detail: error.message } };
    throw error;
  }
  const w = new Walk(anchors);
  w.fixed = new Set([...bound(tokens)].filter(([, n]) => n === 1).map(([name]) => name));
  prescan(tokens, w);
  try {
    w.walk(tokens);
  } catch (error) {
    if (error instanceof TokenError) return { touches: [], problem: { api: 'the code', what: 'syntax', detail: error.message } };
    if (!(error instanceof Stop)) throw error;
  }
  return { touches: w.touches, problem: w.problem };
}
