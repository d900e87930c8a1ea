// Python inline code read for what it touches (SPEC §3 "interpreters"):
// imports and their aliases followed, every call of the file-writing,
// removal and process-running APIs found (nested in arguments, in f-string
// fields, in `exec` of a literal), and judged by the paths and commands it
// names when they are fixed. What cannot be read to a known call is a
// problem, and the code is refused.

import {
  type Anchors, type Arg, argument, type InlineReading, joinPath, type Language, pathOf, Reader, readInline, refuse, unknown, type Value,
} from './reading.js';
import { type InPlaceSpelling, unfixIfChangedInPlace } from './in-place.js';
import { tokenizePython } from './python-tokens.js';
import type { Token } from './tokens.js';

const keywords = new Set([
  'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from',
  'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
]);

type Handler = (args: Arg[], r: Reader, self?: Value) => Value;

/** The modules whose members are read by name: a member not listed is refused. `*`: every member is harmless but those listed. */
interface ModuleTable {
  safe: ReadonlySet<string> | '*';
  api: Record<string, Handler>;
  /** Members that are modules of their own (`os.path`). */
  modules?: Record<string, string>;
  /** Members that are refused by name (`sys.modules`). */
  refused?: ReadonlySet<string>;
}

const handle: Value = { k: 'handle' };
const words = (s: string) => new Set(s.trim().split(/\s+/));

function needPath(api: string, v: Value | undefined, r: Reader): string {
  const p = pathOf(v);
  if (p === null) refuse(r, api, 'path');
  return p;
}

function noSpread(api: string, args: Arg[], r: Reader): void {
  if (args.some((a) => a.spread)) refuse(r, api, 'value');
}

const remove = (api: string, recursive: boolean, n = 0, name?: string): Handler => (args, r) => {
  noSpread(api, args, r);
  r.touch({ kind: 'remove', path: needPath(api, argument(args, n, name), r), api, recursive });
  return { k: 'const', t: 'None' };
};

const write = (api: string, n: number, extra: { recursive?: boolean; content?: boolean; destination?: boolean } = {}, name?: string): Handler => (args, r) => {
  noSpread(api, args, r);
  r.touch({ kind: 'write', path: needPath(api, argument(args, n, name), r), api, ...extra });
  return unknown;
};

/** `os.rename(a, b)`, `shutil.move(a, b)`: `a` is removed, and what was there lands at `b`. */
const move = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const from = needPath(api, argument(args, 0, 'src'), r);
  const to = needPath(api, argument(args, 1, 'dst'), r);
  moveTouches(api, from, to, r, api === 'shutil.move');
  return unknown;
};

function moveTouches(api: string, from: string, to: string, r: Reader, into = false): void {
  r.touch({ kind: 'remove', path: from, api, recursive: true });
  r.touch({ kind: 'write', path: to, api, recursive: true, destination: true });
  // shutil.move into a directory: the source's name lands inside it
  const name = from.replace(/\/+$/, '');
  const inside = into ? joinPath(to, name.slice(name.lastIndexOf('/') + 1)) : null;
  if (inside !== null) r.touch({ kind: 'write', path: inside, api, recursive: true });
  r.touch({ kind: 'place', path: to, api });
  if (inside !== null) r.touch({ kind: 'place', path: inside, api });
}

/** `shutil.copy(a, d)`: the copy lands at `d`, or at `d/a` when `d` is a directory (the name inside is judged too). */
function copyInto(api: string): Handler {
  return (args, r) => {
    noSpread(api, args, r);
    const from = needPath(api, argument(args, 0, 'src'), r);
    const to = needPath(api, argument(args, 1, 'dst'), r);
    r.touch({ kind: 'write', path: to, api, destination: true });
    r.touch({ kind: 'write', path: joinPath(to, from.slice(from.lastIndexOf('/') + 1)), api });
    return unknown;
  };
}

/** Text as argv: a list of fixed strings. */
function argvOf(v: Value | undefined): string[] | null {
  if (!v || v.k !== 'list') return null;
  const out: string[] = [];
  for (const item of v.items) {
    const p = pathOf(item);
    if (p === null) return null;
    out.push(p);
  }
  return out;
}

/**
 * An environment a process call passes on: only the one it inherits (`os.environ`) or none at all; any other can set
 * `LD_PRELOAD`, `PATH` or `BASH_ENV` for the command, which the command's judgement would not see.
 */
function inheritedEnvironment(v: Value | undefined): boolean {
  return v === undefined || (v.k === 'handle' && v.what === undefined) || (v.k === 'obj' && v.entries !== null && v.entries.size === 0) || (v.k === 'const' &&
    v.t === 'None');
}

/** `subprocess.run([...])`, `run('cmd', shell=True)`: the command judged as the shell's commands are. */
const subprocessCall = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const shell = args.find((a) => a.name === 'shell')?.value;
  if (shell && !(shell.k === 'const' && (shell.t === 'True' || shell.t === 'False'))) refuse(r, api, 'options');
  const viaShell = shell?.k === 'const' && shell.t === 'True';
  for (const a of args) {
    if (a.name === 'cwd') refuse(r, api, 'directory');
    if (a.name === 'executable' || a.name === 'preexec_fn' || (a.name === 'env' && !inheritedEnvironment(a.value))) refuse(r, api, 'options');
  }
  const first = argument(args, 0, 'args');
  const argv = argvOf(first);
  const text = first?.k === 'str' ? first.s : null;
  if (viaShell) {
    const command = text ?? (argv && argv.length > 0 ? argv[0]! : null);
    if (command === null) refuse(r, api, 'command');
    r.touch({ kind: 'shell', command, api });
  }
  else if (argv && argv.length > 0) r.touch({ kind: 'argv', argv, api });
  else if (text !== null) r.touch({ kind: 'argv', argv: [text], api });
  else refuse(r, api, 'command');
  return handle;
};

const shellCall = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const command = argument(args, 0, 'cmd');
  if (command?.k !== 'str') refuse(r, api, 'command');
  r.touch({ kind: 'shell', command: command.s, api });
  return handle;
};

/** `os.execv(path, [arg0, …])`, `os.execl(path, arg0, …)`, `os.spawnv(mode, path, [...])`: the program and its arguments after arg0. */
const execCall = (api: string, listed: boolean, skip: number): Handler => (args, r) => {
  noSpread(api, args, r);
  const positional = args.filter((a) => a.name === null).map((a) => a.value);
  const program = pathOf(positional[skip]);
  let rest: string[] | null;
  if (listed) rest = argvOf(positional[skip + 1]);
  else rest = positional.slice(skip + 1).every((v) => pathOf(v) !== null) ? positional.slice(skip + 1).map((v) => pathOf(v)!) : null;
  if (api.endsWith('e') || api.startsWith('os.posix_spawn')) {
    // the environment comes last (after the argv list, for the listed forms)
    const env = listed ? positional[skip + 2] : positional[positional.length - 1];
    if (!inheritedEnvironment(env)) refuse(r, api, 'options');
    if (!listed) rest = rest && rest.slice(0, -1);
  }
  if (program === null || rest === null) refuse(r, api, 'command');
  r.touch({ kind: 'argv', argv: [program, ...rest.slice(1)], api });
  return unknown;
};

/** `open(path, mode)`: a write when the mode writes; a mode treeward cannot read is refused. */
const openCall = (api: string, n = 0, modeAt = 1): Handler => (args, r) => {
  noSpread(api, args, r);
  if (args.some((a) => a.name === 'opener')) refuse(r, api, 'options');
  const file = argument(args, n, 'file');
  const mode = argument(args, modeAt, 'mode');
  if (mode !== undefined && mode.k !== 'str') refuse(r, api, 'mode');
  const path = pathOf(file);
  if (mode?.k === 'str' && /[wax+]/.test(mode.s)) {
    if (file?.k === 'num') return handle;
    if (path === null) refuse(r, api, 'path');
    r.touch({ kind: 'write', path, api });
    return handle;
  }
  if (path === null && file?.k !== 'num' && file !== undefined && file.k !== 'unknown') refuse(r, api, 'path');
  return path === null ? handle : { k: 'handle', what: `file:${path}` };
};

function pathValue(args: Arg[], r: Reader): Value {
  if (args.some((a) => a.spread || a.name !== null)) return unknown;
  let s = '.';
  for (const a of args) {
    const p = pathOf(a.value);
    if (p === null) return unknown;
    s = joinPath(s, p);
  }
  void r;
  return { k: 'path', s };
}

const tempName = (api: string, makes: boolean, returns: 'str' | 'handle' | 'tempdir' | 'unknown'): Handler => (args, r) => {
  const dir = args.find((a) => a.name === 'dir')?.value;
  if (dir !== undefined && pathOf(dir) === null && !(dir.k === 'const' && dir.t === 'None')) refuse(r, api, 'directory');
  const path = r.freshPath(pathOf(dir) ?? undefined);
  if (makes) r.touch({ kind: 'write', path, api, fresh: true });
  if (returns === 'str') return { k: 'str', s: path };
  if (returns === 'tempdir') return { k: 'tempdir', s: path };
  return returns === 'handle' ? handle : unknown;
};

function pure(fn: (...s: string[]) => string | null): Handler {
  return (args) => {
    const texts = args.map((a) => (a.name === null && !a.spread ? pathOf(a.value) : null));
    if (texts.some((t) => t === null)) return unknown;
    const out = fn(...(texts as string[]));
    return out === null ? unknown : { k: 'str', s: out };
  };
}

const modules: Record<string, ModuleTable> = {
  os: {
    safe: words(`sep linesep name environ environb getenv getenvb putenv unsetenv getcwd getcwdb listdir scandir walk stat lstat fstat access getpid getppid
      getuid geteuid getgid getegid getgroups getlogin cpu_count urandom devnull curdir pardir extsep altsep pathsep defpath fspath fsencode fsdecode
      get_terminal_size terminal_size isatty strerror uname times umask kill killpg waitpid wait wait3 wait4 waitstatus_to_exitcode read write close
      closerange fdopen dup dup2 pipe lseek fsync fdatasync readlink error PathLike DirEntry get_exec_path sched_getaffinity getloadavg getpgrp
      getpgid getsid setsid setpgrp nice sync ttyname major minor makedev device_encoding get_blocking set_blocking get_inheritable set_inheritable
      WIFEXITED WEXITSTATUS WIFSIGNALED WTERMSIG WNOHANG F_OK R_OK W_OK X_OK SEEK_SET SEEK_CUR SEEK_END P_WAIT P_NOWAIT
      O_RDONLY O_WRONLY O_RDWR O_CREAT O_TRUNC O_APPEND O_EXCL O_NONBLOCK O_CLOEXEC O_NOFOLLOW O_DIRECTORY O_SYNC O_BINARY fork register_at_fork`),
    modules: { path: 'os.path' },
    api: {
      remove: remove('os.remove', false, 0, 'path'), unlink: remove('os.unlink', false, 0, 'path'), rmdir: remove('os.rmdir', false, 0, 'path'),
      removedirs: remove('os.removedirs', false, 0, 'name'),
      rename: move('os.rename'), renames: move('os.renames'), replace: move('os.replace'),
      mkdir: write('os.mkdir', 0, { content: false }, 'path'), makedirs: write('os.makedirs', 0, { content: false }, 'name'),
      chmod: write('os.chmod', 0, { content: false }, 'path'), lchmod: write('os.lchmod', 0, { content: false }, 'path'),
      chown: write('os.chown', 0, { content: false }, 'path'), lchown: write('os.lchown', 0, { content: false }, 'path'),
      utime: write('os.utime', 0, { content: false }, 'path'), truncate: write('os.truncate', 0, {}, 'path'),
      mkfifo: write('os.mkfifo', 0, {}, 'path'), mknod: write('os.mknod', 0, {}, 'path'),
      symlink: (args, r) => {
        const at = needPath('os.symlink', argument(args, 1, 'dst'), r);
        r.touch({ kind: 'write', path: at, api: 'os.symlink' });
        r.touch({ kind: 'place', path: at, api: 'os.symlink' });
        return unknown;
      },
      link: (args, r) => {
        r.touch({ kind: 'write', path: needPath('os.link', argument(args, 0, 'src'), r), api: 'os.link', hardLinkSource: true, content: false });
        r.touch({ kind: 'write', path: needPath('os.link', argument(args, 1, 'dst'), r), api: 'os.link' });
        return unknown;
      },
      open: (args, r) => {
        const flags = argument(args, 1, 'flags');
        const path = needPath('os.open', argument(args, 0, 'path'), r);
        if (flags?.k === 'fn' && flags.name === 'os.O_RDONLY') return { k: 'num', t: 'fd' };
        r.touch({ kind: 'write', path, api: 'os.open' });
        return { k: 'num', t: 'fd' };
      },
      system: shellCall('os.system'), popen: shellCall('os.popen'),
      execv: execCall('os.execv', true, 0), execve: execCall('os.execve', true, 0), execvp: execCall('os.execvp', true, 0), execvpe: execCall('os.execvpe',
        true, 0),
      execl: execCall('os.execl', false, 0), execle: execCall('os.execle', false, 0), execlp: execCall('os.execlp', false, 0),
        execlpe: execCall('os.execlpe', false, 0),
      spawnv: execCall('os.spawnv', true, 1), spawnve: execCall('os.spawnve', true, 1), spawnvp: execCall('os.spawnvp', true, 1),
        spawnvpe: execCall('os.spawnvpe', true, 1),
      spawnl: execCall('os.spawnl', false, 1), spawnle: execCall('os.spawnle', false, 1), spawnlp: execCall('os.spawnlp', false, 1),
        spawnlpe: execCall('os.spawnlpe', false, 1),
      posix_spawn: execCall('os.posix_spawn', true, 0), posix_spawnp: execCall('os.posix_spawnp', true, 0),
    },
  },
  'os.path': {
    safe: '*',
    api: {
      join: pure((...s) => s.reduce((a, b) => joinPath(a, b))),
      abspath: pure((s) => s), realpath: pure((s) => s), normpath: pure((s) => s),
      expanduser: (args, r) => {
        const p = pathOf(argument(args, 0));
        if (p === null) return unknown;
        return { k: 'str', s: p === '~' ? r.anchors.home : p.startsWith('~/') ? r.anchors.home + p.slice(1) : p };
      },
      dirname: pure((s) => (s.includes('/') ? s.slice(0, s.lastIndexOf('/')) || '/' : '')),
      basename: pure((s) => s.slice(s.lastIndexOf('/') + 1)),
    },
  },
  shutil: {
    safe: words('which disk_usage get_terminal_size ignore_patterns Error SameFileError get_archive_formats get_unpack_formats COPY_BUFSIZE copyfileobj'),
    api: {
      rmtree: remove('shutil.rmtree', true, 0, 'path'),
      move: move('shutil.move'),
      copy: copyInto('shutil.copy'), copy2: copyInto('shutil.copy2'),
      copyfile: write('shutil.copyfile', 1, {}, 'dst'), copytree: write('shutil.copytree', 1, { recursive: true }, 'dst'),
      copymode: write('shutil.copymode', 1, { content: false }, 'dst'), copystat: write('shutil.copystat', 1, { content: false }, 'dst'),
      chown: write('shutil.chown', 0, { content: false }, 'path'),
      unpack_archive: (args, r) => {
        const dir = argument(args, 1, 'extract_dir');
        r.touch({ kind: 'write', path: dir === undefined ? '.' : needPath('shutil.unpack_archive', dir, r), api: 'shutil.unpack_archive', recursive: true });
        return unknown;
      },
    },
  },
  subprocess: {
    safe: words('PIPE DEVNULL STDOUT CalledProcessError TimeoutExpired CompletedProcess SubprocessError list2cmdline'),
    api: {
      run: subprocessCall('subprocess.run'), call: subprocessCall('subprocess.call'), check_call: subprocessCall('subprocess.check_call'),
      check_output: subprocessCall('subprocess.check_output'), Popen: subprocessCall('subprocess.Popen'),
      getoutput: shellCall('subprocess.getoutput'), getstatusoutput: shellCall('subprocess.getstatusoutput'),
    },
  },
  pty: { safe: new Set(), api: { spawn: (args, r) => { const argv = argvOf(argument(args, 0)); if (!argv?.length) refuse(r, 'pty.spawn',
    'command'); r.touch({ kind: 'argv', argv, api: 'pty.spawn' }); return unknown; } } },
  asyncio: {
    safe: '*',
    api: {
      create_subprocess_shell: shellCall('asyncio.create_subprocess_shell'),
      create_subprocess_exec: execCall('asyncio.create_subprocess_exec', false, -1),
    },
  },
  pathlib: {
    safe: words('PurePath PurePosixPath PureWindowsPath'),
    api: { Path: (args, r) => pathValue(args, r), PosixPath: (args, r) => pathValue(args, r) },
  },
  'pathlib.Path': { safe: new Set(), api: { home: (_a, r) => ({ k: 'path', s: r.anchors.home }), cwd: () => ({ k: 'path', s: '.' }) } },
  io: { safe: words('StringIO BytesIO TextIOWrapper BufferedReader BufferedWriter IOBase DEFAULT_BUFFER_SIZE SEEK_SET SEEK_CUR SEEK_END UnsupportedOperation'),
    api: { open: openCall('io.open'), FileIO: openCall('io.FileIO') } },
  codecs: { safe: '*', api: { open: openCall('codecs.open') } },
  gzip: { safe: words('compress decompress GzipFile BadGzipFile'), api: { open: openCall('gzip.open') } },
  bz2: { safe: words('compress decompress BZ2Compressor BZ2Decompressor'), api: { open: openCall('bz2.open') } },
  lzma: { safe: words('compress decompress LZMACompressor LZMADecompressor'), api: { open: openCall('lzma.open') } },
  tempfile: {
    safe: words('gettempprefix tempdir'),
    api: {
      gettempdir: (_a, r) => ({ k: 'str', s: r.anchors.tempDir }),
      mkdtemp: tempName('tempfile.mkdtemp', true, 'str'), mkstemp: tempName('tempfile.mkstemp', true, 'unknown'),
      TemporaryDirectory: tempName('tempfile.TemporaryDirectory', true, 'tempdir'),
      NamedTemporaryFile: tempName('tempfile.NamedTemporaryFile', true, 'handle'), TemporaryFile: tempName('tempfile.TemporaryFile', true, 'handle'),
      SpooledTemporaryFile: tempName('tempfile.SpooledTemporaryFile', true, 'handle'),
    },
  },
  sys: { safe: '*', api: {}, refused: words('modules _getframe meta_path path_hooks settrace setprofile') },
  sqlite3: {
    safe: '*',
    api: {
      connect: (args, r) => {
        const db = needPath('sqlite3.connect', argument(args, 0, 'database'), r);
        if (db !== ':memory:' && db !== '') r.touch({ kind: 'write', path: db, api: 'sqlite3.connect' });
        return handle;
      },
    },
  },
  zipfile: { safe: words('is_zipfile ZIP_DEFLATED ZIP_STORED BadZipFile ZipInfo'), api: { ZipFile: archive('zipfile.ZipFile') } },
  tarfile: { safe: words('is_tarfile TarInfo TarError'), api: { open: archive('tarfile.open'), TarFile: archive('tarfile.TarFile') } },
  fileinput: {
    safe: words('filename lineno filelineno isfirstline close nextfile'),
    api: {
      input: (args, r) => {
        const inplace = args.find((a) => a.name === 'inplace')?.value;
        if (inplace && !(inplace.k === 'const' && (inplace.t === 'False' || inplace.t === 'None'))) {
          const files = argument(args, 0, 'files');
          const list = files?.k === 'str' ? [files.s] : argvOf(files);
          if (list === null) refuse(r, 'fileinput.input', 'path');
          for (const f of list) r.touch({ kind: 'write', path: f, api: 'fileinput.input' });
        }
        return unknown;
      },
    },
  },
  logging: {
    safe: '*',
    modules: { handlers: 'logging.handlers' },
    api: {
      FileHandler: write('logging.FileHandler', 0, {}, 'filename'),
      basicConfig: (args, r) => {
        const file = args.find((a) => a.name === 'filename');
        if (file) r.touch({ kind: 'write', path: needPath('logging.basicConfig', file.value, r), api: 'logging.basicConfig' });
        return unknown;
      },
    },
  },
  'logging.handlers': {
    safe: words('SysLogHandler SocketHandler QueueHandler QueueListener MemoryHandler BufferingHandler HTTPHandler DatagramHandler SMTPHandler'),
    api: {
      RotatingFileHandler: write('RotatingFileHandler', 0, {}, 'filename'), TimedRotatingFileHandler: write('TimedRotatingFileHandler', 0, {}, 'filename'),
      WatchedFileHandler: write('WatchedFileHandler', 0, {}, 'filename'),
    },
  },
  'urllib.request': {
    safe: '*',
    api: {
      urlretrieve: (args, r) => {
        const file = argument(args, 1, 'filename');
        if (file !== undefined) r.touch({ kind: 'write', path: needPath('urllib.request.urlretrieve', file, r), api: 'urllib.request.urlretrieve' });
        return unknown;
      },
    },
  },
  urllib: { safe: '*', api: {}, modules: { request: 'urllib.request', parse: 'urllib.parse' } },
  importlib: {
    safe: words('reload invalidate_caches'),
    api: {
      import_module: (args, r) => {
        const name = argument(args, 0, 'name');
        if (name?.k !== 'str') refuse(r, 'importlib.import_module', 'name');
        r.touch({ kind: 'module', name: name.s, api: 'importlib.import_module' });
        return moduleValue(name.s);
      },
    },
  },
  runpy: {
    safe: new Set(),
    api: { run_path: (args, r) => { r.touch({ kind: 'script', path: needPath('runpy.run_path', argument(args, 0, 'path_name'), r),
      api: 'runpy.run_path' }); return unknown; } },
  },
  operator: { safe: '*', api: {}, refused: words('methodcaller attrgetter') },
  pickle: { safe: words('dumps dump HIGHEST_PROTOCOL PickleError PicklingError'), api: {} },
  marshal: { safe: words('dumps dump'), api: {} },
  shelve: { safe: new Set(), api: { open: write('shelve.open', 0, {}, 'filename') } },
  builtins: { safe: new Set(), api: {} },
  ctypes: { safe: new Set(), api: {} },
  webbrowser: { safe: new Set(), api: {} },
  code: { safe: new Set(), api: {} },
  codeop: { safe: new Set(), api: {} },
  pdb: { safe: new Set(), api: {} },
  multiprocessing: { safe: '*', api: {} },
  distutils: { safe: new Set(), api: {} },
  setuptools: { safe: new Set(), api: {} },
  pip: { safe: new Set(), api: {} },
  venv: { safe: new Set(), api: {} },
  ensurepip: { safe: new Set(), api: {} },
  posix: { safe: new Set(), api: {} },
  dill: { safe: words('dumps dump'), api: {} },
};
modules.posix = modules.os!;

/** `zipfile.ZipFile(path, 'w')`, `tarfile.open(path, 'w:gz')`: writes its path; the archive's `extractall` writes its directory. */
function archive(api: string): Handler {
  return (args, r) => {
    const mode = argument(args, 1, 'mode');
    if (mode !== undefined && mode.k !== 'str') refuse(r, api, 'mode');
    if (mode?.k === 'str' &&
      /[wax]/.test(mode.s)) r.touch({ kind: 'write', path: needPath(api, argument(args, 0, 'file') ?? argument(args, 0, 'name'), r), api });
    return { k: 'handle', what: 'archive' };
  };
}

/** The value of a module by its dotted name: one whose members are read, or a harmless unknown. */
function moduleValue(name: string): Value {
  if (name in modules) return { k: 'mod', name };
  const dot = name.lastIndexOf('.');
  if (dot > 0 && modules[name.slice(0, dot)]) return { k: 'mod', name };
  return unknown;
}

/** Methods of `pathlib.Path` that write, remove or link: on a receiver treeward cannot read, refused. */
const pathWriters = words('write_text write_bytes unlink rmdir touch mkdir symlink_to hardlink_to link_to chmod lchmod rename extractall extract')
const pathReaders = words(`read_text read_bytes exists is_file is_dir is_symlink is_absolute is_relative_to stat lstat glob rglob iterdir resolve absolute
  as_posix as_uri samefile match relative_to owner group parts drive root anchor parents suffixes exists expanduser`);

function pathMember(self: { k: 'path'; s: string }, name: string, r: Reader): Value {
  const s = self.s;
  const slash = s.lastIndexOf('/');
  const base = s.slice(slash + 1);
  if (name === 'name') return { k: 'str', s: base };
  if (name === 'parent') return { k: 'path', s: slash < 0 ? '.' : s.slice(0, slash) || '/' };
  if (name === 'stem') return { k: 'str', s: base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base };
  if (name === 'suffix') return { k: 'str', s: base.includes('.') ? base.slice(base.lastIndexOf('.')) : '' };
  if (pathWriters.has(name) || pathReaders.has(name) || ['open', 'replace', 'joinpath', 'with_name', 'with_suffix', '__str__', '__fspath__'].includes(name)) {
    return { k: 'fn', name: `Path.${name}`, self };
  }
  refuse(r, `Path.${name}`, 'api');
}

function pathMethod(name: string, self: { k: 'path'; s: string }, args: Arg[], r: Reader): Value {
  const api = `Path.${name}`;
  const s = self.s;
  switch (name) {
    case 'write_text': case 'write_bytes': r.touch({ kind: 'write', path: s, api }); return unknown;
    case 'touch': case 'mkdir': case 'chmod': case 'lchmod': r.touch({ kind: 'write', path: s, api, content: false }); return unknown;
    case 'unlink': case 'rmdir': r.touch({ kind: 'remove', path: s, api, recursive: false }); return unknown;
    case 'rename': case 'replace': moveTouches(api, s, needPath(api, argument(args, 0, 'target'), r), r); return { k: 'path', s: pathOf(argument(args, 0))! };
    case 'symlink_to': r.touch({ kind: 'write', path: s, api }); r.touch({ kind: 'place', path: s, api }); return unknown;
    case 'hardlink_to': case 'link_to':
      r.touch({ kind: 'write', path: name === 'link_to' ? needPath(api, argument(args, 0), r) : s, api });
      r.touch({ kind: 'write', path: name === 'link_to' ? s : needPath(api, argument(args, 0), r), api, hardLinkSource: true, content: false });
      return unknown;
    case 'open': return openCall(api, -1, 0)([{ name: null, value: self }, ...args].map((a, i) => (i === 0 ? { name: 'file', value: self } : a)), r);
    case 'read_text': case 'read_bytes': return { k: 'handle', what: `read:${s}` };
    case 'resolve': case 'absolute': case '__str__': case '__fspath__': case 'as_posix': return name.startsWith('as') ||
      name.startsWith('__') ? { k: 'str', s } : self;
    case 'expanduser': return { k: 'path', s: s === '~' ? r.anchors.home : s.startsWith('~/') ? r.anchors.home + s.slice(1) : s };
    case 'joinpath': return combinePath(self, args);
    case 'with_name': case 'with_suffix': {
      const arg = pathOf(argument(args, 0));
      if (arg === null) return unknown;
      const slash = s.lastIndexOf('/');
      const dir = slash < 0 ? '' : s.slice(0, slash + 1);
      const base = s.slice(slash + 1);
      if (name === 'with_name') return { k: 'path', s: dir + arg };
      return { k: 'path', s: dir + (base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base) + arg };
    }
    default: return unknown;
  }
}

function combinePath(self: { s: string }, args: Arg[]): Value {
  let s = self.s;
  for (const a of args) {
    const p = pathOf(a.value);
    if (p === null || a.name !== null) return unknown;
    s = joinPath(s, p);
  }
  return { k: 'path', s };
}

/** Python's builtins that matter to the reading. */
function builtin(name: string, args: Arg[], r: Reader): Value | undefined {
  switch (name) {
    case 'open': return openCall('open')(args, r);
    case 'str': case 'os.fspath': {
      const v = argument(args, 0);
      const p = pathOf(v);
      return p === null ? (v?.k === 'handle' && v.what?.startsWith('read:') ? v : unknown) : { k: 'str', s: p };
    }
    case 'exec': case 'eval': {
      const code = argument(args, 0);
      if (code?.k === 'str') {
        r.readAll(tokenizePython(code.s));
        return unknown;
      }
      if (code?.k === 'handle' && code.what?.startsWith('read:')) {
        r.touch({ kind: 'script', path: code.what.slice(5), api: name });
        return unknown;
      }
      refuse(r, `${name}()`, 'code');
    }
    case 'compile': {
      const code = argument(args, 0);
      if (code?.k === 'str' || (code?.k === 'handle' && code.what?.startsWith('read:'))) return code;
      refuse(r, 'compile()', 'code');
    }
    case '__import__': {
      const m = argument(args, 0);
      if (m?.k !== 'str') refuse(r, '__import__()', 'name');
      r.touch({ kind: 'module', name: m.s, api: '__import__()' });
      const top = m.s.split('.')[0]!;
      return moduleValue(args.some((a) => a.name === 'fromlist') || argument(args, 3) ? m.s : top);
    }
    case 'getattr': {
      const attr = argument(args, 1);
      if (attr?.k !== 'str' || attr.joined) refuse(r, 'getattr()', 'name');
      return python.member(argument(args, 0) ?? unknown, attr.s, r);
    }
    default: return undefined;
  }
}

const refusedBuiltins = words('globals locals vars breakpoint __builtins__ __loader__ __spec__ memoryview setattr delattr');
const builtinFunctions = words('open str exec eval compile __import__ getattr hasattr');

function member(object: Value, name: string, r: Reader): Value {
  if (/^__\w+__$/.test(name) && !['__name__', '__doc__', '__file__', '__version__', '__str__', '__fspath__', '__enter__', '__exit__'].includes(name)) {
    refuse(r, `.${name}`, 'api');
  }
  if (object.k === 'mod') {
    const table = modules[object.name];
    if (!table) return unknown;
    if (object.name === 'builtins') return python.global(name, r) ?? unknown;
    if (table.modules?.[name]) return { k: 'mod', name: table.modules[name]! };
    if (table.refused?.has(name)) refuse(r, `${object.name}.${name}`, 'api');
    if (name in table.api) return { k: 'fn', name: `${object.name}.${name}` };
    if (`${object.name}.${name}` in modules) return { k: 'mod', name: `${object.name}.${name}` };
    if (table.safe === '*' || table.safe.has(name)) return object.name === 'os' && name.startsWith('O_') ? { k: 'fn', name: `os.${name}` } : handle;
    refuse(r, `${object.name}.${name}`, 'api');
  }
  if (object.k === 'path') return pathMember(object, name, r);
  if (object.k === 'tempdir') return name === 'name' ? { k: 'str', s: object.s } : name === 'cleanup' ? handle : unknown;
  if (object.k === 'handle' && object.what === 'archive' && (name === 'extractall' || name === 'extract')) return { k: 'fn', name: `archive.${name}` };
  if (object.k === 'handle' && object.what?.startsWith('file:') && name === 'read') return { k: 'fn', name: 'file.read', self: object };
  if (object.k === 'fn' && (object.name === 'pathlib.Path' || object.name === 'pathlib.PosixPath')) {
    const table = modules['pathlib.Path']!;
    if (name in table.api) return { k: 'fn', name: `pathlib.Path.${name}` };
    return unknown;
  }
  if (object.k === 'str' || object.k === 'num' || object.k === 'list' || object.k === 'obj' || object.k === 'const') return unknown;
  return { k: 'fn', name: `*.${name}` };
}

function call(callee: Value, args: Arg[], r: Reader): Value {
  if (callee.k !== 'fn') {
    if (callee.k === 'mod') refuse(r, callee.name, 'api');
    return unknown;
  }
  const name = callee.name;
  if (builtinFunctions.has(name)) return builtin(name, args, r) ?? unknown;
  if (name === 'file.read') return { k: 'handle', what: `read:${(callee.self as { what: string }).what.slice(5)}` };
  if (name.startsWith('Path.')) return pathMethod(name.slice(5), callee.self as { k: 'path'; s: string }, args, r);
  if (name === 'pathlib.Path.home' || name === 'pathlib.Path.cwd') return modules['pathlib.Path']!.api[name.slice(13)]!(args, r);
  if (name.startsWith('archive.')) {
    const dir = argument(args, name === 'archive.extract' ? 1 : 0, 'path');
    r.touch({ kind: 'write', path: dir === undefined ? '.' : needPath(name, dir, r), api: name, recursive: true });
    return unknown;
  }
  if (name.startsWith('*.')) {
    const method = name.slice(2);
    const positional = args.filter((a) => a.name === null).length;
    if (pathWriters.has(method)) refuse(r, `.${method}()`, 'path');
    if (method === 'replace' && positional + args.filter((a) => a.name !== null).length === 1) refuse(r, '.replace()', 'path');
    if (method === 'open') {
      const mode = argument(args, 0, 'mode');
      if (mode && (mode.k !== 'str' || /[wax+]/.test(mode.s))) refuse(r, '.open()', 'path');
    }
    return unknown;
  }
  const dot = name.lastIndexOf('.');
  const table = modules[name.slice(0, dot)];
  const handler = table?.api[name.slice(dot + 1)];
  if (handler) return handler(args, r);
  return unknown;
}

function escapes(value: Value): string | null {
  if (value.k === 'mod' && modules[value.name] && modules[value.name]!.safe !== '*') return value.name;
  if (value.k === 'fn') {
    if (value.name.startsWith('*.')) return pathWriters.has(value.name.slice(2)) ? `.${value.name.slice(2)}` : null;
    if (value.name.startsWith('os.O_') || value.name === 'str' || value.name.startsWith('os.path.')) return null;
    return value.name;
  }
  return null;
}

/** The statement starts here: at the program's start, after a line break, `;` or a compound statement's `:`. */
function atStatement(r: Reader, i: number): boolean {
  const t = r.at(i);
  const prev = r.at(i - 1);
  return i === 0 || t?.nl === true || prev?.t === ';' || prev?.t === ':';
}

function statement(i: number, r: Reader): number | null {
  const t = r.at(i)!;
  if (t.k !== 'name') return null;
  if (t.t === 'import' && atStatement(r, i)) return importStatement(i + 1, r);
  if (t.t === 'from' && atStatement(r, i)) return fromImport(i + 1, r);
  if (t.t === 'with') return withStatement(i + 1, r);
  if (atStatement(r, i) && !keywords.has(t.t) && r.is(i + 1, '=')) {
    const e = r.expression(i + 2, new Set(['\n', ';', '=']), true);
    if (!r.is(e.next, '=')) r.bind(t.t, e.value);
    return e.next;
  }
  return null;
}

function dotted(i: number, r: Reader): { name: string; next: number } {
  let name = r.at(i)?.t ?? '';
  let j = i + 1;
  while (r.is(j, '.') && r.at(j + 1)?.k === 'name') { name += '.' + r.at(j + 1)!.t; j += 2; }
  return { name, next: j };
}

function importStatement(i: number, r: Reader): number {
  let j = i;
  while (r.at(j)?.k === 'name') {
    const m = dotted(j, r);
    j = m.next;
    r.touch({ kind: 'module', name: m.name, api: 'import' });
    if (r.is(j, 'as')) { r.bind(r.at(j + 1)!.t, moduleValue(m.name)); j += 2; }
    else r.bind(m.name.split('.')[0]!, moduleValue(m.name.split('.')[0]!));
    if (!r.is(j, ',')) break;
    j++;
  }
  return j;
}

function fromImport(i: number, r: Reader): number {
  let j = i;
  while (r.is(j, '.')) j++;
  const m = r.at(j)?.k === 'name' && r.at(j)!.t !== 'import' ? dotted(j, r) : { name: '', next: j };
  j = m.next;
  if (!r.is(j, 'import')) return j;
  j++;
  const relative = j > 0 && r.is(i, '.');
  if (!relative && m.name !== '') r.touch({ kind: 'module', name: m.name, api: 'from … import' });
  const module: Value = relative ? unknown : moduleValue(m.name);
  const paren = r.is(j, '(');
  if (paren) j++;
  if (r.is(j, '*')) {
    if (module.k === 'mod') refuse(r, `from ${m.name} import *`, 'name');
    return j + 1;
  }
  while (r.at(j)?.k === 'name') {
    const name = r.at(j)!.t;
    let alias = name;
    j++;
    if (r.is(j, 'as') && r.at(j + 1)?.k === 'name') { alias = r.at(j + 1)!.t; j += 2; }
    const value = module.k === 'mod' ? member(module, name, r) : unknown;
    r.bind(alias, value);
    if (!r.is(j, ',')) break;
    j++;
  }
  if (paren && r.is(j, ')')) j++;
  return j;
}

/** `with A as x, B as y:`: what each names (an open file, a temp directory's path). */
function withStatement(i: number, r: Reader): number {
  let j = i;
  while (j < r.tokens.length) {
    const e = r.expression(j, new Set([':', 'as']), true);
    j = e.next;
    if (r.is(j, 'as') && r.at(j + 1)?.k === 'name') {
      const v = e.value.k === 'tempdir' ? { k: 'str' as const, s: e.value.s } : e.value;
      r.bind(r.at(j + 1)!.t, v);
      j += 2;
    }
    if (r.is(j, ',')) { j++; continue; }
    break;
  }
  return j;
}

const python: Language = {
  keywords,
  global(name) {
    if (name === 'True' || name === 'False' || name === 'None') return { k: 'const', t: name };
    if (builtinFunctions.has(name)) return { k: 'fn', name };
    if (refusedBuiltins.has(name)) return { k: 'fn', name };
    return undefined;
  },
  member,
  call(callee, args, r) {
    if (callee.k === 'fn' && refusedBuiltins.has(callee.name)) refuse(r, `${callee.name}()`, 'api');
    return call(callee, args, r);
  },
  statement,
  escapes(value) {
    if (value.k === 'fn' && refusedBuiltins.has(value.name)) return value.name;
    return escapes(value);
  },
  takesValues: (callee) => callee.k === 'fn' && (callee.name === 'getattr' || callee.name === 'hasattr'),
  newlineEnds: true,
  taggedTemplates: false,
};

/** How many times each name is bound: assigned, a loop or `as` target, a parameter, imported, deleted. */
function countBindings(tokens: Token[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  let statementStart = 0;
  let until: string | null = null;
  const depths: number[] = [];
  let depth = 0;
  for (const t of tokens) {
    if (t.k === 'op' && ')]}'.includes(t.t)) depth--;
    depths.push(depth);
    if (t.k === 'op' && '([{'.includes(t.t)) depth++;
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.nl || tokens[i - 1]?.t === ';') statementStart = i;
    const prev = tokens[i - 1];
    if (t.k === 'name' && !keywords.has(t.t)) {
      const next = tokens[i + 1];
      if (until !== null) add(t.t);
      else if (next?.k === 'op' && /^(=|:=|[-+*/%@&|^]=|\*\*=|\/\/=|>>=|<<=)$/.test(next.t)) add(t.t);
      else if (prev?.k === 'name' && ['as', 'del', 'global', 'nonlocal', 'import', 'class', 'def'].includes(prev.t)) add(t.t);
      else if (next?.t === ':' && i === statementStart) add(t.t);
      else if (isAssignedTuple(tokens, i, depths)) add(t.t);
    }
    if (t.k === 'name' && ['for', 'lambda', 'def', 'case', 'import'].includes(t.t)) until = t.t === 'for' ? 'in' : t.t === 'import' ? '\n' : ':';
    else if (until !== null && (t.t === until || (until === '\n' && tokens[i + 1]?.nl))) until = null;
  }
  return counts;
}

/** A name among a statement's targets (`a, b = …`): at depth 0, before a `=` at depth 0 of the same statement. */
function isAssignedTuple(tokens: Token[], i: number, depths: readonly number[]): boolean {
  if (depths[i] !== 0 || (tokens[i - 1]?.t !== ',' && tokens[i + 1]?.t !== ',')) return false;
  for (let j = i + 1; j < tokens.length && j < i + 64; j++) {
    const t = tokens[j]!;
    if (t.nl || t.t === ';' || t.t === ':') return false;
    if (depths[j] === 0 && t.t === '=') return true;
  }
  return false;
}

/** Python's in-place changes: list, dict and set methods, and the library functions that change an argument (random, heapq, bisect, operator). */
const inPlace: InPlaceSpelling = {
  changers: new Set(('append extend insert remove pop clear sort reverse update setdefault popitem add discard difference_update ' +
    'intersection_update symmetric_difference_update shuffle heappush heappop heapify heapreplace heappushpop insort insort_left insort_right ' +
    'setitem delitem iadd iconcat setattr delattr __setitem__ __delitem__ __iadd__ __setattr__').split(' ')),
  modules: new Set(['os', 'shutil', 'pathlib', 'subprocess', 'tempfile', 'sys', 'glob', 'io']),
  augmentedChanges: true,
};

/** What a Python program touches, or what treeward could not read in it. */
export function readPython(code: string, anchors: Anchors): InlineReading {
  return readInline(code, anchors, tokenizePython, python, (tokens) => unfixIfChangedInPlace(tokens, countBindings(tokens), inPlace));
}
