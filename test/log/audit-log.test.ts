// The audit log (issue 17 item 1, SPEC §1 "Audit log"): what `treeward hook`
// and `check --log` write, where, redacted; whole lines from 50 hooks at once;
// rotation keeping the configured generations; a log that cannot be written
// leaving every answer exactly as it was, told once on stderr where no
// harness reads an answer; `log: false`.

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLine, type LogEntry, logLine, logPath, maxLineBytes, redactedEntry } from '../../src/cli/audit-log.js';
import { builtBinary, hookEnv, makeScratch, request, runHook, runtimes, type Scratch } from '../hook/support.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

let scratch: Scratch;
let binary: string;
beforeAll(async () => {
  scratch = makeScratch();
  binary = await builtBinary(scratch.dir);
});
afterAll(() => scratch?.cleanup());

const node = runtimes()[0]!;
let homes = 0;

/** A home of its own, so that each case reads only its own log. */
function freshHome(): string {
  const home = join(scratch.dir, `home-${++homes}`);
  mkdirSync(home, { recursive: true });
  return home;
}

function hook(input: unknown, home: string, options: { args?: string[]; env?: Record<string, string>; runtime?: typeof node } = {}) {
  const env = { ...hookEnv(scratch), HOME: home, ...options.env };
  return runHook(options.runtime ?? node, binary, typeof input === 'string' ? input : JSON.stringify(input), { args: options.args, env, cwd: scratch.tree });
}

function entries(path: string): LogEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as LogEntry);
}

const defaultLog = (home: string) => join(home, '.local', 'state', 'treeward', 'log.jsonl');

describe.each(runtimes())('what the hook writes, under $name', (runtime) => {
  it('one line per verdict, with every field, the command redacted and the span moved with it', () => {
    const home = freshHome();
    const command = 'GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345 rm -rf .git';
    const before = Date.now();
    const denied = hook(request('claude-bash', scratch, { tool_input: { command } }), home, { runtime });
    expect(JSON.parse(denied.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    hook(request('claude-bash', scratch), home, { runtime });
    const [deny, allow, more] = entries(defaultLog(home));
    expect(more).toBeUndefined();
    expect(deny).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      harness: 'claude',
      session: '4b0c9a52-7e1d-4f5a-9c3b-8d2e6f1a0b74',
      tree: scratch.tree,
      directory: scratch.tree,
      dialect: 'bash',
      platform: 'linux',
      command: 'GITHUB_TOKEN=<redacted:github-token> rm -rf .git',
      decision: 'deny',
      id: 'protected-removal',
      reason: expect.stringContaining(`${scratch.tree}/.git`),
      span: expect.any(Array),
      version,
      verdictMs: expect.any(Number),
    });
    expect(Date.parse(deny!.time)).toBeGreaterThanOrEqual(before - 1000);
    expect(deny!.command!.slice(deny!.span![0], deny!.span![1])).toBe('.git');
    expect(readFileSync(defaultLog(home), 'utf8')).not.toContain('ghp_0123456789');
    expect(allow).toMatchObject({ harness: 'claude', command: 'npm test', decision: 'allow', id: null, reason: null, span: null });
    expect(statSync(defaultLog(home)).mode & 0o777).toBe(0o600);
  });
});

describe('where and whether', () => {
  it('goes to $XDG_STATE_HOME/treeward/log.jsonl, and ignores a relative XDG_STATE_HOME', () => {
    const home = freshHome();
    const state = join(home, 'state');
    hook(request('claude-bash', scratch), home, { env: { XDG_STATE_HOME: state } });
    expect(entries(join(state, 'treeward', 'log.jsonl'))).toHaveLength(1);
    hook(request('claude-bash', scratch), home, { env: { XDG_STATE_HOME: 'relative/state' } });
    expect(entries(defaultLog(home))).toHaveLength(1);
    expect(logPath({ HOME: '/h', XDG_STATE_HOME: 'x' })).toBe('/h/.local/state/treeward/log.jsonl');
  });

  it('`log: false` in the configuration writes nothing, and the answer is the same', () => {
    const home = freshHome();
    const config = join(home, 'config.json');
    writeFileSync(config, '{"log": false}\n');
    const off = hook(request('claude-bash', scratch), home, { args: ['--config', config] });
    expect(existsSync(defaultLog(home))).toBe(false);
    expect(off).toEqual(hook(request('claude-bash', scratch), freshHome()));
  });

  it('logs the refusals of requests it cannot read, in the harness of the answer, with no command', () => {
    const home = freshHome();
    hook('{"turn_id": "t", "tool_input": ', home, { args: ['--format', 'codex'] });
    hook({ ...request('windsurf-run-command', scratch), tool_info: 7 }, home);
    expect(entries(defaultLog(home))).toMatchObject([
      { harness: 'codex', session: null, command: null, decision: 'deny', id: 'bad-input', reason: 'the request on stdin is not JSON' },
      { harness: 'windsurf', session: 'traj-6f5e4d3c2b1a', command: null, decision: 'deny', id: 'bad-input' },
    ]);
  });

  it('records the platform the line was read for: --platform, the configuration\'s, else the one treeward runs on', () => {
    const home = freshHome();
    const config = join(home, 'config.json');
    writeFileSync(config, '{"platform": "darwin"}\n');
    hook(request('claude-bash', scratch), home, { args: ['--platform', 'darwin'] });
    hook(request('claude-bash', scratch), home, { args: ['--config', config] });
    hook(request('claude-bash', scratch), home, { args: ['--config', config, '--platform', 'linux'] });
    hook(request('claude-bash', scratch), home);
    expect(entries(defaultLog(home)).map((e) => e.platform)).toEqual(['darwin', 'darwin', 'linux', process.platform === 'darwin' ? 'darwin' : 'linux']);
  });

  it('writes no line for a tool that runs no shell code', () => {
    const home = freshHome();
    expect(hook(request('claude-read', scratch), home).stdout).toBe('');
    expect(existsSync(defaultLog(home))).toBe(false);
  });

  it('keeps the agent from rewriting the log while there is one', () => {
    const home = freshHome();
    const line = 'echo forged > ~/.local/state/treeward/log.jsonl';
    expect(JSON.parse(hook(request('claude-bash', scratch, { tool_input: { command: line } }), home).stdout).hookSpecificOutput)
      .toMatchObject({ permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^treeward protected-write: /) });
    const config = join(home, 'config.json');
    writeFileSync(config, '{"log": false}\n');
    expect(JSON.parse(hook(request('claude-bash', scratch, { tool_input: { command: line } }), home, { args: ['--config', config] }).stdout).hookSpecificOutput)
      .toMatchObject({ permissionDecision: 'allow' });
  });

  it('`check --log` writes its verdict too, as harness check', () => {
    const home = freshHome();
    const run = spawnSync(process.execPath, [binary, 'check', '--log', '--tree', scratch.tree, '--', 'rm -rf .git'], {
      env: { ...hookEnv(scratch), HOME: home }, encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(entries(defaultLog(home))).toMatchObject([{ harness: 'check', session: null, tree: scratch.tree, command: 'rm -rf .git', decision: 'deny', id: 'protected-removal' }]);
    spawnSync(process.execPath, [binary, 'check', '--tree', scratch.tree, '--', 'ls'], { env: { ...hookEnv(scratch), HOME: home } });
    expect(entries(defaultLog(home))).toHaveLength(1);
  });
});

describe('a log that cannot be written', () => {
  /** A home whose state directory is a file, so the log cannot be opened. */
  function brokenHome(): string {
    const home = freshHome();
    mkdirSync(join(home, '.local'));
    writeFileSync(join(home, '.local', 'state'), 'not a directory\n');
    return home;
  }

  it('never changes an answer, and is told once on stderr where the answer is on stdout', () => {
    const home = brokenHome();
    const temp = join(home, 'tmp');
    mkdirSync(temp);
    const env = { TMPDIR: temp };
    const good = hook(request('claude-bash', scratch), freshHome(), { env });
    const first = hook(request('claude-bash', scratch), home, { env });
    expect(first.stdout).toBe(good.stdout);
    expect(first.status).toBe(good.status);
    expect(first.stderr).toMatch(/^treeward: the audit log .*log\.jsonl cannot be opened \(ENOTDIR\), so this verdict and later ones are not logged \(said once;/);
    expect(first.stderr.split('\n')).toHaveLength(2);
    expect(hook(request('claude-bash', scratch), home, { env })).toEqual({ ...good, stderr: '' });
  });

  it('adds nothing to the stderr of a harness that reads its answer there', () => {
    const home = brokenHome();
    const temp = join(home, 'tmp');
    mkdirSync(temp);
    const line = { ...request('windsurf-run-command', scratch), tool_info: { command_line: 'rm -rf .git', cwd: scratch.tree } };
    const good = hook(line, freshHome(), { env: { TMPDIR: temp } });
    expect(good.status).toBe(2);
    expect(hook(line, home, { env: { TMPDIR: temp } })).toEqual(good);
    // the report waits for an answer on stdout
    expect(hook({ ...line, tool_info: { command_line: 'ls', cwd: scratch.tree } }, home, { env: { TMPDIR: temp } }).stderr).toMatch(/^treeward: the audit log /);
  });

  it('a log directory without write permission is the same', () => {
    if (process.getuid?.() === 0) return; // root writes anywhere: the ENOTDIR case above stands for it
    const home = freshHome();
    mkdirSync(join(home, '.local', 'state', 'treeward'), { recursive: true });
    chmodSync(join(home, '.local', 'state', 'treeward'), 0o500);
    const good = hook(request('claude-bash', scratch), freshHome());
    expect(hook(request('claude-bash', scratch), home).stdout).toBe(good.stdout);
  });
});

describe('whole lines', () => {
  it('50 hooks at once leave 50 whole lines', async () => {
    const home = freshHome();
    const runs = Array.from({ length: 50 }, (_, i) => new Promise<number | null>((done) => {
      const child = spawn(process.execPath, [binary, 'hook'], { env: { ...hookEnv(scratch), HOME: home }, cwd: scratch.tree, stdio: ['pipe', 'ignore', 'ignore'] });
      child.on('close', done);
      // a long command, so that each line is some kilobytes
      child.stdin.end(JSON.stringify(request('claude-bash', scratch, { tool_input: { command: `echo ${i} ${'x'.repeat(2000 + i * 40)}` } })).replace('4b0c9a52', `s${i}-`));
    }));
    expect(await Promise.all(runs)).toEqual(Array(50).fill(0));
    const text = readFileSync(defaultLog(home), 'utf8');
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(50);
    const sessions = lines.map((line) => (JSON.parse(line) as LogEntry).session!.split('-')[0]);
    expect(new Set(sessions).size).toBe(50);
  });

  it('50 hooks at once across rotations leave only whole lines, in at most the configured files', async () => {
    const home = freshHome();
    const config = join(home, 'config.json');
    writeFileSync(config, '{"log": {"maxBytes": 12000, "generations": 2}}\n');
    const runs = Array.from({ length: 50 }, (_, i) => new Promise<number | null>((done) => {
      const child = spawn(process.execPath, [binary, 'hook', '--config', config], { env: { ...hookEnv(scratch), HOME: home }, cwd: scratch.tree, stdio: ['pipe', 'ignore', 'ignore'] });
      child.on('close', done);
      child.stdin.end(JSON.stringify(request('claude-bash', scratch, { tool_input: { command: `echo ${i} ${'y'.repeat(1500)}` } })));
    }));
    expect(await Promise.all(runs)).toEqual(Array(50).fill(0));
    const dir = join(home, '.local', 'state', 'treeward');
    expect(readdirSync(dir).sort()).toEqual(['log.jsonl', 'log.jsonl.1', 'log.jsonl.2']);
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      for (const line of text.trimEnd().split('\n')) expect((JSON.parse(line) as LogEntry).decision).toBe('allow');
    }
  });

  it('cuts a long command (after redacting it) to keep its line under PIPE_BUF, saying how much was cut', () => {
    const home = freshHome();
    const command = `API_KEY=hunter2 echo ${'z'.repeat(200_000)}`;
    hook(request('claude-bash', scratch, { tool_input: { command } }), home);
    const text = readFileSync(defaultLog(home), 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxLineBytes);
    const [entry] = entries(defaultLog(home));
    expect(entry!.commandBytes).toBe(Buffer.byteLength(command));
    expect(entry!.command).toMatch(/^API_KEY=<redacted:secret-variable> echo z+…\[\d+ more bytes\]$/);
  });
});

describe('rotation', () => {
  const entry = (n: number): LogEntry => ({
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), harness: 'claude', session: String(n), tree: '/t', directory: '/t', dialect: 'bash',
    command: `echo ${n} ${'w'.repeat(300)}`, decision: 'allow', id: null, reason: null, span: null, version, verdictMs: 1,
  });

  it('keeps the configured generations, each under the limit, oldest in the highest number', () => {
    const dir = join(freshHome(), 'state');
    const path = join(dir, 'log.jsonl');
    for (let n = 0; n < 40; n++) expect(appendLine(path, logLine(redactedEntry(entry(n))), { enabled: true, maxBytes: 2048, generations: 2 })).toBeNull();
    expect(readdirSync(dir).sort()).toEqual(['log.jsonl', 'log.jsonl.1', 'log.jsonl.2']);
    const sessions = ['log.jsonl.2', 'log.jsonl.1', 'log.jsonl'].flatMap((name) => {
      expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(2048);
      return entries(join(dir, name)).map((e) => Number(e.session));
    });
    // the newest lines, in order, none lost between the files kept
    expect(sessions).toEqual(Array.from({ length: sessions.length }, (_, i) => 40 - sessions.length + i));
  });

  it('says why when it cannot write', () => {
    const file = join(freshHome(), 'a-file');
    writeFileSync(file, '');
    expect(appendLine(join(file, 'log.jsonl'), '{}\n', { enabled: true, maxBytes: 1 << 20, generations: 1 })).toMatch(/cannot be opened \(ENOTDIR\)$/);
  });
});
