// Ruby inline code read for what it touches (SPEC §3 "interpreters"): every
// call of the file-writing, removal, linking, copying, process-running and
// code-loading APIs (File, IO, Dir, FileUtils, Pathname, Kernel's `system`,
// backquotes, `%x`, `open("|…")`, Open3, Process, `eval`, `send`, `require`
// …) found wherever it is nested, blocks and interpolation included, and
// judged by the paths and commands it names when they are fixed. What
// cannot be read to a known call (a computed path, a method of a receiver
// treeward cannot name that could write, metaprogramming by a computed
// name) is a problem, and the code is refused.

import {
  type Anchors, type Arg, argument, type InlineReading, type Language, pathOf, type Reader, readInline, refuse, unknown, type Value,
} from './reading.js';
import { tokenizeRuby } from './ruby-tokens.js';
import type { Token } from './tokens.js';

const words = (s: string) => new Set(s.trim().split(/\s+/));

/** Names the walk steps over (`nil`, `true`, `self`, `__dir__` are values; `yield`, `super`, `defined?` calls). */
const keywords = words(`BEGIN END alias and begin break case class def do else elsif end ensure for if in module next not or redo rescue retry
  return then undef unless until when while`);

type Handler = (args: Arg[], r: Reader, self?: Value) => Value;

interface ModuleTable {
  /** Members that are harmless (their value is not followed); `*`: every member but those of `api`. */
  safe: ReadonlySet<string> | '*';
  api: Record<string, Handler>;
  /** Members that are modules of their own (`Zlib::GzipWriter`). */
  modules?: Record<string, string>;
}

const handle: Value = { k: 'handle' };
const io: Value = { k: 'handle', what: 'io' };

/** A symbol's name (`:system`, read as a `num` token `:system`) or a string's text. */
function nameOf(v: Value | undefined): string | null {
  if (v?.k === 'num' && v.t.startsWith(':')) return v.t.slice(1);
  if (v?.k === 'str' && !v.joined) return v.s;
  return null;
}

function noSpread(api: string, args: Arg[], r: Reader): void {
  if (args.some((a) => a.spread)) refuse(r, api, 'value');
}

function needPath(api: string, v: Value | undefined, r: Reader): string {
  const p = pathOf(v);
  if (p === null) refuse(r, api, 'path');
  return p;
}

const positional = (args: Arg[]) => args.filter((a) => a.name === null && !a.spread).map((a) => a.value);

/** Paths given one by one or as a list (`FileUtils.rm_rf %w[a b]`, `File.delete("a", "b")`), from argument `from`. */
function pathList(api: string, args: Arg[], r: Reader, from = 0, to?: number): string[] {
  noSpread(api, args, r);
  const values = positional(args).slice(from, to);
  if (values.length === 0) refuse(r, api, 'path');
  return values.flatMap((v) => (v.k === 'list' ? v.items : [v])).map((v) => needPath(api, v, r));
}

/** Ruby's File.join: the parts joined by one `/` (an absolute later part does not start over, as it does in Python). */
function rubyJoin(parts: string[]): string {
  return parts.reduce((a, b, k) => (k === 0 ? b : `${a.replace(/\/+$/, '')}/${b.replace(/^\/+/, '')}`), '');
}

function expandPath(p: string, dir: string | null, home: string): string {
  if (p === '~' || p.startsWith('~/')) return home + p.slice(1);
  if (p.startsWith('/') || dir === null) return p;
  return rubyJoin([dir === '~' || dir.startsWith('~/') ? home + dir.slice(1) : dir, p]);
}

const remove = (api: string, recursive: boolean, from = 0): Handler => (args, r) => {
  for (const path of pathList(api, args, r, from)) r.touch({ kind: 'remove', path, api, recursive });
  return unknown;
};

const write = (api: string, from = 0, extra: { content?: boolean; recursive?: boolean } = {}, to?: number): Handler => (args, r) => {
  for (const path of pathList(api, args, r, from, to)) r.touch({ kind: 'write', path, api, ...extra });
  return unknown;
};

/** `FileUtils.mv(a, d)`, `File.rename(a, b)`: each source is removed, and lands at the destination (or inside it). */
const move = (api: string, into: boolean): Handler => (args, r) => {
  const to = needPath(api, positional(args)[1], r);
  const places: string[] = [];
  for (const from of pathList(api, args, r, 0, 1)) {
    r.touch({ kind: 'remove', path: from, api, recursive: true });
    r.touch({ kind: 'write', path: to, api, recursive: true, destination: true });
    places.push(to);
    if (into) {
      const inside = rubyJoin([to, baseName(from)]);
      r.touch({ kind: 'write', path: inside, api, recursive: true });
      places.push(inside);
    }
  }
  // what lands there is placed after every write is judged: a later path through it is not fixed
  for (const path of places) r.touch({ kind: 'place', path, api });
  return unknown;
};

const baseName = (p: string) => p.replace(/\/+$/, '').slice(p.replace(/\/+$/, '').lastIndexOf('/') + 1);

/** `FileUtils.cp(a, d)`: the copy lands at `d`, or at `d/a` when `d` is a directory (the name inside is judged too). */
const copy = (api: string, recursive: boolean, into = true): Handler => (args, r) => {
  const to = needPath(api, positional(args)[1], r);
  for (const from of pathList(api, args, r, 0, 1)) {
    r.touch({ kind: 'write', path: to, api, destination: true, ...(recursive ? { recursive } : {}) });
    if (into) r.touch({ kind: 'write', path: rubyJoin([to, baseName(from)]), api, ...(recursive ? { recursive } : {}) });
  }
  return unknown;
};

/** `File.symlink(old, new)`, `FileUtils.ln_s(old, dir)`: a link lands at `new` (or inside it), and later paths through it are not fixed. */
const symlink = (api: string, into: boolean): Handler => (args, r) => {
  const at = needPath(api, positional(args)[1], r);
  const paths = pathList(api, args, r, 0, 1).flatMap((from) => (into ? [at, rubyJoin([at, baseName(from)])] : [at]));
  for (const path of paths) r.touch({ kind: 'write', path, api });
  for (const path of paths) r.touch({ kind: 'place', path, api });
  return unknown;
};

const link = (api: string): Handler => (args, r) => {
  const at = needPath(api, positional(args)[1], r);
  for (const from of pathList(api, args, r, 0, 1)) {
    r.touch({ kind: 'write', path: from, api, hardLinkSource: true, content: false });
    r.touch({ kind: 'write', path: at, api });
  }
  return unknown;
};

/** A mode of `File.open`/`File.new`/`open`: whether it writes (a mode treeward cannot read is refused). */
function writesMode(api: string, mode: Value | undefined, r: Reader): boolean {
  if (mode === undefined || (mode.k === 'const' && mode.t === 'nil')) return false;
  if (mode.k === 'str') return /[wax+]/.test(mode.s);
  if (mode.k === 'num' && /^\d+$/.test(mode.t)) return mode.t !== '0';
  if (mode.k === 'fn' && mode.name.startsWith('File::')) return mode.name !== 'File::RDONLY';
  refuse(r, api, 'mode');
}

/** `File.open(path, mode)`, `File.new`, `IO.sysopen`, `open(path, mode)`: a write when the mode writes. */
const fileOpen = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const file = positional(args)[0];
  const mode = positional(args)[1] ?? argument(args, -1, 'mode') ?? argument(args, -1, 'flags');
  const path = pathOf(file);
  if (writesMode(api, mode, r)) {
    if (path === null) refuse(r, api, 'path');
    r.touch({ kind: 'write', path, api });
  }
  return path === null ? io : { k: 'handle', what: `file:${path}` };
};

/** `open("|cmd")`, `IO.read("|cmd")`, `URI.open("|cmd")`: a path that starts with `|` runs a command. */
function pipeCommand(api: string, v: Value | undefined, r: Reader): boolean {
  const p = pathOf(v);
  if (p === null || !p.startsWith('|')) return false;
  if (p === '|-' || p.startsWith('|- ')) refuse(r, api, 'command');
  r.touch({ kind: 'shell', command: p.slice(1), api });
  return true;
}

const kernelOpen = (api: string): Handler => (args, r) => {
  const first = positional(args)[0];
  if (pathOf(first) === null && first?.k !== 'handle') refuse(r, api, 'path');
  if (pipeCommand(api, first, r)) return io;
  return fileOpen(api)(args, r);
};

/** `IO.read(path)`, `IO.readlines`, `IO.foreach`: a path that is not fixed may be a command (`|cmd`). */
const ioRead = (api: string): Handler => (args, r) => {
  const first = positional(args)[0];
  if (pipeCommand(api, first, r)) return unknown;
  const p = needPath(api, first, r);
  return { k: 'handle', what: `read:${p}` };
};

const ioWrite = (api: string): Handler => (args, r) => {
  const first = positional(args)[0];
  if (pipeCommand(api, first, r)) return unknown;
  r.touch({ kind: 'write', path: needPath(api, first, r), api });
  return unknown;
};

/** The options of a process call: `chdir` is refused (the command would run elsewhere); `out:`/`err:` to a fixed file are writes. */
function processOptions(api: string, entries: [string, Value][], r: Reader): void {
  for (const [key, value] of entries) {
    if (key === 'chdir') refuse(r, api, 'directory');
    if (['exception', 'pgroup', 'new_pgroup', 'close_others', 'umask', 'unsetenv_others', 'stdin_data', 'binmode', 'in'].includes(key) ||
      key.startsWith('rlimit_')) continue;
    if (key !== 'out' && key !== 'err') refuse(r, api, 'options');
    const target = value.k === 'list' ? value.items[0] : value;
    if (target?.k === 'str') r.touch({ kind: 'write', path: target.s, api });
    else if (!(target?.k === 'num' || (target?.k === 'const' && target.t === 'nil') || (target?.k === 'handle'))) refuse(r, api, 'options');
  }
}

function optionEntries(api: string, v: Value, r: Reader): [string, Value][] {
  if (v.k !== 'obj' || v.entries === null) refuse(r, api, 'options');
  return [...v.entries];
}

/** `system(cmd)`, `system(prog, *args)`, `system([prog, argv0], …)`, an environment hash first, options last: the command judged. */
function runCommand(api: string, values: Value[], named: [string, Value][], r: Reader): void {
  const rest = values.slice();
  if (rest[0]?.k === 'obj') {
    const env = rest.shift() as { entries: Map<string, Value> | null };
    // an environment of its own can set LD_PRELOAD, PATH or BASH_ENV for the command, which its judgement would not see
    if (env.entries === null || env.entries.size > 0) refuse(r, api, 'options');
  }
  const options = [...named];
  if (rest.length > 0 && rest[rest.length - 1]!.k === 'obj') options.push(...optionEntries(api, rest.pop()!, r));
  processOptions(api, options, r);
  if (rest.length === 1 && rest[0]!.k === 'str') {
    r.touch({ kind: 'shell', command: rest[0]!.s, api });
    return;
  }
  const argv: string[] = [];
  for (const [k, v] of rest.entries()) {
    if (k === 0 && v.k === 'list' && v.items.length === 2 && v.items.every((x) => x.k === 'str')) { argv.push((v.items[0] as { s: string }).s); continue; }
    const p = v.k === 'str' ? v.s : null;
    if (p === null) refuse(r, api, 'command');
    argv.push(p);
  }
  if (argv.length === 0) refuse(r, api, 'command');
  r.touch({ kind: 'argv', argv, api });
}

const command = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  runCommand(api, positional(args), args.filter((a) => a.name !== null).map((a) => [a.name!, a.value]), r);
  return io;
};

/** `IO.popen(cmd, mode, opts)`: a string is a shell command, a list the argv (with an environment first, options last). */
const popen = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const [first, ...more] = positional(args);
  const named: [string, Value][] = args.filter((a) => a.name !== null && a.name !== 'mode').map((a) => [a.name!, a.value]);
  const opts = more.find((v) => v.k === 'obj');
  if (opts) named.push(...optionEntries(api, opts, r));
  if (first?.k === 'obj') refuse(r, api, 'options');
  if (first?.k === 'str' && first.s === '-') refuse(r, api, 'command');
  if (first?.k === 'list') runCommand(api, first.items, named, r);
  else if (first?.k === 'str') runCommand(api, [first], named, r);
  else refuse(r, api, 'command');
  return io;
};

/** `Open3.pipeline(cmd1, cmd2, …)`: each a command. */
const pipeline = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  for (const v of positional(args)) {
    if (v.k === 'obj') { processOptions(api, optionEntries(api, v, r), r); continue; }
    runCommand(api, v.k === 'list' ? v.items : [v], [], r);
  }
  return io;
};

/** `Dir.mktmpdir`, `Tempfile.new`: a fresh name in the temp dir (or the directory given). */
const fresh = (api: string, dirAt: number, returns: 'tempdir' | 'handle'): Handler => (args, r) => {
  const dir = positional(args)[dirAt] ?? argument(args, -1, 'tmpdir');
  if (dir !== undefined && pathOf(dir) === null && !(dir.k === 'const' && dir.t === 'nil')) refuse(r, api, 'directory');
  const path = r.freshPath(pathOf(dir) ?? undefined);
  r.touch({ kind: 'write', path, api, fresh: true, ...(returns === 'tempdir' ? { content: false } : {}) });
  return returns === 'tempdir' ? { k: 'tempdir', s: path } : io;
};

function pure(fn: (...s: string[]) => string | null, kind: 'str' | 'path' = 'str'): Handler {
  return (args) => {
    const texts = args.map((a) => (a.name === null && !a.spread ? pathOf(a.value) : null));
    if (texts.some((t) => t === null)) return unknown;
    const out = fn(...(texts as string[]));
    return out === null ? unknown : { k: kind, s: out };
  };
}

const dirname = (s: string) => (s.includes('/') ? s.slice(0, s.replace(/\/+$/, '').lastIndexOf('/')) || '/' : '.');

/** `require 'x'`, `require_relative 'x'`, `load 'x'`, `autoload(:X, 'x')`: a library the line may have written (programs/loading.ts). */
const loads = (api: string, at = 0): Handler => (args, r) => {
  const name = pathOf(positional(args)[at]);
  if (name === null) refuse(r, `${api}()`, 'name');
  const relative = /^\.{0,2}\//.test(name);
  if (api === 'require_relative') r.touch({ kind: 'module', name: relative || name.startsWith('/') ? name : `./${name}`, api });
  else r.touch({ kind: 'module', name, api });
  // load searches the library path, then the current directory
  if (api === 'load' && !relative && !name.startsWith('/')) r.touch({ kind: 'module', name: `./${name}`, api });
  return unknown;
};

const fileTable: ModuleTable = {
  safe: words(`exist? exists? file? directory? size size? zero? empty? readable? writable? executable? executable_real? symlink? stat lstat mtime
    atime ctime birthtime ftype readlink split fnmatch fnmatch? path owned? grpowned? pipe? socket? blockdev? chardev? setuid? setgid? sticky?
    world_readable? world_writable? absolute_path? identical? Stat Constants readlines foreach`),
  api: {
    // File.read does not run `|cmd` (IO.read does); a literal path is kept for `eval(File.read(F))`
    read: (args) => { const p = pathOf(positional(args)[0]); return p === null ? unknown : { k: 'handle', what: `read:${p}` }; },
    binread: () => unknown,
    write: ioWrite('File.write'), binwrite: ioWrite('File.binwrite'), open: fileOpen('File.open'), new: fileOpen('File.new'),
    delete: remove('File.delete', false), unlink: remove('File.unlink', false), rename: move('File.rename', false),
    symlink: symlink('File.symlink', false), link: link('File.link'),
    chmod: write('File.chmod', 1, { content: false }), lchmod: write('File.lchmod', 1, { content: false }),
    chown: write('File.chown', 2, { content: false }), lchown: write('File.lchown', 2, { content: false }),
    utime: write('File.utime', 2, { content: false }), lutime: write('File.lutime', 2, { content: false }),
    truncate: write('File.truncate', 0, {}, 1), mkfifo: write('File.mkfifo', 0, {}, 1),
    join: (args) => { const parts = positional(args).flatMap((v) => (v.k === 'list' ? v.items : [v])).map(pathOf);
      return parts.some((p) => p === null) ? unknown : { k: 'str', s: rubyJoin(parts as string[]) }; },
    expand_path: (args, r) => expandArgs(args, r, true), absolute_path: (args, r) => expandArgs(args, r, false),
    realpath: pure((s) => s), realdirpath: pure((s) => s), dirname: pure(dirname), basename: pure(baseName),
    extname: pure((s) => /(\.[^./]+)$/.exec(baseName(s))?.[1] ?? ''),
  },
};

function expandArgs(args: Arg[], r: Reader, home: boolean): Value {
  const [p, dir] = positional(args).map(pathOf);
  if (p === null || p === undefined || (positional(args).length > 1 && dir === null)) return unknown;
  // absolute_path does not expand `~`: it is a directory named `~`
  return { k: 'str', s: expandPath(!home && p.startsWith('~') ? `./${p}` : p, dir ?? null, r.anchors.home) };
}

const fileUtils: ModuleTable = {
  safe: words('pwd compare_file identical? cmp uptodate? compare_stream options have_option? collect_method commands'),
  api: {
    rm: remove('FileUtils.rm', false), rm_f: remove('FileUtils.rm_f', false), remove: remove('FileUtils.remove', false),
    safe_unlink: remove('FileUtils.safe_unlink', false), remove_file: remove('FileUtils.remove_file', false), rmdir: remove('FileUtils.rmdir', false),
    rm_r: remove('FileUtils.rm_r', true), rm_rf: remove('FileUtils.rm_rf', true), rmtree: remove('FileUtils.rmtree', true),
    remove_dir: remove('FileUtils.remove_dir', true), remove_entry: remove('FileUtils.remove_entry', true),
    remove_entry_secure: remove('FileUtils.remove_entry_secure', true),
    mkdir: write('FileUtils.mkdir', 0, { content: false }), mkdir_p: write('FileUtils.mkdir_p', 0, { content: false }),
    makedirs: write('FileUtils.makedirs', 0, { content: false }), mkpath: write('FileUtils.mkpath', 0, { content: false }),
    touch: write('FileUtils.touch', 0, { content: false }),
    cp: copy('FileUtils.cp', false), copy: copy('FileUtils.copy', false), install: copy('FileUtils.install', false),
    cp_r: copy('FileUtils.cp_r', true), copy_entry: copy('FileUtils.copy_entry', true, false), copy_file: copy('FileUtils.copy_file', false, false),
    cp_lr: copy('FileUtils.cp_lr', true),
    mv: move('FileUtils.mv', true), move: move('FileUtils.move', true),
    ln: link('FileUtils.ln'), link: link('FileUtils.link'),
    ln_s: symlink('FileUtils.ln_s', true), symlink: symlink('FileUtils.symlink', true), ln_sf: symlink('FileUtils.ln_sf', true),
    ln_sr: symlink('FileUtils.ln_sr', true),
    chmod: write('FileUtils.chmod', 1, { content: false }), chmod_R: write('FileUtils.chmod_R', 1, { content: false, recursive: true }),
    chown: write('FileUtils.chown', 2, { content: false }), chown_R: write('FileUtils.chown_R', 2, { content: false, recursive: true }),
    cd: (_a, r) => refuse(r, 'FileUtils.cd', 'directory'), chdir: (_a, r) => refuse(r, 'FileUtils.chdir', 'directory'),
  },
  modules: { Verbose: 'FileUtils', NoWrite: 'FileUtils', DryRun: 'FileUtils' },
};

const opened = (api: string, returns: Value): Handler => (args, r) => {
  noSpread(api, args, r);
  const path = pathOf(positional(args)[0]);
  if (path === null) refuse(r, api, 'path');
  if (path !== ':memory:') r.touch({ kind: 'write', path, api });
  return returns;
};

const modules: Record<string, ModuleTable> = {
  File: fileTable,
  FileUtils: fileUtils,
  IO: {
    safe: words('pipe select new for_fd open console SEEK_SET SEEK_CUR SEEK_END EAGAINWaitReadable WaitReadable WaitWritable'),
    api: {
      write: ioWrite('IO.write'), binwrite: ioWrite('IO.binwrite'), read: ioRead('IO.read'), binread: ioRead('IO.binread'),
      readlines: ioRead('IO.readlines'), foreach: ioRead('IO.foreach'), popen: popen('IO.popen'), sysopen: fileOpen('IO.sysopen'),
      copy_stream: (args, r) => {
        const [from, to] = positional(args);
        if (from?.k === 'str' && from.s.startsWith('|')) refuse(r, 'IO.copy_stream', 'command');
        if (to?.k === 'str') r.touch({ kind: 'write', path: to.s, api: 'IO.copy_stream' });
        else if (to?.k !== 'handle') refuse(r, 'IO.copy_stream', 'path');
        return unknown;
      },
    },
  },
  Dir: {
    safe: words('glob entries children each_child foreach exist? exists? empty? new open'),
    api: {
      mkdir: write('Dir.mkdir', 0, { content: false }, 1), rmdir: remove('Dir.rmdir', false), delete: remove('Dir.delete', false),
      unlink: remove('Dir.unlink', false),
      chdir: (_a, r) => refuse(r, 'Dir.chdir', 'directory'), chroot: (_a, r) => refuse(r, 'Dir.chroot', 'directory'),
      pwd: () => ({ k: 'str', s: '.' }), getwd: () => ({ k: 'str', s: '.' }), tmpdir: (_a, r) => ({ k: 'str', s: r.anchors.tempDir }),
      home: (args, r) => (args.length === 0 ? { k: 'str', s: r.anchors.home } : unknown), mktmpdir: fresh('Dir.mktmpdir', 1, 'tempdir'),
    },
  },
  Pathname: {
    safe: words('glob'),
    api: { new: (args) => pathValue(args), pwd: () => ({ k: 'path', s: '.' }), getwd: () => ({ k: 'path', s: '.' }) },
  },
  Kernel: { safe: '*', api: {} },
  Process: {
    safe: words(`pid ppid wait wait2 waitpid waitpid2 waitall detach kill clock_gettime uid gid euid egid getpgid getpgrp setsid Status last_status exit
      exit! abort times getrlimit setproctitle argv0 fork daemon clock_getres warmup`),
    api: { spawn: command('Process.spawn'), exec: command('Process.exec') },
  },
  Open3: {
    safe: new Set(),
    api: Object.fromEntries([
      ...['capture2', 'capture2e', 'capture3', 'popen2', 'popen2e', 'popen3'].map((n) => [n, command(`Open3.${n}`)]),
      ...['pipeline', 'pipeline_r', 'pipeline_w', 'pipeline_rw', 'pipeline_start'].map((n) => [n, pipeline(`Open3.${n}`)]),
    ]),
  },
  PTY: { safe: words('open check'), api: { spawn: command('PTY.spawn'), getpty: command('PTY.getpty') } },
  Tempfile: { safe: new Set(), api: { new: fresh('Tempfile.new', 1, 'handle'), create: fresh('Tempfile.create', 1, 'handle'),
    open: fresh('Tempfile.open', 1, 'handle') } },
  StringIO: { safe: '*', api: { new: () => io } },
  Signal: { safe: words('list signame'), api: { trap: (args, r) => trap(args, r) } },
  URI: {
    safe: '*',
    api: { open: (args, r) => (/^(https?|ftp):\/\//.test(pathOf(positional(args)[0]) ?? '') ? io : kernelOpen('URI.open')(args, r)) },
  },
  CSV: { safe: words('read parse foreach readlines table generate generate_line parse_line new instance'), api: { open: fileOpen('CSV.open') } },
  Logger: { safe: words('Formatter DEBUG INFO WARN ERROR FATAL UNKNOWN Severity'), api: { new: (args, r) => logger(args, r) } },
  Zlib: { safe: '*', api: {}, modules: { GzipWriter: 'Zlib::GzipWriter' } },
  'Zlib::GzipWriter': { safe: words('new wrap'), api: { open: opened('Zlib::GzipWriter.open', io) } },
  PStore: { safe: new Set(), api: { new: opened('PStore.new', handle) } },
  YAML: { safe: '*', api: {}, modules: { Store: 'YAML::Store' } },
  'YAML::Store': { safe: new Set(), api: { new: opened('YAML::Store.new', handle) } },
  SQLite3: { safe: '*', api: {}, modules: { Database: 'SQLite3::Database' } },
  'SQLite3::Database': { safe: new Set(), api: { new: opened('SQLite3::Database.new', handle), open: opened('SQLite3::Database.open', handle) } },
  ENV: { safe: new Set(), api: {} },
  LOAD_PATH: { safe: words('include? each map to_a first last size length join inspect empty? select find any?'), api: {} },
  Marshal: { safe: words('dump MAJOR_VERSION MINOR_VERSION'), api: {} },
  Gem: { safe: words('Version VERSION loaded_specs ruby_version Specification Requirement platforms path paths dir user_dir win_platform?'), api: {} },
  // code at run time, a foreign function interface, the VM, a template's code, gems run by name: nothing of theirs is read
  ...Object.fromEntries(['ObjectSpace', 'RubyVM', 'Fiddle', 'FFI', 'DL', 'Binding', 'ERB', 'TOPLEVEL_BINDING', 'IRB', 'Pry', 'Bundler', 'Rake',
    'Shell', 'Etc::Passwd'].map((n) => [n, { safe: new Set<string>(), api: {} }])),
};

/** ENV's members that only read it; `ENV["HOME"]` is the home directory, any other variable unknown. */
const envReaders = words(`fetch key? include? has_key? member? keys values to_h to_hash each each_pair select filter map empty? size length inspect to_a
  assoc slice values_at except any? find dig`);

function logger(args: Arg[], r: Reader): Value {
  const target = positional(args)[0];
  if (target?.k === 'handle' || target?.k === 'fn') return handle;
  r.touch({ kind: 'write', path: needPath('Logger.new', target, r), api: 'Logger.new' });
  return handle;
}

function trap(args: Arg[], r: Reader): Value {
  const command = positional(args)[1];
  // a string other than these is code that runs when the signal comes
  if (command?.k === 'str' && !['IGNORE', 'SIG_IGN', 'DEFAULT', 'SIG_DFL', 'EXIT', 'SYSTEM_DEFAULT', ''].includes(command.s)) refuse(r, 'trap', 'code');
  if (command !== undefined && command.k !== 'str' && command.k !== 'const' && command.k !== 'handle') refuse(r, 'trap', 'code');
  return unknown;
}

function pathValue(args: Arg[]): Value {
  const p = pathOf(positional(args)[0]);
  return p === null || args.length !== 1 ? unknown : { k: 'path', s: p };
}

/** Pathname's methods that write, remove, link or read, by what they do to the path. */
const pathWriters = words('write binwrite delete unlink rmdir rmtree mkdir mkpath rename make_symlink make_link truncate chmod lchmod chown lchown utime')
const pathReaders = words(`read binread readlines each_line exist? file? directory? symlink? size zero? empty? children entries each_child glob to_s
  to_path expand_path realpath realdirpath relative_path_from parent join basename dirname extname sub_ext cleanpath absolute? relative? root? mtime
  stat lstat readlink fnmatch? find ascend descend each_filename split readable? writable? executable? ftype open sysopen`);

function pathMethod(name: string, s: string, args: Arg[], r: Reader): Value {
  const api = `Pathname#${name}`;
  const home = r.anchors.home;
  switch (name) {
    case 'write': case 'binwrite': case 'truncate': r.touch({ kind: 'write', path: s, api }); return unknown;
    case 'mkdir': case 'mkpath': case 'chmod': case 'lchmod': case 'chown': case 'lchown': case 'utime':
      r.touch({ kind: 'write', path: s, api, content: false }); return unknown;
    case 'delete': case 'unlink': case 'rmdir': r.touch({ kind: 'remove', path: s, api, recursive: false }); return unknown;
    case 'rmtree': r.touch({ kind: 'remove', path: s, api, recursive: true }); return unknown;
    case 'rename': return move(api, false)([{ name: null, value: { k: 'str', s } }, ...args], r);
    case 'make_symlink': r.touch({ kind: 'write', path: s, api }); r.touch({ kind: 'place', path: s, api }); return unknown;
    case 'make_link': return link(api)([...args.slice(0, 1), { name: null, value: { k: 'str', s } }], r);
    case 'open': case 'sysopen': return fileOpen(api)([{ name: null, value: { k: 'str', s } }, ...args], r);
    case 'read': case 'binread': return { k: 'handle', what: `read:${s}` };
    case 'to_s': case 'to_path': return { k: 'str', s };
    case 'expand_path': return { k: 'path', s: expandPath(s, null, home) };
    case 'realpath': case 'realdirpath': case 'cleanpath': return { k: 'path', s };
    case 'parent': case 'dirname': return { k: 'path', s: dirname(s) };
    case 'basename': return { k: 'path', s: baseName(s) };
    case 'join': {
      const parts = positional(args).map(pathOf);
      if (parts.some((p) => p === null)) return unknown;
      return { k: 'path', s: (parts as string[]).reduce((a, b) => (b.startsWith('/') ? b : rubyJoin([a, b])), s) };
    }
    default: return unknown;
  }
}

/** Kernel's functions, called without a receiver (or on `Kernel`). */
const kernel: Record<string, Handler> = {
  system: command('system'), exec: command('exec'), spawn: command('spawn'), '`': backquote, open: kernelOpen('open'),
  require: loads('require'), require_relative: loads('require_relative'), load: loads('load'), autoload: loads('autoload', 1),
  eval: evaluate('eval'), instance_eval: evaluate('instance_eval'), class_eval: evaluate('class_eval'), module_eval: evaluate('module_eval'),
  trap: (args, r) => trap(args, r),
  define_method: named('define_method'), define_singleton_method: named('define_singleton_method'), alias_method: aliasMethod,
  const_get: (args, r) => { const n = nameOf(positional(args)[0]); if (n === null) refuse(r, 'const_get', 'name'); return constant(n, r); },
};
/** Kernel's functions that reach code or the process treeward does not follow. */
const refusedKernel = words('binding set_trace_func trace_var syscall')
/** Methods every object has that run code or name a method: read on any receiver. */
const everyObject = words('instance_eval class_eval module_eval define_method define_singleton_method const_get alias_method')
/** Kernel's functions that take a method's name: `send(:system, …)`, `method(:system)`. */
const dispatchers = words('send public_send __send__ method public_method instance_method')

function backquote(args: Arg[], r: Reader): Value {
  const command = positional(args)[0];
  if (command?.k !== 'str') refuse(r, 'backquotes', 'command');
  r.touch({ kind: 'shell', command: command.s, api: 'backquotes' });
  return unknown;
}

/** `eval("code")`, `instance_eval("code")`: literal code is read in the same names; a block is code as it stands; anything else is refused. */
function evaluate(api: string): Handler {
  return (args, r) => {
    const code = positional(args)[0];
    if (code === undefined) return unknown;
    if (code.k === 'str') { r.readAll(tokenizeRuby(code.s)); return unknown; }
    if (code.k === 'handle' && code.what?.startsWith('read:')) { r.touch({ kind: 'script', path: code.what.slice(5), api }); return unknown; }
    refuse(r, `${api}()`, 'code');
  };
}

function named(api: string): Handler {
  return (args, r) => {
    if (nameOf(positional(args)[0]) === null) refuse(r, `${api}()`, 'name');
    return unknown;
  };
}

function aliasMethod(args: Arg[], r: Reader): Value {
  const [to, from] = positional(args).map(nameOf);
  if (to === null || from === null || from === undefined) refuse(r, 'alias_method', 'name');
  if (dangerousName(from)) refuse(r, `alias_method :${from}`, 'value');
  return unknown;
}

/** Methods that write, remove or run on some receiver: on a receiver treeward cannot name, refused. */
const writerNames = words(`write binwrite rmtree rename make_link make_symlink mkpath mkdir rmdir truncate chmod lchmod chown lchown utime lutime rm
  rm_f rm_r rm_rf mv cp cp_r ln ln_s ln_sf touch mkdir_p install copy_entry remove_entry remove_dir system exec spawn popen sysopen capture2
  capture2e capture3 popen2 popen3 pipeline eval binding reopen copy_stream extract extract_files syscall`);

function dangerousName(name: string): boolean {
  return name in kernel || refusedKernel.has(name) || dispatchers.has(name) || writerNames.has(name) || name === 'delete' || name === 'unlink' ||
    name === 'open';
}

/** A constant by name: a module of the table (`File`, `FileUtils::Verbose`), or a harmless unknown. */
function constant(name: string, r: Reader): Value {
  const parts = name.replace(/^::/, '').split('::');
  let value: Value = ruby.global(parts[0]!, r) ?? unknown;
  for (const p of parts.slice(1)) value = member(value, p, r);
  return value;
}

function global(name: string): Value | undefined {
  if (name === 'nil' || name === 'true' || name === 'false') return { k: 'const', t: name };
  if (name === 'self') return { k: 'mod', name: 'Kernel' };
  if (name in kernel || dispatchers.has(name) || refusedKernel.has(name)) return { k: 'fn', name };
  if (name in modules) return { k: 'mod', name };
  if (['$stdout', '$stderr', '$stdin', 'STDOUT', 'STDERR', 'STDIN', '$>', '$<', 'ARGF', '$DEFAULT_OUTPUT'].includes(name)) return io;
  if (['$LOAD_PATH', '$:', '$-I', '$LOADED_FEATURES', '$"'].includes(name)) return { k: 'mod', name: 'LOAD_PATH' };
  if (name === 'Object' || name === 'Module' || name === 'Class' || name === 'BasicObject' || name === 'main') return { k: 'mod', name: 'Kernel' };
  return undefined;
}

function member(object: Value, name: string, r: Reader): Value {
  if (name === 'instance_variable_get' || name === '__id__') return unknown;
  // what every object answers: `send`, `method`, `instance_eval`, `define_method` … (a module's own `open` or `exec` is its own)
  if (dispatchers.has(name) || refusedKernel.has(name)) return { k: 'fn', name, self: object };
  if (everyObject.has(name)) return { k: 'fn', name: `*.${name}`, self: object };
  if (object.k === 'mod') return moduleMember(object.name, name, r);
  if (object.k === 'path') {
    if (pathWriters.has(name) || pathReaders.has(name)) return { k: 'fn', name: `Pathname#${name}`, self: object };
    refuse(r, `Pathname#${name}`, 'api');
  }
  if (object.k === 'fn') {
    // a method object: `m.call(…)` calls it; anything else of a dangerous one is refused
    if (['call', 'to_proc', 'bind', 'unbind', '()'].includes(name)) return object;
    if (escapes(object) !== null) refuse(r, object.name, 'value');
    return unknown;
  }
  if (object.k === 'handle') return handleMember(object, name, r);
  if (object.k === 'tempdir') return name === 'path' || name === 'to_s' ? { k: 'str', s: object.s } : unknown;
  if (object.k === 'str' || object.k === 'num' || object.k === 'list' || object.k === 'obj' || object.k === 'const') return unknown;
  return { k: 'fn', name: `*.${name}`, self: object };
}

function moduleMember(mod: string, name: string, r: Reader): Value {
  const table = modules[mod]!;
  if (mod === 'Kernel') return global(name) ?? unknown;
  if (mod === 'ENV') {
    if (envReaders.has(name)) return unknown;
    if (/^[a-z_]+[!?]?$/.test(name)) refuse(r, `ENV.${name}`, 'options');
    return name === 'HOME' ? { k: 'str', s: r.anchors.home } : unknown;
  }
  if (table.modules?.[name]) return { k: 'mod', name: table.modules[name]! };
  if (name in table.api) return { k: 'fn', name: `${mod}.${name}` };
  if (mod === 'File' && name === 'NULL') return { k: 'str', s: '/dev/null' };
  if (mod === 'File' && /^[A-Z][A-Z_]*$/.test(name)) return { k: 'fn', name: `File::${name}` };
  if (table.safe === '*' || table.safe.has(name)) return handle;
  // `Dir["*.log"]` is a glob
  if (mod === 'Dir' && !/^\w+[?!]?$/.test(name)) return unknown;
  refuse(r, `${mod}.${name}`, 'api');
}

function handleMember(object: { k: 'handle'; what?: string }, name: string, r: Reader): Value {
  const file = object.what?.startsWith('file:') ? object.what.slice(5) : null;
  if (name === 'reopen') return { k: 'fn', name: 'io.reopen' };
  if (name === 'read' && file !== null) return { k: 'handle', what: `read:${file}` };
  if (['chmod', 'chown', 'truncate', 'flock'].includes(name)) {
    if (name === 'flock') return unknown;
    if (file === null) refuse(r, `IO#${name}`, 'path');
    r.touch({ kind: 'write', path: file, api: `File#${name}`, content: name === 'truncate' });
  }
  return unknown;
}

function call(callee: Value, args: Arg[], r: Reader): Value {
  if (callee.k === 'mod') {
    if (callee.name === 'Pathname') return pathValue(args);
    refuse(r, callee.name, 'api');
  }
  if (callee.k === 'handle' && callee.what?.startsWith('read:')) return callee;
  if (callee.k !== 'fn') return unknown;
  const name = callee.name;
  if (refusedKernel.has(name)) refuse(r, `${name}()`, 'api');
  if (dispatchers.has(name)) return dispatch(name, callee.self, args, r);
  if (name in kernel) return kernel[name]!(args, r);
  if (name.startsWith('Pathname#')) return pathMethod(name.slice(9), (callee.self as { s: string }).s, args, r);
  if (name === 'io.reopen') {
    const target = positional(args)[0];
    if (target?.k !== 'handle') r.touch({ kind: 'write', path: needPath('IO#reopen', target, r), api: 'IO#reopen' });
    return unknown;
  }
  if (name.startsWith('*.')) return unknownReceiver(name.slice(2), args, r);
  const dot = name.lastIndexOf('.');
  const handler = modules[name.slice(0, dot)]?.api[name.slice(dot + 1)];
  return handler ? handler(args, r) : unknown;
}

/** `send(:name, …)`, `method(:name)`: the method by its literal name, on its receiver; a computed name is refused. */
function dispatch(name: string, self: Value | undefined, args: Arg[], r: Reader): Value {
  const [first] = positional(args);
  const method = nameOf(first);
  if (method === null) refuse(r, `${name}()`, 'name');
  const target = self === undefined || (self.k === 'mod' && self.name === 'Kernel') ? global(method) ?? unknown : member(self, method, r);
  if (name.endsWith('method')) return target;
  return call(target, args.slice(1), r);
}

/** A method of a receiver treeward cannot name: one that writes, removes or runs on some receiver is refused. */
function unknownReceiver(method: string, args: Arg[], r: Reader): Value {
  const count = args.length;
  // `h.delete(k)`, `a.delete(x)` take an argument; Pathname#delete and #unlink do not
  if ((method === 'delete' || method === 'unlink') && count === 0) refuse(r, `.${method}`, 'path');
  if (writerNames.has(method)) refuse(r, `.${method}()`, 'api');
  if (method === 'open') {
    const mode = positional(args)[0] ?? argument(args, -1, 'mode');
    if (mode !== undefined && (mode.k !== 'str' || /[wax+]/.test(mode.s))) refuse(r, '.open()', 'path');
  }
  if (method === 'require' || method === 'require_relative' || method === 'load' || method === 'autoload') {
    return loads(method, method === 'autoload' ? 1 : 0)(args, r);
  }
  if (['instance_eval', 'class_eval', 'module_eval'].includes(method)) return evaluate(method)(args, r);
  if (['define_method', 'define_singleton_method', 'const_get'].includes(method)) return named(method)(args, r);
  if (method === 'alias_method') return aliasMethod(args, r);
  return unknown;
}

function escapes(value: Value): string | null {
  if (value.k === 'mod') return modules[value.name] && modules[value.name]!.safe !== '*' ? value.name : null;
  if (value.k !== 'fn') return null;
  if (value.name.startsWith('*.')) return writerNames.has(value.name.slice(2)) ? `.${value.name.slice(2)}` : null;
  if (value.name.startsWith('File::')) return null;
  return value.name;
}

/** The statement starts here: at the program's start, after a line break, `;`, a block's opening or its parameters. */
function atStatement(r: Reader, i: number): boolean {
  const prev = r.at(i - 1);
  return i === 0 || r.at(i)?.nl === true || prev?.t === ';' || prev?.t === '{' || (prev?.k === 'name' && ['then', 'else', 'begin', 'ensure'].includes(prev.t));
}

/** Bind a name the program assigns, unless it is one of Kernel's functions or a known module (Ruby calls those whatever a local holds). */
function bindName(r: Reader, name: string, value: Value): void {
  if (global(name) === undefined) r.bind(name, value);
}

function statement(i: number, r: Reader): number | null {
  const t = r.at(i)!;
  // a statement ends: what starts after it is read as a statement (an assignment binds its name)
  if (t.k === 'op' && t.t === ';') return i + 1 < r.tokens.length ? statement(i + 1, r) ?? i + 1 : i + 1;
  // `def name`, `def self.name`: the name is not a call
  if (t.k === 'name' && t.t === 'def') {
    let j = i + 1;
    if (r.is(j, 'self') && r.is(j + 1, '.')) j += 2;
    return j + 1;
  }
  if (t.k === 'name' && t.t === 'alias') {
    const from = r.at(i + 2);
    const old = from?.k === 'num' ? from.t.replace(/^:/, '') : from?.t ?? '';
    if (dangerousName(old)) refuse(r, `alias ${old}`, 'value');
    return i + 3;
  }
  // `&:delete`: a method passed as a block, called on each element
  if (t.k === 'op' && t.t === '&' && r.at(i + 1)?.k === 'num' && r.at(i + 1)!.t.startsWith(':') && dangerousName(r.at(i + 1)!.t.slice(1))) {
    refuse(r, `&${r.at(i + 1)!.t}`, 'value');
  }
  if (t.k === 'name' && t.t === 'ENV' && r.is(i + 1, '[')) {
    let j = i + 1;
    for (let depth = 0; j < r.tokens.length; j++) {
      if (r.is(j, '[')) depth++;
      if (r.is(j, ']') && --depth === 0) break;
    }
    if (r.is(j + 1, '=') || /^[-+|&]=|\|\|=$/.test(r.at(j + 1)?.t ?? '')) refuse(r, 'ENV[]=', 'options');
    return null;
  }
  if (t.k === 'name' && !keywords.has(t.t) && atStatement(r, i) && r.is(i + 1, '=')) {
    const e = r.expression(i + 2, new Set(['\n', ';', '=']), true);
    if (!r.is(e.next, '=')) bindName(r, t.t, e.value);
    return e.next;
  }
  return null;
}

/** A block `{ |f| … }` (or `do |f| … end`) after a call: its first parameter is what the call yields (an opened file, a fresh directory). */
function trailer(value: Value, j: number, r: Reader): { value: Value; next: number } | null {
  if (!r.is(j, '{')) return null;
  const called = value.k === 'fn' ? call(value, [], r) : value;
  let close = j + 1;
  for (let depth = 1; close < r.tokens.length; close++) {
    const t = r.at(close)!;
    if (t.k === 'op' && '([{'.includes(t.t)) depth++;
    if (t.k === 'op' && ')]}'.includes(t.t) && --depth === 0) break;
  }
  let k = j + 1;
  if (r.is(k, '||')) k++;
  else if (r.is(k, '|')) {
    let first = true;
    for (k++; k < close && !r.is(k, '|'); k++) {
      const p = r.at(k)!;
      if (p.k !== 'name' || r.is(k - 1, '=')) continue;
      const yielded = called.k === 'handle' ? called : called.k === 'tempdir' ? { k: 'str' as const, s: called.s } : unknown;
      bindName(r, p.t, first ? yielded : unknown);
      first = false;
    }
    k++;
  }
  r.readAll(r.tokens.slice(k, close));
  return { value: unknown, next: close + 1 };
}

const ruby: Language = {
  keywords,
  global: (name) => global(name),
  member,
  call,
  statement,
  escapes,
  takesValues: () => false,
  newlineEnds: true,
  taggedTemplates: false,
  trailer,
};

/** Methods that change a string, list or hash in place: a program that calls one keeps no name's fixed value (`p << "/.."`). */
const mutators = words('push append unshift prepend insert concat fill replace clear store update setbyte force_encoding')

/** How many times each name is bound: assigned, a block or method parameter, a loop or rescue variable, a multiple assignment's target. */
function countBindings(tokens: Token[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  let mutates = false;
  let params: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t.k === 'op' && (t.t === '<<' || t.t === '<<=')) mutates = true;
    if (t.k === 'op' && t.t === ']' && next?.t === '=') mutates = true;
    if (t.k === 'name' && (prev?.t === '.' || prev?.t === '?.') && (t.t.endsWith('!') || mutators.has(t.t))) mutates = true;
    if (t.k === 'op' && t.t === '|' && prev?.t === '{') { params = '|'; continue; }
    if (t.k === 'op' && t.t === '(' && (prev?.t === '->' || tokens[i - 2]?.t === 'def')) { params = ')'; continue; }
    if (params !== null && t.t === params) { params = null; continue; }
    if (t.k !== 'name' || keywords.has(t.t) || prev?.t === '.' || prev?.t === '?.') continue;
    if (params !== null || prev?.t === 'for' || prev?.t === '=>' || prev?.t === '*' || prev?.t === '&') add(t.t);
    else if (next?.k === 'op' && /^(=|[-+*/%|&^]=|\*\*=|<<=|>>=|\|\|=|&&=)$/.test(next.t)) add(t.t);
    else if (next?.t === ',' || prev?.t === ',') { if (assignedTuple(tokens, i)) add(t.t); }
  }
  if (mutates) for (const t of tokens) if (t.k === 'name') counts.set(t.t, 2);
  return counts;
}

/** `a, b = …`: a name among a statement's targets, before a single `=` on the same line. */
function assignedTuple(tokens: Token[], i: number): boolean {
  for (let j = i + 1; j < tokens.length && j < i + 64; j++) {
    const t = tokens[j]!;
    if (t.nl || t.t === ';' || t.t === '(' || t.t === '[' || t.t === '{') return false;
    if (t.t === '=') return true;
    if (!(t.t === ',' || t.t === '*' || t.k === 'name')) return false;
  }
  return false;
}

/** What a Ruby program touches, or what treeward could not read in it. */
export function readRuby(code: string, anchors: Anchors): InlineReading {
  return readInline(code, anchors, tokenizeRuby, ruby, countBindings);
}
