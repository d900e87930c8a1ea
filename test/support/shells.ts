// A lean real-shell runner for treeward's tests: runs many command lines
// through bash, sh (dash) and zsh inside ONE bubblewrap sandbox per batch (at
// most two in parallel), and reports, per line, the shell's own `-n` verdict
// and, if asked, what running the line really did: the calls of logging stub
// commands and the changes to a scratch file tree.
//
// Inside the sandbox `sandbox/driver.pl` is PID 1 and loops over the cases;
// `sandbox/stub.pl` stands in for every command on PATH (log-only: rm, mv, git,
// node, ...; pass-through: cat, echo, sed, env, sh, ...). The sandbox has new
// user/pid/net/ipc/uts/mount namespaces, no network, read-only /usr and /etc,
// and only /lab and /tmp (tmpfs of 256 MiB each; files up to 8 MiB) writable, the lab laid out per case as
//   /lab/work      cwd           /lab/home   HOME      /lab/outside
// (outside /tmp, since /tmp is a temp dir to the approver on every platform, SPEC §3 Inputs)
// Environment: PATH=/tw/bin HOME=/lab/home LANG=C.UTF-8 USER=LOGNAME=lab
// (plus a case's own `env`), stdin /dev/null. Paths in results are relative to the work dir (`sub/x`,
// `../outside/f`); anything else is absolute (`/tmp/x`).
//
// Self-contained: needs bwrap, perl, bash, dash and zsh on the host, nothing
// from outside this repository.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { bashPosix, type Dialect, type DialectName } from '../../src/syntax/dialect.js';

/** `bash-posix`: sh as bash in POSIX mode reads it, run as `bash --posix` (/bin/sh on macOS, Fedora, RHEL and Arch). */
export type ShellName = 'bash' | 'sh' | 'zsh' | 'bash-posix';

/**
 * How treeward is told to read a line the runner's shell runs: the dialect
 * for parse() (the table's column), and approve()'s `dialect` and `sh` (the
 * one `/bin/sh` the shell is: sh is dash here, `bash-posix` bash in POSIX mode).
 */
export const treewardReadingOf: Readonly<Record<ShellName, { parse: DialectName | Dialect; dialect: DialectName; sh?: 'dash' | 'bash' }>> = {
  bash: { parse: 'bash', dialect: 'bash' },
  sh: { parse: 'sh', dialect: 'sh', sh: 'dash' },
  zsh: { parse: 'zsh', dialect: 'zsh' },
  'bash-posix': { parse: bashPosix, dialect: 'sh', sh: 'bash' },
};

/** The shells to run a line in that is written for `dialects`: sh in dash and in `bash --posix` both (SPEC §1 `--shell sh`). */
export function everyShellOf(dialects: readonly ShellName[]): ShellName[] {
  return dialects.flatMap((d) => (d === 'sh' && !dialects.includes('bash-posix') ? ['sh', 'bash-posix'] as const : [d]));
}

/** approve()'s options for a line the shell runs (`dialect`, and `sh` where it is sh). */
export function readAs(shell: ShellName): { dialect: DialectName; sh?: 'dash' | 'bash' } {
  const { dialect, sh } = treewardReadingOf[shell];
  return sh === undefined ? { dialect } : { dialect, sh };
}

/** A layout entry: file content, `{content, mode}`, `{symlink}`, or a directory (`{}`, `null`, or a key ending in `/`). */
export type Entry = string | null | { content: string; mode?: string } | { symlink: string } | { mode?: string } | Record<string, never>;

/** The scratch tree of a case; `@WORK`, `@HOME`, `@OUTSIDE` in contents and link targets expand to the sandbox paths. */
export interface Layout {
  work?: Record<string, Entry>;
  home?: Record<string, Entry>;
  outside?: Record<string, Entry>;
}

export interface FsEntry {
  path: string;
  type: string;
  size?: number;
  content?: string;
  target?: string;
  /** For modified entries: `content`, `mtime` (opened for writing, same bytes), `mode`, `type`, `target`. */
  changes?: string[];
  before?: string;
}

export interface Call {
  argv: string[];
  cwd: string;
  /** Present when the stub was reached by a path other than /tw/bin/NAME (`/usr/bin/rm`). */
  path?: string;
  /** A pass-through shim: the real program ran after logging. */
  pass?: boolean;
  /** fds 0-2, present unless they were /dev/null, the shell's stdout and stderr. */
  fd?: string[];
  stdin?: string;
  /** Variables that change how a program reads its argv or names its backups (`POSIXLY_CORRECT`, `VERSION_CONTROL`, `SIMPLE_BACKUP_SUFFIX`), when set. */
  env?: Record<string, string>;
}

export interface RunResult {
  exit: number | null;
  signal: number | null;
  timedOut: boolean;
  /** The shell finished but background jobs had to be killed at the timeout. */
  killedBackground: boolean;
  calls: Call[];
  created: FsEntry[];
  modified: FsEntry[];
  deleted: FsEntry[];
  stdout: string;
  stderr: string;
}

export interface LineResult {
  /** The shell's `-n` verdict, counted as ../shared/corpus/parser/README.md does. */
  parses: boolean;
  parseStatus: number | null;
  parseTimedOut: boolean;
  parseStderr: string;
  ran?: RunResult;
  /** Set when the sandbox failed before reporting this case. */
  error?: string;
  /** Time the case took inside the sandbox (layout, parse check, run), to 10 ms. */
  ms?: number;
}

export interface Case {
  id: string;
  shell: ShellName;
  command: string;
  layout?: Layout;
  /** Also run the line (`SHELL -c LINE`), not only `SHELL -n -c LINE`. */
  run?: boolean;
  /** Extra options for bash, before `-n`/`-c` (e.g. `['-O', 'extglob']`). */
  bashArgs?: string[];
  /** Variables added to (or replacing) the sandbox's environment for this case's shells. */
  env?: Record<string, string>;
  /** Skip the `-n` parse check (default: run it); the result's `parses` is then false. */
  parseCheck?: boolean;
}

export interface RunOptions {
  /** Per-line limit (parse check and run each), background jobs included; whole seconds. Default 2. */
  timeoutSec?: number;
  /** Parallel sandboxes, 1 or 2 (default 2; a batch under `splitAt` cases always uses one). */
  jobs?: number;
  /** Smallest batch split across two sandboxes. Default 40. */
  splitAt?: number;
  /** Called as each result streams in. */
  onResult?: (id: string, result: LineResult) => void;
  /** Log-only stub names to let run for real (e.g. `['mkdir', 'touch']`). */
  real?: string[];
}

export const IN_WORK = '/lab/work';
export const IN_HOME = '/lab/home';
export const IN_OUTSIDE = '/lab/outside';

export const SHELL_BINS: Record<ShellName, string> = { bash: '/usr/bin/bash', sh: '/usr/bin/dash', zsh: '/usr/bin/zsh', 'bash-posix': '/usr/bin/bash' };

/** The scratch tree the oracle calls `default`. */
export const defaultLayout: Layout = {
  work: {
    'a.txt': 'a\n',
    'b.txt': 'b\n',
    '.hidden': 'hidden\n',
    'sub/x.txt': 'x\n',
    'build/out.o': 'obj\n',
    'build/.git/HEAD': 'ref: refs/heads/main\n',
    'build/.cache': 'cache\n',
    'build/ext': { symlink: '@OUTSIDE/precious' },
    linkbuild: { symlink: '@OUTSIDE/proj' },
    'script.sh': 'rm from_script\n',
  },
  home: { '.keep': 'home\n' },
  outside: {
    'precious/keep.txt': 'keep\n',
    'proj/main.c': 'int main(){}\n',
    'proj/.env': 'SECRET=1\n',
  },
};

// "log": record argv, exit 0, do nothing else. "pass": record argv, then exec the real program.
export const LOG_ONLY = `rm rmdir unlink mv cp ln link mkdir mkfifo mknod touch tee install chmod chown chgrp
  chattr truncate dd shred fallocate rsync scp sftp curl wget git node npm npx yarn pnpm bun deno
  python python3 pip pip3 uv perl ruby php lua claude codex gemini aider cursor find fd locate
  sudo su doas pkexec ssh make cmake cargo rustc go gcc cc clang docker podman kubectl gh
  tar zip unzip gzip gunzip bzip2 xz unxz zstd 7z sqlite3 psql mysql redis-cli kill pkill killall
  shutdown reboot systemctl service crontab at nc netcat ncat socat telnet ftp open xdg-open patch
  mount umount chroot busybox vim vi nano emacs code osascript launchctl brew apt apt-get dpkg
  mkfs fdisk parted wipefs losetup setfacl setfattr rename split csplit pager less more`.split(/\s+/).filter(Boolean);
export const PASS = `sh bash dash zsh env xargs nice nohup timeout stdbuf cat ls echo printf
  true false sleep head tail wc sort uniq tr cut grep egrep fgrep sed awk mawk gawk basename dirname
  pwd date id uname whoami printenv readlink realpath stat test [ expr seq yes tac rev diff cmp comm
  od base64 md5sum sha1sum sha256sum which nl paste join fold fmt du df hostname tty getconf
  mktemp iconv cksum hexdump xxd column time setsid flock ionice chrt taskset`.split(/\s+/).filter(Boolean);

const SANDBOX_SRC = fileURLToPath(new URL('./sandbox/', import.meta.url));
/** The bubblewrap binary (`TREEWARD_BWRAP` overrides, e.g. to check the no-sandbox path). */
const BWRAP = process.env.TREEWARD_BWRAP || 'bwrap';

// ---------------------------------------------------------------- availability

export interface SandboxStatus {
  available: boolean;
  reason: string;
}

let statusCache: SandboxStatus | null = null;
/** bwrap ≥ 0.7 can cap a tmpfs (`--size`). */
let tmpfsSize = false;

/** Can a sandbox start here, with bash, dash, zsh and perl? Probed once (runs `true` in bwrap). */
export function sandboxStatus(): SandboxStatus {
  if (statusCache) return statusCache;
  const missing = [...Object.values(SHELL_BINS), '/usr/bin/perl'].filter((p) => !fs.existsSync(p));
  if (missing.length) return (statusCache = { available: false, reason: `missing ${missing.join(', ')}` });
  const r = spawnSync(BWRAP, [
    '--unshare-all', '--die-with-parent', '--as-pid-1', '--uid', '1000', '--gid', '1000',
    '--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib',
    '--symlink', 'usr/lib64', '/lib64', '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp',
    '/usr/bin/perl', '-e', 'exit 0',
  ], { encoding: 'utf8', timeout: 20_000 });
  if (r.error) return (statusCache = { available: false, reason: `bwrap: ${r.error.message}` });
  if (r.status !== 0) return (statusCache = { available: false, reason: `bwrap exited ${r.status}: ${(r.stderr || '').trim()}` });
  tmpfsSize = /--size\b/.test(spawnSync(BWRAP, ['--help'], { encoding: 'utf8' }).stdout ?? '');
  return (statusCache = { available: true, reason: 'ok' });
}

export function sandboxAvailable(): boolean {
  return sandboxStatus().available;
}

/**
 * For a test file: true when real-shell tests can run. Without a sandbox it
 * throws when `CI` is set (the tests must fail, not skip), and otherwise prints
 * a visible notice and returns false so the caller can skip.
 */
export function requireSandbox(what: string): boolean {
  const s = sandboxStatus();
  if (s.available) return true;
  const msg = `${what}: the real-shell sandbox cannot start (${s.reason}); needs bubblewrap, perl, bash, dash and zsh`;
  if (process.env.CI) throw new Error(msg);
  console.warn(`\n*** SKIPPED ${msg} ***\n`);
  return false;
}

// ---------------------------------------------------------------- session (shared host files)

interface Session {
  root: string;
  bin: string;
  /** Executable copies of sandbox/stub.pl and sandbox/driver.pl. */
  sbx: string;
  cover: string[];
  n: number;
}

/** Host files for one runLines call (removed when it ends: test workers may not run exit hooks). */
function session(real: string[]): Session {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'treeward-shells-'));
  const bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  const realSet = new Set(real);
  const passSet = new Set([...PASS, ...real]);
  for (const n of LOG_ONLY) if (!realSet.has(n)) fs.symlinkSync('/tw/shim/log', path.join(bin, n));
  for (const n of passSet) if (!fs.existsSync(path.join(bin, n))) fs.symlinkSync('/tw/shim/pass', path.join(bin, n));
  fs.writeFileSync(path.join(root, 'passwd'),
    'root:x:0:0:root:/root:/bin/sh\nlab:x:1000:1000:lab:/lab/home:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n');
  fs.writeFileSync(path.join(root, 'group'), 'root:x:0:\nlab:x:1000:\nnogroup:x:65534:\n');
  // Cover the real binaries of log-only names, so /bin/rm, `env -i rm` and
  // `PATH=/usr/bin rm` reach the stub too; never the pass-through programs or shells.
  const rp = (p: string) => { try { return fs.realpathSync(p); } catch { return null; } };
  const dirs = ['/usr/local/bin', '/usr/bin', '/usr/sbin'];
  const protect = new Set<string>();
  for (const n of passSet) for (const d of dirs) { const r = rp(path.join(d, n)); if (r) protect.add(r); }
  for (const b of Object.values(SHELL_BINS)) { const r = rp(b); if (r) protect.add(r); }
  const cover = new Set<string>();
  for (const n of LOG_ONLY) {
    if (realSet.has(n)) continue;
    for (const d of dirs) {
      const r = rp(path.join(d, n));
      if (r && r.startsWith('/usr/') && !protect.has(r) && fs.statSync(r).isFile()) cover.add(r);
    }
  }
  // Copies of the sandbox scripts with the exec bit set (a checkout need not keep it).
  const sbx = path.join(root, 'sbx');
  fs.mkdirSync(sbx);
  for (const f of ['stub.pl', 'driver.pl']) {
    fs.copyFileSync(path.join(SANDBOX_SRC, f), path.join(sbx, f));
    fs.chmodSync(path.join(sbx, f), 0o755);
  }
  return { root, bin, sbx, cover: [...cover].sort(), n: 0 };
}

function bwrapArgs(S: Session, R: string): string[] {
  const a = [
    '--unshare-all', '--die-with-parent', '--as-pid-1', '--uid', '1000', '--gid', '1000', '--hostname', 'lab',
    '--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib',
    '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/sbin', '/sbin',
    '--ro-bind', '/etc', '/etc',
    '--ro-bind', path.join(S.root, 'passwd'), '/etc/passwd', '--ro-bind', path.join(S.root, 'group'), '/etc/group',
    '--dev', '/dev', '--proc', '/proc',
    '--perms', '1777', ...(tmpfsSize ? ['--size', String(256 << 20)] : []), '--tmpfs', '/tmp',
    '--perms', '1777', ...(tmpfsSize ? ['--size', String(256 << 20)] : []), '--tmpfs', '/lab',
    '--dir', '/tw', '--ro-bind', '/usr/bin/perl', '/tw/perl',
    '--ro-bind', path.join(S.sbx, 'stub.pl'), '/tw/shim/log',
    '--ro-bind', path.join(S.sbx, 'stub.pl'), '/tw/shim/pass',
    '--ro-bind', path.join(S.sbx, 'driver.pl'), '/tw/driver.pl',
    '--ro-bind', S.bin, '/tw/bin',
    '--ro-bind', path.join(R, 'cases'), '/tw/cases',
    '--tmpfs', '/tw/io', '--tmpfs', '/tw/log',
  ];
  for (const c of S.cover) a.push('--ro-bind', path.join(S.sbx, 'stub.pl'), c);
  a.push('--clearenv', '--setenv', 'PATH', '/tw/bin', '--setenv', 'HOME', IN_HOME, '--setenv', 'LANG', 'C.UTF-8',
    '--setenv', 'USER', 'lab', '--setenv', 'LOGNAME', 'lab', '--chdir', '/tmp',
    '/tw/perl', '/tw/driver.pl');
  return a;
}

// ---------------------------------------------------------------- case encoding

const expandTokens = (s: string) => s.replace(/@WORK/g, IN_WORK).replace(/@HOME/g, IN_HOME).replace(/@OUTSIDE/g, IN_OUTSIDE);

function layoutOps(layout: Layout | undefined): [string, string][] {
  const ops: [string, string][] = [];
  const areas: [keyof Layout, string][] = [['work', IN_WORK], ['home', IN_HOME], ['outside', IN_OUTSIDE]];
  for (const [area, base] of areas) {
    for (const [key, v] of Object.entries(layout?.[area] ?? {})) {
      const rel = key.replace(/\/+$/, '');
      if (!rel || rel.startsWith('/') || rel.split('/').some((p) => p === '..')) throw new Error(`bad layout path ${area}/${key}`);
      const p = `${base}/${rel}`;
      if (key.endsWith('/') || v === null || (typeof v === 'object' && !('symlink' in v) && !('content' in v))) {
        ops.push(['d', p]);
        const mode = v && typeof v === 'object' && 'mode' in v ? v.mode : undefined;
        if (mode) ops.push(['m', `${p}\0${mode}`]);
      } else if (typeof v === 'string') {
        ops.push(['f', `${p}\0${expandTokens(v)}`]);
      } else if ('symlink' in v) {
        ops.push(['l', `${p}\0${expandTokens(v.symlink)}`]);
      } else {
        ops.push(['f', `${p}\0${expandTokens(v.content)}`]);
        if (v.mode) ops.push(['m', `${p}\0${v.mode}`]);
      }
    }
  }
  return ops;
}

function shellArgv(c: Case, extra: string[]): string[] {
  const pre = c.shell === 'bash' ? (c.bashArgs ?? []) : c.shell === 'bash-posix' ? ['--posix', ...(c.bashArgs ?? [])] : [];
  return [SHELL_BINS[c.shell], ...pre, ...extra, '-c', c.command];
}

function encodeCases(cases: Case[], timeoutSec: number): Buffer {
  const chunks: Buffer[] = [];
  const field = (k: string, v: string) => {
    const b = Buffer.from(v, 'utf8');
    chunks.push(Buffer.from(`${k} ${b.length}\n`), b, Buffer.from('\n'));
  };
  for (const c of cases) {
    field('id', c.id);
    field('timeout', String(timeoutSec));
    for (const [k, v] of layoutOps(c.layout)) field(k, v);
    for (const [k, v] of Object.entries(c.env ?? {})) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) || v.includes('\0')) throw new Error(`bad environment variable ${k} in case ${c.id}`);
      field('e', `${k}\0${v}`);
    }
    if (c.parseCheck !== false) for (const a of shellArgv(c, ['-n'])) field('p', a);
    if (c.run) for (const a of shellArgv(c, [])) field('r', a);
    field('end', '');
  }
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------- decoding

/** A stderr line that is not a warning (bash warns about here-documents ended by end-of-file). */
function errorLines(stderr: string): string[] {
  // a here-document warning quotes its delimiter, which may hold a newline: drop it whole
  const withoutWarnings = stderr.replace(/[^\n]*\bwarning: here-document[^\n]*\(wanted `[\s\S]*?'\)/g, '');
  return withoutWarnings.split('\n').filter((l) => l.trim() !== '' && !/\bwarning:/i.test(l));
}

// Shells' own temp files (here-documents, zsh `=( )`) have random names.
export function normTemp(s: string): string {
  return s.replace(/\/tmp\/(zsh|sh-thd\.|sh)[A-Za-z0-9]{6,}(\.tmp)?/g, '/tmp/$1XXXXXX$2');
}

// Timings differ from run to run.
function normTimes(s: string): string {
  return s.replace(/^\d+[.,]\d+user \d+[.,]\d+system \S+elapsed \S+CPU \(.*\n.*pagefaults \d+swaps$/gm, '<GNU time report>')
    .replace(/\b\d+m\d+[.,]\d+s\b/g, '<T>').replace(/\b\d+[.,]\d+s\b/g, '<T>')
    .replace(/\b\d+% cpu\b/g, '<N>% cpu').replace(/\b\d+[.,]\d+ total\b/g, '<T> total');
}

function relInside(abs: string): string {
  if (abs === IN_WORK) return '.';
  if (abs.startsWith(IN_WORK + '/')) return abs.slice(IN_WORK.length + 1);
  if (abs === '/lab' || abs.startsWith('/lab/')) return path.posix.relative(IN_WORK, abs);
  return abs;
}

function normFd(f: string): string {
  if (f === '/tw/io/run.out') return 'STDOUT';
  if (f === '/tw/io/run.err') return 'STDERR';
  const del = f.endsWith(' (deleted)') ? ' (deleted)' : '';
  const p = normTemp(f.slice(0, f.length - del.length));
  return relInside(p) + del;
}

interface RawRun {
  status: number | null;
  signal: number | null;
  timed_out: boolean;
  killed_background: boolean;
  stdout: string;
  stderr: string;
  calls?: string;
  error?: string;
}
interface RawResult {
  id: string;
  parse: RawRun | null;
  run: RawRun | null;
  fs: { created: FsEntry[]; modified: FsEntry[]; deleted: FsEntry[] } | null;
  ms?: number;
}

function decodeCalls(log: string): Call[] {
  const calls: Call[] = [];
  for (const line of log.split('\n')) {
    if (!line) continue;
    let c: { cmd: string; path: string; argv: string[]; cwd: string; fd: string[]; mode: string; stdin?: string; env?: Record<string, string> };
    try { c = JSON.parse(line); } catch { calls.push({ argv: ['<unparsable log line>', line], cwd: '?' }); continue; }
    const e: Call = { argv: c.argv.map(normTemp), cwd: relInside(c.cwd) };
    if (c.path !== `/tw/bin/${c.cmd}`) e.path = c.path;
    if (c.mode === 'pass') e.pass = true;
    const fds = c.fd.map(normFd);
    if (fds[0] !== '/dev/null' || fds[1] !== 'STDOUT' || fds[2] !== 'STDERR') e.fd = fds;
    if ('stdin' in c) e.stdin = c.stdin;
    if (c.env) e.env = c.env;
    calls.push(e);
  }
  return calls;
}

function decode(c: Case, r: RawResult): LineResult {
  const p = r.parse;
  const out: LineResult = { parses: false, parseStatus: null, parseTimedOut: false, parseStderr: '' };
  if (r.ms != null) out.ms = r.ms;
  if (!p && c.parseCheck !== false) return { ...out, error: 'no parse result' };
  if (p) {
    out.parseStatus = p.status;
    out.parseTimedOut = p.timed_out;
    out.parseStderr = normTemp(p.stderr);
    const msgs = errorLines(p.stderr);
    // zsh -n exits 1 silently on `! cmd` (the negated status of the command it
    // did not run): for zsh only a message counts as a rejection.
    out.parses = !p.timed_out && p.signal == null && msgs.length === 0 && (c.shell === 'zsh' || p.status === 0);
    if (p.error) out.error = p.error;
  }
  if (r.run && r.fs) {
    out.ran = {
      exit: r.run.status,
      signal: r.run.signal,
      timedOut: r.run.timed_out,
      killedBackground: r.run.killed_background,
      calls: decodeCalls(r.run.calls ?? ''),
      created: r.fs.created.map(normEntry),
      modified: r.fs.modified.map(normEntry),
      deleted: r.fs.deleted.map(normEntry),
      stdout: normTemp(r.run.stdout),
      stderr: normTemp(normTimes(r.run.stderr)),
    };
    if (r.run.error) out.error = r.run.error;
  }
  return out;
}

const normEntry = (e: FsEntry): FsEntry => ({ ...e, path: normTemp(e.path) });

// ---------------------------------------------------------------- running a batch

async function runSandbox(S: Session, cases: Case[], timeoutSec: number, onResult: (id: string, r: LineResult) => void): Promise<void> {
  const R = path.join(S.root, `run${++S.n}`);
  fs.mkdirSync(R, { recursive: true });
  fs.writeFileSync(path.join(R, 'cases'), encodeCases(cases, timeoutSec));
  const byId = new Map(cases.map((c) => [c.id, c]));
  const args = bwrapArgs(S, R);
  const usePrlimit = fs.existsSync('/usr/bin/prlimit');
  const [cmd, argv] = usePrlimit ? ['/usr/bin/prlimit', ['--fsize=8388608', '--', BWRAP, ...args]] : [BWRAP, args];
  const child = spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => { if (stderr.length < 20_000) stderr += d; });
  // A hard limit for the whole batch: every case can take two timeouts.
  const limitMs = (cases.length * (2 * timeoutSec + 1) + 30) * 1000;
  const killer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const seen = new Set<string>();
  let done = false;
  const rl = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  for await (const line of rl) {
    if (!line) continue;
    const raw = JSON.parse(line) as RawResult & { done?: boolean };
    if (raw.done) { done = true; continue; }
    const c = byId.get(raw.id);
    if (!c) continue;
    seen.add(raw.id);
    onResult(raw.id, decode(c, raw));
  }
  const code = await closed;
  clearTimeout(killer);
  if (!done) {
    const why = `sandbox ended early (exit ${code}): ${stderr.trim().slice(0, 2000)}`;
    for (const c of cases) {
      if (!seen.has(c.id)) onResult(c.id, { parses: false, parseStatus: null, parseTimedOut: false, parseStderr: '', error: why });
    }
  }
}

/**
 * Run every case (parse check, and the line itself when `run` is set) and
 * collect the results by id. Cases run one after another in one sandbox; a
 * batch of at least `splitAt` cases is dealt across two sandboxes.
 */
export async function runLines(cases: Case[], opts: RunOptions = {}): Promise<Map<string, LineResult>> {
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`duplicate case id ${c.id}`);
    ids.add(c.id);
    if (!SHELL_BINS[c.shell]) throw new Error(`unknown shell ${String(c.shell)} in case ${c.id}`);
  }
  const results = new Map<string, LineResult>();
  if (!cases.length) return results;
  const st = sandboxStatus();
  if (!st.available) throw new Error(`real-shell sandbox unavailable: ${st.reason}`);
  const timeoutSec = Math.max(1, Math.ceil(opts.timeoutSec ?? 2));
  const jobs = Math.min(2, Math.max(1, opts.jobs ?? 2));
  const splitAt = opts.splitAt ?? 40;
  const parts: Case[][] = jobs === 2 && cases.length >= splitAt ? [[], []] : [[]];
  // Deal alternately so both halves get a similar mix of slow and fast cases.
  cases.forEach((c, i) => parts[i % parts.length]!.push(c));
  const record = (id: string, r: LineResult) => {
    results.set(id, r);
    opts.onResult?.(id, r);
  };
  const S = session(opts.real ?? []);
  try {
    await Promise.all(parts.map((p) => runSandbox(S, p, timeoutSec, record)));
  } finally {
    fs.rmSync(S.root, { recursive: true, force: true });
  }
  return results;
}

/**
 * Paths the run created or changed (content, mtime or type): relative to the
 * work dir inside /lab, absolute elsewhere under /tmp. The shells' own temp
 * files (masked `/tmp/zshXXXXXX`, ...) are left out.
 */
export function writtenPaths(ran: RunResult): string[] {
  const out = new Set<string>();
  const keep = (p: string) => !p.startsWith('/') || (p.startsWith('/tmp/') && !p.includes('XXXXXX'));
  for (const e of ran.created) if (e.type !== 'dir' && keep(e.path)) out.add(e.path);
  for (const e of ran.modified) {
    if (!keep(e.path)) continue;
    if (e.changes?.some((c) => c === 'content' || c === 'mtime' || c === 'type')) out.add(e.path);
  }
  return [...out].sort();
}
