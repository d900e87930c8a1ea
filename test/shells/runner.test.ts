// The real-shell runner itself (test/support/shells.ts): verdicts counted as
// the parser corpus counts them, stub calls, file-system diffs, timeouts, and
// its throughput (printed; asserted only loosely, CI machines vary).

import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLayout, requireSandbox, runLines, writtenPaths, type Case, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/shells/runner.test.ts');

describe.skipIf(!available)('real-shell runner', () => {
  const cases: Case[] = [
    { id: 'write', shell: 'bash', command: 'echo hi > f; echo more >> a.txt; rm -rf build; cat b.txt', layout: defaultLayout, run: true },
    { id: 'zsh-negated', shell: 'zsh', command: '! true' },
    { id: 'zsh-error', shell: 'zsh', command: 'echo }' },
    { id: 'bash-heredoc-warning', shell: 'bash', command: 'cat <<EOF\nbody', run: true },
    { id: 'bash-error', shell: 'bash', command: 'if' },
    { id: 'bash-127', shell: 'bash', command: 'echo $(if)' },
    { id: 'sh-amp', shell: 'sh', command: 'echo hi &> f', layout: defaultLayout, run: true },
    { id: 'extglob-off', shell: 'bash', command: 'rm !(a.txt)' },
    { id: 'extglob-on', shell: 'bash', command: 'rm !(a.txt)', bashArgs: ['-O', 'extglob'], layout: defaultLayout, run: true },
    { id: 'covered-binaries', shell: 'zsh', command: 'env -i rm q; /bin/rm z; PATH=/usr/bin git status', run: true },
    { id: 'symlink-out', shell: 'sh', command: 'echo x > linkbuild/new; echo y >> build/ext/keep.txt', layout: defaultLayout, run: true },
    { id: 'cwd', shell: 'bash', command: 'cd sub && touch x', layout: defaultLayout, run: true },
    { id: 'home', shell: 'sh', command: 'echo $HOME $PWD $LANG; echo hi > ~/f', run: true },
    { id: 'background-killed', shell: 'bash', command: 'sleep 30 & echo started', run: true },
    { id: 'shell-timeout', shell: 'sh', command: 'while :; do :; done', run: true },
    { id: 'after-timeout', shell: 'sh', command: 'echo clean > g', run: true },
    { id: 'readonly-usr', shell: 'bash', command: 'echo x > /usr/x; echo y > /etc/y', run: true },
    { id: 'no-network', shell: 'bash', command: 'echo > /dev/tcp/1.1.1.1/80', run: true },
    { id: 'stdin-null', shell: 'bash', command: 'cat > f', run: true },
    { id: 'unicode', shell: 'zsh', command: "echo 'héllo ✓' > ü", run: true },
  ];
  let r = new Map<string, LineResult>();
  const get = (id: string) => { const x = r.get(id); if (!x) throw new Error(`no result for ${id}`); return x; };
  const ran = (id: string) => { const x = get(id).ran; if (!x) throw new Error(`${id} did not run`); return x; };

  beforeAll(async () => {
    r = await runLines(cases, { timeoutSec: 2, jobs: 1 });
  });

  it('reports every case', () => {
    for (const c of cases) expect(get(c.id).error ?? null, c.id).toBeNull();
  });

  it('counts -n verdicts as the parser corpus does', () => {
    expect(get('zsh-negated').parses).toBe(true); // silent exit 1
    expect(get('zsh-negated').parseStatus).toBe(1);
    expect(get('zsh-error').parses).toBe(false);
    expect(get('bash-heredoc-warning').parses).toBe(true); // a warning is not an error
    expect(get('bash-heredoc-warning').parseStderr).toMatch(/warning: here-document/);
    expect(get('bash-error').parses).toBe(false);
    expect(get('bash-127').parses).toBe(false);
    expect(get('extglob-off').parses).toBe(false);
    expect(get('extglob-on').parses).toBe(true);
  });

  it('records stub calls and file changes relative to the work dir', () => {
    const w = ran('write');
    expect(w.calls).toEqual([
      { argv: ['rm', '-rf', 'build'], cwd: '.' },
      { argv: ['cat', 'b.txt'], cwd: '.', pass: true },
    ]);
    expect(w.stdout).toBe('b\n');
    expect(w.created).toEqual([{ path: 'f', type: 'file', size: 3, content: 'hi\n' }]);
    expect(w.modified).toEqual([{ path: 'a.txt', type: 'file', size: 7, content: 'a\nmore\n', changes: ['content'], before: 'a\n' }]);
    expect(w.deleted).toEqual([]);
    expect(writtenPaths(w)).toEqual(['a.txt', 'f']);
    expect(ran('sh-amp').stdout).toBe('hi\n');
    expect(writtenPaths(ran('sh-amp'))).toEqual(['f']);
    expect(ran('extglob-on').calls[0]!.argv.slice(1)).not.toContain('a.txt');
    expect(writtenPaths(ran('symlink-out'))).toEqual(['../outside/precious/keep.txt', '../outside/proj/new']);
    expect(ran('cwd').calls).toEqual([{ argv: ['touch', 'x'], cwd: 'sub' }]);
    expect(ran('home').stdout).toBe('/lab/home /lab/work C.UTF-8\n');
    expect(writtenPaths(ran('home'))).toEqual(['../home/f']);
    expect(writtenPaths(ran('unicode'))).toEqual(['ü']);
    expect(ran('unicode').created[0]!.content).toBe('héllo ✓\n');
  });

  it('logs real binaries of log-only commands too', () => {
    const calls = ran('covered-binaries').calls;
    expect(calls.map((c) => c.argv.join(' '))).toEqual(['env -i rm q', 'rm q', 'rm z', 'git status']);
    expect(calls[1]!.path).toMatch(/^\/(usr\/)?bin\/rm$/);
    expect(calls[2]!.path).toBe('/bin/rm');
    expect(calls[3]!.path).toBe('/usr/bin/git');
  });

  it('kills background jobs and runaway shells at the timeout, then starts clean', () => {
    const bg = ran('background-killed');
    expect(bg.stdout).toBe('started\n');
    expect(bg.timedOut).toBe(false);
    expect(bg.killedBackground).toBe(true);
    const loop = ran('shell-timeout');
    expect(loop.timedOut).toBe(true);
    expect(loop.signal).toBe(9);
    expect(writtenPaths(ran('after-timeout'))).toEqual(['g']);
  });

  it('keeps the system read-only, the network away and stdin empty', () => {
    const ro = ran('readonly-usr');
    expect(ro.stderr).toMatch(/Read-only file system/);
    expect(writtenPaths(ro)).toEqual([]);
    expect(ran('no-network').exit).not.toBe(0);
    expect(ran('stdin-null').created).toEqual([{ path: 'f', type: 'file', size: 0, content: '' }]);
  });

  it('is fast enough for thousands of lines (throughput printed)', async () => {
    const shells = ['bash', 'sh', 'zsh'] as const;
    const parseOnly: Case[] = [];
    for (let i = 0; i < 300; i++) {
      parseOnly.push({ id: `p${i}`, shell: shells[i % 3]!, command: `echo ${i} | cat > f${i}; if true; then rm x; fi`, layout: defaultLayout, bashArgs: ['-O', 'extglob'] });
    }
    let t0 = Date.now();
    const a = await runLines(parseOnly);
    const parseRate = parseOnly.length / ((Date.now() - t0) / 1000);
    expect([...a.values()].every((x) => x.parses)).toBe(true);
    const withRuns: Case[] = [];
    for (let i = 0; i < 150; i++) {
      withRuns.push({ id: `r${i}`, shell: shells[i % 3]!, command: `echo ${i} > f; rm -f x; cat a.txt`, layout: defaultLayout, run: true });
    }
    t0 = Date.now();
    const b = await runLines(withRuns);
    const runRate = withRuns.length / ((Date.now() - t0) / 1000);
    expect([...b.values()].every((x) => x.ran && writtenPaths(x.ran).join() === 'f' && x.ran.calls.length === 2)).toBe(true);
    console.log(`shell runner throughput: ${parseRate.toFixed(0)} parse-only lines/s, ${runRate.toFixed(0)} parse+run lines/s (2 sandboxes)`);
    // Loose floors: the targets are 50 and 15 lines/s; a loaded CI box may be slower.
    expect(parseRate).toBeGreaterThan(15);
    expect(runRate).toBeGreaterThan(5);
  });
});
