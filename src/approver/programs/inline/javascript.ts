// JavaScript and TypeScript inline code (node, deno, bun, tsx) read for
// what it touches (SPEC §3 "interpreters"): `require`, `import` and
// destructured names followed (`const { rmSync: r } = require('fs')`), every
// call of the `fs`, `child_process`, `Deno` and `Bun` APIs that write,
// remove or run found wherever it is nested, and judged by the paths and
// commands it names when they are fixed. What cannot be read to a known
// call is a problem, and the code is refused.

import {
  type Anchors, type Arg, argument, type InlineReading, joinPath, type Language, pathOf, Reader, readInline, refuse, unknown, type Value,
} from './reading.js';
import { tokenizeJavascript } from './js-tokens.js';
import { type InPlaceSpelling, unfixIfChangedInPlace } from './in-place.js';
import type { Token } from './tokens.js';

const keywords = new Set(`break case catch class const continue debugger default delete do else export extends finally for function if in instanceof
  let new return super switch this throw try typeof var void while yield await async static get set of as from type interface enum declare
  namespace implements private public protected readonly abstract satisfies keyof`.trim().split(/\s+/));

type Handler = (args: Arg[], r: Reader) => Value;

interface ModuleTable {
  safe: ReadonlySet<string> | '*';
  api: Record<string, Handler>;
  refused?: ReadonlySet<string>;
  modules?: Record<string, string>;
}

const words = (s: string) => new Set(s.trim().split(/\s+/));
const handle: Value = { k: 'handle' };

function needPath(api: string, v: Value | undefined, r: Reader): string {
  if (v?.k === 'handle' && v.what?.startsWith('bunfile:')) return v.what.slice(8);
  const p = pathOf(v);
  if (p === null) refuse(r, api, 'path');
  return p;
}

/** An options object's entries; an options value treeward cannot read is refused. */
function options(api: string, v: Value | undefined, r: Reader): Map<string, Value> {
  if (v === undefined || (v.k === 'const' && (v.t === 'undefined' || v.t === 'null')) || isCallback(v)) return new Map();
  if (v.k === 'str' || v.k === 'num') return new Map([['flag', v]]);
  if (v.k !== 'obj' || v.entries === null) refuse(r, api, 'options');
  return v.entries;
}

const isCallback = (v: Value | undefined) => v?.k === 'handle' && v.what === 'function';
const isTrue = (v: Value | undefined) => v !== undefined && !(v.k === 'const' && (v.t === 'false' || v.t === 'null' || v.t === 'undefined'));

function noSpread(api: string, args: Arg[], r: Reader): void {
  if (args.some((a) => a.spread || a.name !== null)) refuse(r, api, 'value');
}

const remove = (api: string, recursiveByDefault = false): Handler => (args, r) => {
  noSpread(api, args, r);
  const path = needPath(api, argument(args, 0), r);
  const opts = argument(args, 1);
  // options treeward cannot read may ask for a recursive removal
  const readable = opts === undefined || opts.k === 'obj' || isCallback(opts);
  const recursive = recursiveByDefault || !readable || isTrue(options(api, opts, r).get('recursive'));
  r.touch({ kind: 'remove', path, api, recursive });
  return unknown;
};

const write = (api: string, n = 0, extra: { content?: boolean; recursive?: boolean; destination?: boolean } = {}): Handler => (args, r) => {
  noSpread(api, args, r);
  r.touch({ kind: 'write', path: needPath(api, argument(args, n), r), api, ...extra });
  return unknown;
};

const move = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const from = needPath(api, argument(args, 0), r);
  const to = needPath(api, argument(args, 1), r);
  r.touch({ kind: 'remove', path: from, api, recursive: true });
  r.touch({ kind: 'write', path: to, api, recursive: true });
  r.touch({ kind: 'place', path: to, api });
  return unknown;
};

const symlink = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const at = needPath(api, argument(args, 1), r);
  r.touch({ kind: 'write', path: at, api });
  r.touch({ kind: 'place', path: at, api });
  return unknown;
};

const link = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  r.touch({ kind: 'write', path: needPath(api, argument(args, 0), r), api, hardLinkSource: true, content: false });
  r.touch({ kind: 'write', path: needPath(api, argument(args, 1), r), api });
  return unknown;
};

/** `fs.openSync(path, flags)`: a write unless the flags only read. */
const open = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const path = needPath(api, argument(args, 0), r);
  const flags = argument(args, 1);
  if (flags === undefined || (flags.k === 'str' && /^(r|rs|sr)$/.test(flags.s)) || (flags.k === 'fn' && flags.name === 'fs.constants.O_RDONLY')) {
    return { k: 'num', t: 'fd' };
  }
  if (flags.k !== 'str' && flags.k !== 'fn') refuse(r, api, 'mode');
  r.touch({ kind: 'write', path, api });
  return { k: 'num', t: 'fd' };
};

const mkdtemp = (api: string): Handler => (args, r) => {
  noSpread(api, args, r);
  const prefix = needPath(api, argument(args, 0), r);
  const path = `${prefix}treeward-fresh`;
  r.touch({ kind: 'write', path, api, fresh: true, content: false });
  return { k: 'str', s: path };
};

function argvOf(v: Value | undefined): string[] | null {
  if (v === undefined) return [];
  if (v.k !== 'list') return null;
  const out: string[] = [];
  for (const item of v.items) {
    const p = pathOf(item);
    if (p === null) return null;
    out.push(p);
  }
  return out;
}

/** The options of a child process: a `cwd` is refused (the command would run elsewhere), `shell` read, `env` refused with a shell. */
function processOptions(api: string, v: Value | undefined, r: Reader): { shell: boolean } {
  if (isCallback(v)) return { shell: false };
  const opts = options(api, v, r);
  if (opts.has('cwd')) refuse(r, api, 'directory');
  if (opts.has('execPath') || opts.has('execArgv') || opts.has('argv0')) refuse(r, api, 'options');
  const shell = opts.get('shell');
  if (shell && !(shell.k === 'const' && (shell.t === 'true' || shell.t === 'false')) && shell.k !== 'str') refuse(r, api, 'options');
  const viaShell = shell !== undefined && isTrue(shell);
  // an environment of its own can set LD_PRELOAD, PATH or NODE_OPTIONS for the command, which its judgement would not see
  const env = opts.get('env');
  if (env !== undefined && !(env.k === 'handle' && env.what === undefined) && !(env.k === 'obj' && env.entries?.size === 0)) refuse(r, api, 'options');
  return { shell: viaShell };
}

const execShell = (api: string): Handler => (args, r) => {
  if (args.some((a) => a.spread)) refuse(r, api, 'value');
  const command = argument(args, 0);
  if (command?.k !== 'str') refuse(r, api, 'command');
  const opts = argument(args, 1);
  if (opts) processOptions(api, opts, r);
  r.touch({ kind: 'shell', command: command.s, api });
  return handle;
};

const execArgv = (api: string, prefix: string[] = []): Handler => (args, r) => {
  if (args.some((a) => a.spread)) refuse(r, api, 'value');
  const program = argument(args, 0);
  let rest = argument(args, 1);
  let opts = argument(args, 2);
  if (rest?.k === 'obj' || isCallback(rest)) { opts = rest; rest = undefined; }
  const file = program?.k === 'list' && api.startsWith('Bun') ? null : pathOf(program);
  const list = program?.k === 'list' ? argvOf(program) : file === null ? null : [file, ...(argvOf(rest) ?? ['\0'])];
  if (list === null || list.length === 0 || list.includes('\0')) refuse(r, api, 'command');
  const { shell } = opts ? processOptions(api, opts, r) : { shell: false };
  if (shell) r.touch({ kind: 'shell', command: list.join(' '), api });
  else r.touch({ kind: 'argv', argv: [...prefix, ...list], api });
  return handle;
};

function pure(fn: (...s: string[]) => string | null): Handler {
  return (args) => {
    const texts = args.map((a) => (a.name === null && !a.spread ? pathOf(a.value) : null));
    if (texts.some((t) => t === null)) return unknown;
    const out = fn(...(texts as string[]));
    return out === null ? unknown : { k: 'str', s: out };
  };
}

const fsSafe = words(`readFile readFileSync readdir readdirSync stat statSync lstat lstatSync fstat fstatSync existsSync exists access accessSync
  realpath realpathSync readlink readlinkSync createReadStream opendir opendirSync watch watchFile unwatchFile constants Dirent Stats close closeSync
  read readSync write writeSync writev writevSync fsync fsyncSync fdatasync fdatasyncSync ftruncate ftruncateSync glob globSync statfs statfsSync
  openAsBlob F_OK R_OK W_OK X_OK ReadStream WriteStream`);

const fsApi: Record<string, Handler> = {};
for (const sync of ['', 'Sync']) {
  Object.assign(fsApi, {
    [`writeFile${sync}`]: write(`fs.writeFile${sync}`), [`appendFile${sync}`]: write(`fs.appendFile${sync}`), [`truncate${sync}`]: write(`fs.truncate${sync}`),
    [`mkdir${sync}`]: write(`fs.mkdir${sync}`, 0, { content: false }),
    [`chmod${sync}`]: write(`fs.chmod${sync}`, 0, { content: false }), [`lchmod${sync}`]: write(`fs.lchmod${sync}`, 0, { content: false }),
    [`chown${sync}`]: write(`fs.chown${sync}`, 0, { content: false }), [`lchown${sync}`]: write(`fs.lchown${sync}`, 0, { content: false }),
    [`utimes${sync}`]: write(`fs.utimes${sync}`, 0, { content: false }), [`lutimes${sync}`]: write(`fs.lutimes${sync}`, 0, { content: false }),
    [`copyFile${sync}`]: write(`fs.copyFile${sync}`, 1), [`cp${sync}`]: write(`fs.cp${sync}`, 1, { recursive: true }),
    [`symlink${sync}`]: symlink(`fs.symlink${sync}`), [`link${sync}`]: link(`fs.link${sync}`), [`rename${sync}`]: move(`fs.rename${sync}`),
    [`rm${sync}`]: remove(`fs.rm${sync}`), [`rmdir${sync}`]: remove(`fs.rmdir${sync}`), [`unlink${sync}`]: remove(`fs.unlink${sync}`),
    [`mkdtemp${sync}`]: mkdtemp(`fs.mkdtemp${sync}`), [`open${sync}`]: open(`fs.open${sync}`),
  });
}
fsApi.createWriteStream = write('fs.createWriteStream');

const modules: Record<string, ModuleTable> = {
  fs: { safe: fsSafe, api: fsApi, modules: { promises: 'fs' } },
  'fs.constants': { safe: '*', api: {} },
  child_process: {
    safe: words('ChildProcess'),
    api: {
      exec: execShell('child_process.exec'), execSync: execShell('child_process.execSync'),
      execFile: execArgv('child_process.execFile'), execFileSync: execArgv('child_process.execFileSync'),
      spawn: execArgv('child_process.spawn'), spawnSync: execArgv('child_process.spawnSync'),
      fork: execArgv('child_process.fork', ['node']),
    },
  },
  path: {
    safe: '*',
    modules: { posix: 'path' },
    api: {
      join: pure((...s) => s.reduce((a, b) => joinPath(a, b), '')), resolve: pure((...s) => s.reduce((a, b) => joinPath(a, b), '')),
      normalize: pure((s) => s), dirname: pure((s) => (s.includes('/') ? s.slice(0, s.lastIndexOf('/')) || '/' : '.')),
      basename: pure((s) => s.slice(s.lastIndexOf('/') + 1)),
    },
  },
  os: { safe: '*', api: { tmpdir: (_a, r) => ({ k: 'str', s: r.anchors.tempDir }), homedir: (_a, r) => ({ k: 'str', s: r.anchors.home }) } },
  process: {
    safe: words(`argv env exit cwd platform pid ppid version versions arch stdout stderr stdin hrtime memoryUsage uptime nextTick on once off exitCode
      kill title release emitWarning execPath argv0 umask getuid geteuid getgid getegid features removeListener resourceUsage cpuUsage config exitCode`),
    api: {},
  },
  Deno: {
    safe: words(`cwd env args readTextFile readTextFileSync readFile readFileSync readDir readDirSync stat statSync lstat lstatSync realPath realPathSync
      exit pid ppid build version errors inspect stdin stdout stderr noColor execPath osRelease hostname memoryUsage serve listen connect resolveDns
      test bench`),
    api: {
      remove: remove('Deno.remove'), removeSync: remove('Deno.removeSync'),
      writeTextFile: write('Deno.writeTextFile'), writeTextFileSync: write('Deno.writeTextFileSync'),
      writeFile: write('Deno.writeFile'), writeFileSync: write('Deno.writeFileSync'),
      create: write('Deno.create'), createSync: write('Deno.createSync'), truncate: write('Deno.truncate'), truncateSync: write('Deno.truncateSync'),
      mkdir: write('Deno.mkdir', 0, { content: false }), mkdirSync: write('Deno.mkdirSync', 0, { content: false }),
      chmod: write('Deno.chmod', 0, { content: false }), chmodSync: write('Deno.chmodSync', 0, { content: false }),
      rename: move('Deno.rename'), renameSync: move('Deno.renameSync'), copyFile: write('Deno.copyFile', 1), copyFileSync: write('Deno.copyFileSync', 1),
      symlink: symlink('Deno.symlink'), symlinkSync: symlink('Deno.symlinkSync'), link: link('Deno.link'), linkSync: link('Deno.linkSync'),
      makeTempDir: (_a, r) => ({ k: 'str', s: r.freshPath() }), makeTempDirSync: (_a, r) => ({ k: 'str', s: r.freshPath() }),
      open: denoOpen('Deno.open'), openSync: denoOpen('Deno.openSync'),
      Command: (args, r) => {
        const program = pathOf(argument(args, 0));
        const opts = options('Deno.Command', argument(args, 1), r);
        if (opts.has('cwd')) refuse(r, 'Deno.Command', 'directory');
        const rest = argvOf(opts.get('args'));
        if (program === null || rest === null) refuse(r, 'Deno.Command', 'command');
        r.touch({ kind: 'argv', argv: [program, ...rest], api: 'Deno.Command' });
        return handle;
      },
      run: (args, r) => {
        const opts = options('Deno.run', argument(args, 0), r);
        if (opts.has('cwd')) refuse(r, 'Deno.run', 'directory');
        const argv = argvOf(opts.get('cmd'));
        if (!argv?.length) refuse(r, 'Deno.run', 'command');
        r.touch({ kind: 'argv', argv, api: 'Deno.run' });
        return handle;
      },
    },
  },
  Bun: {
    safe: words(`argv env version revision sleep sleepSync serve which hash password gzipSync gunzipSync inspect nanoseconds stdout stdin stderr main
      deepEquals`),
    api: {
      write: write('Bun.write'),
      file: (args, r) => ({ k: 'handle', what: `bunfile:${needPath('Bun.file', argument(args, 0), r)}` }),
      spawn: bunSpawn('Bun.spawn'), spawnSync: bunSpawn('Bun.spawnSync'),
      $: (args, r) => {
        const command = argument(args, 0);
        if (command?.k !== 'str') refuse(r, 'Bun.$', 'command');
        r.touch({ kind: 'shell', command: command.s, api: 'Bun.$' });
        return handle;
      },
    },
  },
  vm: { safe: new Set(), api: {} },
  worker_threads: { safe: words('isMainThread parentPort workerData threadId'), api: {} },
  module: { safe: new Set(), api: {} },
  globalThis: { safe: new Set(), api: {} },
  inspector: { safe: new Set(), api: {} },
};

function denoOpen(api: string): Handler {
  return (args, r) => {
    const path = needPath(api, argument(args, 0), r);
    const opts = options(api, argument(args, 1), r);
    if (['write', 'append', 'create', 'truncate', 'createNew'].some((k) => opts.has(k) && isTrue(opts.get(k)))) r.touch({ kind: 'write', path, api });
    return handle;
  };
}

function bunSpawn(api: string): Handler {
  return (args, r) => {
    let first = argument(args, 0);
    let opts = argument(args, 1);
    if (first?.k === 'obj') { opts = first; first = first.entries?.get('cmd'); }
    const argv = argvOf(first);
    if (!argv?.length) refuse(r, api, 'command');
    if (opts && options(api, opts, r).has('cwd')) refuse(r, api, 'directory');
    r.touch({ kind: 'argv', argv, api });
    return handle;
  };
}

/** Methods that write, remove or run when the receiver is `fs`, `child_process` or a shell library: on a receiver treeward cannot read, refused. */
const writerNames = new Set([
  ...['writeFile', 'appendFile', 'rename', 'rm', 'rmdir', 'unlink', 'copyFile', 'cp', 'symlink', 'truncate'].flatMap((n) => [n, `${n}Sync`]),
  'createWriteStream', 'openSync', 'linkSync', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'writeTextFile', 'writeTextFileSync',
]);
const refusedGlobals = words('Function eval globalThis global window self module __non_webpack_require__ WebAssembly');

function moduleValue(spec: string): Value {
  const name = spec.replace(/^node:/, '').replace(/^fs\/promises$/, 'fs');
  return modules[name] ? { k: 'mod', name } : unknown;
}

function member(object: Value, name: string, r: Reader): Value {
  if (name === 'constructor' || name === '__proto__' || name === 'prototype' || name === '__defineGetter__') refuse(r, `.${name}`, 'api');
  if (object.k === 'mod') {
    const table = modules[object.name];
    if (!table) return unknown;
    if (table.modules?.[name]) return { k: 'mod', name: table.modules[name]! };
    if (name in table.api || (object.name === 'fs' && (name === 'readFileSync' || name === 'readFile'))) return { k: 'fn', name: `${object.name}.${name}` };
    if (object.name === 'fs' && name === 'constants') return { k: 'mod', name: 'fs.constants' };
    if (object.name === 'fs.constants') return { k: 'fn', name: `fs.constants.${name}` };
    if (object.name === 'process' && name === 'chdir') refuse(r, 'process.chdir', 'directory');
    if (table.safe === '*' || table.safe.has(name)) return handle;
    refuse(r, `${object.name}.${name}`, 'api');
  }
  if (object.k === 'fn' && object.name === 'require') return handle;
  // `module.exports` is where a script's exports go; anything else of `module`, `globalThis` and kin reaches the loader
  if (object.k === 'fn' && object.name === 'module' && name === 'exports') return handle;
  if (object.k === 'fn' && refusedGlobals.has(object.name)) refuse(r, `${object.name}.${name}`, 'api');
  if (object.k === 'str' || object.k === 'num' || object.k === 'list' || object.k === 'obj' || object.k === 'const' || object.k === 'handle') return unknown;
  return { k: 'fn', name: `*.${name}` };
}

function call(callee: Value, args: Arg[], r: Reader): Value {
  if (callee.k === 'mod') refuse(r, callee.name, 'api');
  if (callee.k !== 'fn') return unknown;
  const name = callee.name;
  if (refusedGlobals.has(name)) {
    const code = argument(args, 0);
    if (name === 'eval' && code?.k === 'str') {
      r.readAll(tokenizeJavascript(code.s));
      return unknown;
    }
    if (name === 'eval' && code?.k === 'handle' && code.what?.startsWith('read:')) {
      r.touch({ kind: 'script', path: code.what.slice(5), api: 'eval' });
      return unknown;
    }
    refuse(r, `${name}()`, name === 'eval' || name === 'Function' ? 'code' : 'api');
  }
  if (name === 'require' || name === 'import') {
    const spec = argument(args, 0);
    if (spec?.k !== 'str') refuse(r, `${name}()`, 'name');
    r.touch({ kind: 'module', name: spec.s, api: `${name}()` });
    return moduleValue(spec.s);
  }
  if (name.startsWith('*.')) {
    if (writerNames.has(name.slice(2))) refuse(r, `.${name.slice(2)}()`, 'api');
    return unknown;
  }
  if (name === 'fs.readFileSync' || name === 'fs.readFile') {
    const p = pathOf(argument(args, 0));
    return p === null ? unknown : { k: 'handle', what: `read:${p}` };
  }
  const dot = name.lastIndexOf('.');
  const handler = modules[name.slice(0, dot)]?.api[name.slice(dot + 1)];
  if (handler) return handler(args, r);
  return unknown;
}

function escapes(value: Value): string | null {
  if (value.k === 'mod' && modules[value.name] && modules[value.name]!.safe !== '*' && value.name !== 'process') return value.name;
  if (value.k === 'fn') {
    if (value.name.startsWith('*.')) return writerNames.has(value.name.slice(2)) ? `.${value.name.slice(2)}` : null;
    if (value.name.startsWith('fs.constants.') || value.name.startsWith('path.') || value.name.startsWith('os.')) return null;
    if (value.name === 'fs.readFileSync' || value.name === 'fs.readFile') return null;
    return value.name;
  }
  return null;
}

/** `const x = …`, `let { a: b } = …`, `var [x] = …`: the names bound, with what they hold. */
function declaration(i: number, r: Reader): number {
  let j = i;
  while (j < r.tokens.length) {
    const t = r.at(j);
    if (t?.k === 'name' && !keywords.has(t.t)) {
      j++;
      if (r.is(j, ':')) j = skipType(j + 1, r);
      if (!r.is(j, '=')) { if (r.is(j, ',')) { j++; continue; } return j; }
      const e = r.expression(j + 1, new Set([';']), true);
      r.bind(t.t, e.value);
      j = e.next;
    }
    else if (r.is(j, '{') || r.is(j, '[')) {
      const pattern = readPattern(j, r);
      if (!r.is(pattern.next, '=')) return pattern.next;
      const e = r.expression(pattern.next + 1, new Set([';']), true);
      if (e.value.k === 'mod' || e.value.k === 'fn') {
        if (pattern.entries === null || r.is(j, '[')) refuse(r, e.value.name, 'value');
        for (const [key, alias] of pattern.entries) r.bind(alias, member(e.value, key, r));
      }
      j = e.next;
    }
    else return j;
    if (!r.is(j, ',')) return j;
    j++;
  }
  return j;
}

/** A type annotation after `:`, up to `=`, `,` or `;` at its depth. */
function skipType(i: number, r: Reader): number {
  let depth = 0;
  let j = i;
  while (j < r.tokens.length) {
    const t = r.at(j)!;
    if (t.k === 'op' && ['(', '[', '{', '<'].includes(t.t)) depth++;
    else if (t.k === 'op' && [')', ']', '}', '>'].includes(t.t)) depth--;
    else if (depth === 0 && t.k === 'op' && ['=', ',', ';'].includes(t.t)) return j;
    if (depth < 0) return j;
    j++;
  }
  return j;
}

/** `{ a, b: c, d = 1 }` from its `{`: key → the name it binds; null when it holds a rest or a nested pattern. */
function readPattern(i: number, r: Reader): { entries: [string, string][] | null; next: number } {
  const close = r.is(i, '{') ? '}' : ']';
  const entries: [string, string][] = [];
  let ok = close === '}';
  let j = i + 1;
  let depth = 0;
  while (j < r.tokens.length && !(depth === 0 && r.is(j, close))) {
    const t = r.at(j)!;
    if (t.k === 'op' && ['(', '[', '{'].includes(t.t)) { depth++; ok = false; }
    else if (t.k === 'op' && [')', ']', '}'].includes(t.t)) depth--;
    else if (depth === 0 && t.k === 'op' && t.t === '...') ok = false;
    else if (depth === 0 && (t.k === 'name' || t.k === 'str') && (r.is(j - 1, '{') || r.is(j - 1, ',')) && j > i) {
      const key = t.k === 'str' ? t.v ?? '' : t.t;
      if (r.is(j + 1, ':') && r.at(j + 2)?.k === 'name') { entries.push([key, r.at(j + 2)!.t]); j += 3; continue; }
      if (r.is(j + 1, ':')) ok = false;
      else entries.push([key, key]);
    }
    j++;
  }
  return { entries: ok ? entries : null, next: j + 1 };
}

/** `import x from 'm'`, `import * as x from 'm'`, `import { a as b } from 'm'`, `import 'm'`. */
function importDeclaration(i: number, r: Reader): number {
  let j = i;
  if (r.is(j, 'type')) j++;
  const names: { key: string | null; alias: string }[] = [];
  while (j < r.tokens.length && !r.is(j, 'from') && r.at(j)?.k !== 'str') {
    const t = r.at(j)!;
    if (t.t === '*' && r.is(j + 1, 'as')) { names.push({ key: null, alias: r.at(j + 2)?.t ?? '' }); j += 3; continue; }
    if (t.t === '{') {
      j++;
      while (j < r.tokens.length && !r.is(j, '}')) {
        const key = r.at(j)!;
        if (key.k === 'name' || key.k === 'str') {
          const k = key.k === 'str' ? key.v ?? '' : key.t;
          if (r.is(j + 1, 'as')) { names.push({ key: k, alias: r.at(j + 2)?.t ?? '' }); j += 3; continue; }
          if (k !== 'type') names.push({ key: k, alias: k });
        }
        j++;
      }
      j++;
      continue;
    }
    if (t.k === 'name' && !keywords.has(t.t)) names.push({ key: null, alias: t.t });
    j++;
  }
  if (r.is(j, 'from')) j++;
  const spec = r.at(j);
  if (spec?.k !== 'str' || typeof spec.v !== 'string') refuse(r, 'import', 'name');
  r.touch({ kind: 'module', name: spec.v, api: 'import' });
  const module = moduleValue(spec.v);
  for (const { key, alias } of names) r.bind(alias, key === null || module.k !== 'mod' ? module : member(module, key, r));
  return j + 1;
}

function statement(i: number, r: Reader): number | null {
  const t = r.at(i)!;
  if (t.k !== 'name' || r.is(i - 1, '.') || r.is(i - 1, '?.')) return null;
  if (t.t === 'const' || t.t === 'let' || t.t === 'var') return declaration(i + 1, r);
  if (t.t === 'import' && !r.is(i + 1, '(') && !r.is(i + 1, '.')) return importDeclaration(i + 1, r);
  if (t.t === 'with' && r.is(i + 1, '(')) refuse(r, 'with', 'code');
  return null;
}

const javascript: Language = {
  keywords,
  global(name) {
    if (['true', 'false', 'null', 'undefined'].includes(name)) return { k: 'const', t: name };
    if (name === 'require' || name === 'import' || refusedGlobals.has(name)) return { k: 'fn', name };
    if (name === 'process' || name === 'Deno' || name === 'Bun') return { k: 'mod', name };
    return undefined;
  },
  member,
  call,
  statement,
  escapes(value) {
    if (value.k === 'fn' && (value.name === 'require' || refusedGlobals.has(value.name))) return value.name;
    return escapes(value);
  },
  takesValues: () => false,
  newlineEnds: false,
  taggedTemplates: true,
};

/** How many times each name is bound: declared, assigned, a parameter, imported, a loop variable. */
function countBindings(tokens: Token[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  const match = new Map<number, number>();
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t.k === 'op' && '([{'.includes(t.t)) stack.push(i);
    if (t.k === 'op' && ')]}'.includes(t.t) && stack.length) { const o = stack.pop()!; match.set(o, i); match.set(i, o); }
  });
  /** Ranges whose names are all bindings: parameter lists and declaration patterns. */
  const ranges: [number, number][] = [];
  tokens.forEach((t, i) => {
    const end = match.get(i);
    if (t.k !== 'op' || end === undefined || end < i) return;
    const prev = tokens[i - 1];
    const before = tokens[i - 2];
    const params = t.t === '(' && (prev?.t === 'function' || before?.t === 'function' || ['=>', '{'].includes(tokens[end + 1]?.t ?? '') ||
      tokens[end + 1]?.t === ':');
    const pattern = (t.t === '{' || t.t === '[') && (prev?.t === 'const' || prev?.t === 'let' || prev?.t === 'var' || prev?.t === 'import' || prev?.t === ',');
    if (params || pattern) ranges.push([i, end]);
  });
  const depth = new Array<number>(tokens.length + 1).fill(0);
  for (const [a, b] of ranges) { depth[a + 1]!++; depth[b]!--; }
  for (let i = 1; i <= tokens.length; i++) depth[i]! += depth[i - 1]!;
  const inRange = (i: number) => depth[i]! > 0;
  tokens.forEach((t, i) => {
    if (t.k !== 'name' || keywords.has(t.t) || tokens[i - 1]?.t === '.' || tokens[i - 1]?.t === '?.') return;
    const next = tokens[i + 1]?.t ?? '';
    const prev = tokens[i - 1]?.t ?? '';
    if (/^(=|[-+*/%&|^]=|\*\*=|<<=|>>=|>>>=|&&=|\|\|=|\?\?=|\+\+|--|=>)$/.test(next) && tokens[i + 1]?.k === 'op') add(t.t);
    else if (['const', 'let', 'var', 'function', 'class', '++', '--', 'as', 'import'].includes(prev)) add(t.t);
    else if ((next === 'of' || next === 'in') && prev === '(') add(t.t);
    else if (inRange(i)) add(t.t);
  });
  return counts;
}

/** JavaScript's in-place changes: array methods, and the functions that change an object they are given (Object.assign, Reflect.set). */
const inPlace: InPlaceSpelling = {
  changers: new Set('push pop shift unshift splice sort reverse fill copyWithin assign set defineProperty defineProperties setPrototypeOf deleteProperty'.split(' ')),
  modules: new Set(['fs', 'fsp', 'promises', 'path', 'process', 'child_process', 'cp', 'os']),
  augmentedChanges: false,
};

/** What a JavaScript or TypeScript program touches, or what treeward could not read in it. */
export function readJavascript(code: string, anchors: Anchors): InlineReading {
  return readInline(code, anchors, tokenizeJavascript, javascript, (tokens) => unfixIfChangedInPlace(tokens, countBindings(tokens), inPlace));
}
