// `treeward log` (issue 17 item 1): the table for a terminal (colours, rows
// cut to its width; none with NO_COLOR) and for a pipe (whole rows, no
// colour), the filters, --json, --stats, --follow through a rotation, and
// what a command cannot do to the terminal it is printed on.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLine, defaultLogSettings, type LogEntry, logLine, redactedEntry } from '../../src/cli/audit-log.js';
import { printable } from '../../src/cli/log-command.js';
import { main, type Io } from '../../src/cli/main.js';
import { builtBinary, hookEnv, makeScratch, request, type Scratch } from '../hook/support.js';

// the table's times are local: this file reads them in UTC
process.env['TZ'] = 'UTC';

let scratch: Scratch;
let binary: string;
beforeAll(async () => {
  scratch = makeScratch();
  binary = await builtBinary(scratch.dir);
});
afterAll(() => scratch?.cleanup());

const now = new Date(Date.UTC(2026, 11, 1, 12, 0, 0));
let homes = 0;

function entry(fields: Partial<LogEntry>): LogEntry {
  return {
    time: now.toISOString(), harness: 'claude', session: 's1', tree: '/work/app', directory: '/work/app', dialect: 'bash', command: 'npm test',
    decision: 'allow', id: null, reason: null, span: null, version: '0.1.0', verdictMs: 1.5, ...fields,
  };
}

/** A home whose log holds `entries` (oldest first). */
function homeWith(entries: LogEntry[]): string {
  const home = join(scratch.dir, `home-${++homes}`);
  const path = join(home, '.local', 'state', 'treeward', 'log.jsonl');
  for (const e of entries) expect(appendLine(path, logLine(redactedEntry(e)), defaultLogSettings)).toBeNull();
  return home;
}

const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
const sample = (): LogEntry[] => [
  entry({ time: minutesAgo(600), command: 'git status', session: 'old' }),
  entry({ time: minutesAgo(90), decision: 'deny', id: 'protected-removal', reason: 'no', command: 'rm -rf .git', harness: 'codex', session: 's2' }),
  entry({ time: minutesAgo(30), decision: 'deny', id: 'removal-outside-tree', reason: 'no', command: 'rm -rf ~/x', tree: '/work/other' }),
  entry({ time: minutesAgo(5), command: `npm run build && ${'echo long '.repeat(20)}done`, harness: 'gemini', session: 's3' }),
];

function run(argv: string[], home: string, terminal: { columns: number } | null, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    readStdin: () => Buffer.alloc(0), write: (t) => (stdout += t), writeError: (t) => (stderr += t), cwd: () => '/',
    env: { HOME: home, PATH: '/usr/bin:/bin', ...env },
    terminal: () => terminal !== null, columns: () => terminal?.columns ?? null, pause: () => false, now: () => now,
  };
  return { status: main(argv, io), stdout, stderr };
}

const escape = /\x1b\[/;
const unstyled = (text: string) => text.replace(/\x1b\[[\d;]*m/g, '');

describe('the table', () => {
  it('on a pipe: a header, whole rows oldest first, no colour', () => {
    const r = run(['log'], homeWith(sample()), null);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(escape.test(r.stdout)).toBe(false);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('time                 verdict  id                    tree         command');
    expect(lines.slice(1)).toEqual([
      '2026-12-01 02:00:00  allow    -                     /work/app    git status',
      '2026-12-01 10:30:00  deny     protected-removal     /work/app    rm -rf .git',
      '2026-12-01 11:30:00  deny     removal-outside-tree  /work/other  rm -rf ~/x',
      `2026-12-01 11:55:00  allow    -                     /work/app    npm run build && ${'echo long '.repeat(20)}done`,
    ]);
  });

  it('on a terminal: colours, and every row cut to its width', () => {
    const r = run(['log'], homeWith(sample()), { columns: 72 });
    expect(escape.test(r.stdout)).toBe(true);
    expect(r.stdout).toContain('\x1b[1;31mdeny   \x1b[0m');
    expect(r.stdout).toContain('\x1b[32mallow  \x1b[0m');
    const lines = unstyled(r.stdout).trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(72);
    // the tree gives way first, to its last characters, then the command
    expect(lines.at(-1)).toBe('2026-12-01 11:55:00  allow    -                     …k/app  npm run bui…');
    expect(lines[0]).toBe('time                 verdict  id                    tree    command');
  });

  it('on a terminal with NO_COLOR: no colour, still cut', () => {
    const r = run(['log'], homeWith(sample()), { columns: 60 }, { NO_COLOR: '1' });
    expect(escape.test(r.stdout)).toBe(false);
    for (const line of r.stdout.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('shows the home directory as ~, and a newline, a tab or an escape in a command as something printable', () => {
    const home = join(scratch.dir, 'home-tilde');
    const r = run(['log'], homeWith([entry({ tree: join(home, 'src', 'app'), command: 'printf "\x1b[2J"\tx\ncat <<E\nE\u202e' })]), null);
    expect(r.stdout.split('\n')[1]).toBe(`2026-12-01 12:00:00  allow    -   ${join(home, 'src', 'app')}  printf "^[[2J" x⏎cat <<E⏎E\ufffd`);
    expect(printable('a\x07b\x7f')).toBe('a^Gb^?');
  });

  it('says where it looked when there is no log yet', () => {
    const r = run(['log'], join(scratch.dir, 'home-empty'), null);
    expect(r).toMatchObject({ status: 0, stdout: '' });
    expect(r.stderr).toMatch(/^treeward log: no audit log at .*home-empty\/\.local\/state\/treeward\/log\.jsonl yet/);
  });

  it('says which file it cannot read, with exit status 1', () => {
    const home = homeWith([]);
    mkdirSync(join(home, '.local', 'state', 'treeward', 'log.jsonl'), { recursive: true });
    const r = run(['log'], home, null);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^treeward log: .*log\.jsonl cannot be read \(EISDIR\)\n$/);
  });

  it('leaves out lines that are not entries, and says how many', () => {
    const home = homeWith(sample().slice(0, 1));
    const path = join(home, '.local', 'state', 'treeward', 'log.jsonl');
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"time": "cut off\n[1]\n`);
    const r = run(['log', '--json'], home, null);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^treeward log: 2 lines of .* are not log entries, left out\n$/);
  });
});

describe('filters and forms', () => {
  const commands = (stdout: string) => stdout.trimEnd().split('\n').filter((line) => line !== '').map((line) => (JSON.parse(line) as LogEntry).command);

  it.each([
    [['--denies'], ['rm -rf .git', 'rm -rf ~/x']],
    [['--since', '2h'], ['rm -rf .git', 'rm -rf ~/x', expect.stringMatching(/^npm run build/)]],
    [['--since', '45m'], ['rm -rf ~/x', expect.stringMatching(/^npm run build/)]],
    [['--since', '2026-12-01T11:00:00Z'], ['rm -rf ~/x', expect.stringMatching(/^npm run build/)]],
    [['--since', '2026-12-02'], []],
    [['--tree', '/work/other'], ['rm -rf ~/x']],
    [['--tree', '/work'], ['git status', 'rm -rf .git', 'rm -rf ~/x', expect.stringMatching(/^npm run build/)]],
    [['--session', 's2'], ['rm -rf .git']],
    [['--denies', '--since', '1h'], ['rm -rf ~/x']],
  ])('%j --json', (options, expected) => {
    const r = run(['log', ...options, '--json'], homeWith(sample()), null);
    expect(r.status).toBe(0);
    expect(commands(r.stdout)).toEqual(expected);
  });

  it('--json prints the entries as the log holds them', () => {
    const home = homeWith(sample());
    const r = run(['log', '--json'], home, { columns: 40 });
    expect(r.stdout).toBe(readFileSync(join(home, '.local', 'state', 'treeward', 'log.jsonl'), 'utf8'));
  });

  it('--stats counts verdicts, denies per id and verdicts per harness', () => {
    const r = run(['log', '--stats'], homeWith(sample()), null);
    expect(r.stdout).toBe([
      '4 verdicts from 2026-12-01 02:00:00 to 2026-12-01 11:55:00: 2 allow, 2 deny',
      'denies by id:',
      '  protected-removal          1',
      '  removal-outside-tree       1',
      'by harness:',
      '  claude       2  (1 allow, 1 deny)',
      '  codex        1  (0 allow, 1 deny)',
      '  gemini       1  (1 allow, 0 deny)',
      '',
    ].join('\n'));
    expect(JSON.parse(run(['log', '--stats', '--json', '--since', '2h'], homeWith(sample()), null).stdout)).toEqual({
      verdicts: 3, allow: 1, deny: 2, from: minutesAgo(90), to: minutesAgo(5),
      byId: { 'protected-removal': 1, 'removal-outside-tree': 1 },
      byHarness: { codex: { allow: 0, deny: 1 }, claude: { allow: 0, deny: 1 }, gemini: { allow: 1, deny: 0 } },
    });
  });

  it('reads the rotated files first, oldest first', () => {
    const home = homeWith(sample().slice(0, 2));
    const path = join(home, '.local', 'state', 'treeward', 'log.jsonl');
    renameSync(path, `${path}.2`);
    writeFileSync(`${path}.1`, logLine(entry({ command: 'middle' })));
    writeFileSync(path, logLine(entry({ command: 'newest' })));
    expect(commands(run(['log', '--json'], home, null).stdout)).toEqual(['git status', 'rm -rf .git', 'middle', 'newest']);
  });

  it.each([
    [['log', '--since', 'yesterday'], 'treeward: --since takes a time back from now (30m, 2h, 7d) or a date (2026-12-01, 2026-12-01T09:30), not "yesterday"'],
    [['log', '--follow', '--stats'], 'treeward: --follow and --stats do not go together: --stats counts what is there'],
    [['log', 'rm'], 'treeward: log takes no COMMAND ("rm"): filter with its options'],
    [['log', '--shell', 'bash'], 'treeward: log does not take --shell'],
  ])('%j is a usage error', (argv, message) => {
    const r = run(argv, homeWith([]), null);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(message);
  });
});

describe('the built binary', () => {
  it('--follow prints verdicts as hooks log them, through a rotation', async () => {
    const home = join(scratch.dir, 'home-follow');
    mkdirSync(home, { recursive: true });
    const config = join(home, 'config.json');
    // rotated after every few lines; each file is kept while the follower looks at least twice
    writeFileSync(config, '{"log": {"maxBytes": 3000, "generations": 3}}\n');
    const env = { ...hookEnv(scratch), HOME: home };
    const follower = spawn(process.execPath, [binary, 'log', '--follow', '--json'], { env });
    let out = '';
    follower.stdout.on('data', (data: Buffer) => (out += data.toString()));
    try {
      await new Promise((done) => setTimeout(done, 400));
      for (let i = 0; i < 8; i++) {
        const line = JSON.stringify(request('claude-bash', scratch, { tool_input: { command: `echo ${i} ${'v'.repeat(400)}` } }));
        spawnSync(process.execPath, [binary, 'hook', '--config', config], { input: line, env, cwd: scratch.tree });
      }
      const deadline = Date.now() + 10_000;
      while (out.split('\n').length < 9 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    } finally {
      follower.kill();
    }
    expect(existsSync(join(home, '.local', 'state', 'treeward', 'log.jsonl.1'))).toBe(true);
    const seen = out.trimEnd().split('\n').map((line) => (JSON.parse(line) as LogEntry).command!.split(' ')[1]);
    expect(seen).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it.skipIf(spawnSync('script', ['--version']).status !== 0)('on a real terminal (script(1)): colours, rows cut to its width', () => {
    const home = homeWith(sample());
    const r = spawnSync('script', ['-qec', `stty cols 64; ${process.execPath} ${binary} log`, '/dev/null'], {
      env: { HOME: home, PATH: '/usr/bin:/bin', TZ: 'UTC', TERM: 'xterm' }, encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(escape.test(r.stdout)).toBe(true);
    const lines = unstyled(r.stdout).replace(/\r/g, '').trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(64);
    const piped = spawnSync(process.execPath, [binary, 'log'], { env: { HOME: home, PATH: '/usr/bin:/bin', TZ: 'UTC' }, encoding: 'utf8' });
    expect(escape.test(piped.stdout)).toBe(false);
    expect(piped.stdout).toContain(`${'echo long '.repeat(20)}done`);
  });
});
