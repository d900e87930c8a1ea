// The platform a line is read for (SPEC §1, §3 "Platforms"; issue 14): the
// `platform` option the hook and `check` give approve() (`--platform`, then
// the configuration's `platform`, then the platform treeward runs on), and
// requests from Windows directories, refused with a reason that says so
// whichever field names the directory (the per-harness forms are in
// ./harnesses.test.ts).

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { ConfigError, readConfig } from '../../src/cli/config.js';
import { type HookArguments, judgeHook } from '../../src/cli/hook.js';
import { main, type Io } from '../../src/cli/main.js';
import { binShOf, isWindowsPath, platformOf, windowsRefusal } from '../../src/cli/platform.js';
import { judgeShellCall, pluginHost } from '../../src/cli/plugins/judge.js';
import { hookEnv, makeScratch, request, type Scratch } from './support.js';

vi.mock('../../src/approver/approve.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/approver/approve.js')>();
  return { ...real, approve: vi.fn(real.approve) };
});

const scratch: Scratch = makeScratch();
afterAll(() => scratch.cleanup());
// a block, not an arrow's value: a function beforeEach returns is run after the test, and mockClear returns the mock
beforeEach(() => {
  vi.mocked(approve).mockClear();
});

const args = (more: Partial<HookArguments> = {}): HookArguments => ({ format: null, config: null, shell: null, tree: null, runDirs: [], usageError: null, ...more });

function judged(input: unknown, more: Partial<HookArguments> = {}, platform = 'linux', env: Record<string, string> = {}) {
  return judgeHook(Buffer.from(JSON.stringify(input)), args(more), { env: { ...hookEnv(scratch), ...env }, cwd: scratch.tree, platform });
}

/** The `platform` of every approve() call the last verdict made ('none' where the option was left out). */
const platformsPassed = () => vi.mocked(approve).mock.calls.map(([, options]) => ('platform' in options ? options.platform : 'none'));

describe('the platform approve() is told', () => {
  it.each([
    ['linux', 'linux'], ['darwin', 'darwin'], ['android', 'linux'], ['freebsd', 'none'],
  ])('by default, the platform treeward runs on: %s → %s', (running, passed) => {
    judged(request('claude-bash', scratch), {}, running);
    expect(platformsPassed()).toEqual([passed]);
  });

  it('--platform overrides the configuration, which overrides the platform treeward runs on', () => {
    const config = join(scratch.dir, 'platform.json');
    writeFileSync(config, '{"platform": "darwin"}\n');
    judged(request('claude-bash', scratch), { config });
    judged(request('claude-bash', scratch), { config, platform: 'linux' }, 'darwin');
    judged(request('claude-bash', scratch), { platform: 'darwin' });
    expect(platformsPassed()).toEqual(['darwin', 'linux', 'darwin']);
  });

  it('every reading of a line gets it: pinned, and as run without the rewrite', () => {
    judged(request('claude-bash', scratch, { cwd: scratch.outside }), { tree: scratch.tree, platform: 'darwin' });
    expect(platformsPassed()).toEqual(['darwin', 'darwin']);
  });

  it('check: --platform, else the platform treeward runs on', () => {
    const io: Io = { readStdin: () => Buffer.alloc(0), write: () => {}, writeError: () => {}, env: {}, cwd: () => scratch.tree };
    expect(main(['check', '--platform', 'darwin', '--tree', scratch.tree, '--', 'ls'], io)).toBe(0);
    expect(main(['check', '--tree', scratch.tree, '--', 'ls'], io)).toBe(0);
    expect(platformsPassed()).toEqual(['darwin', platformOf(process.platform) ?? 'none']);
  });

  it.each([
    [['check', '--platform', 'win32', 'ls'], 'treeward: --platform takes linux or darwin'],
    [['parse', '--platform', 'linux', 'ls'], 'treeward: parse does not take --platform'],
  ])('%j is a usage error', (argv, message) => {
    let stderr = '';
    const io: Io = { readStdin: () => Buffer.alloc(0), write: () => {}, writeError: (t) => (stderr += t), env: {}, cwd: () => '/' };
    expect(main(argv, io)).toBe(2);
    expect(stderr.split('\n')[0]).toBe(message);
  });

  it('the configuration takes "linux" or "darwin"', () => {
    expect(readConfig('{"platform": "linux"}', '/h').platform).toBe('linux');
    expect(readConfig('{}', '/h').platform).toBeUndefined();
    expect(() => readConfig('{\n  "platform": "windows"\n}', '/h')).toThrow(new ConfigError(2, '`platform` must be "linux" or "darwin"'));
  });

  it('hook --help and check --help describe it', () => {
    for (const command of ['hook', 'check']) {
      let stdout = '';
      main([command, '--help'], { readStdin: () => Buffer.alloc(0), write: (t) => (stdout += t), writeError: () => {}, env: {}, cwd: () => '/' });
      expect(stdout).toMatch(/--platform linux\|darwin +whose tools run the line: linux \(GNU\) or darwin \(macOS, BSD\)/);
    }
  });
});

// SPEC §1: "A line is approved as sh only when it is clean under every `/bin/sh` it may meet (dash and `bash --posix`), unless
// treeward finds which one `/bin/sh` is on the machine". The `sh` option approve() is told: `--sh`, the configuration's `sh`,
// else the shell /bin/sh leads to (issue 14 item 5).
describe('the /bin/sh approve() is told', () => {
  const shPassed = () => vi.mocked(approve).mock.calls.map(([, options]) => ('sh' in options ? options.sh : 'none'));
  const links = (table: Record<string, string>) => (path: string) => table[path] ?? null;

  it.each([
    // Debian, Ubuntu: /bin/sh -> dash; Fedora, RHEL, Arch: /bin/sh -> bash (/usr/bin/bash through /bin -> usr/bin)
    [{ '/bin/sh': '/usr/bin/dash' }, 'linux', 'dash'],
    [{ '/bin/sh': '/usr/bin/bash' }, 'linux', 'bash'],
    // Alpine: busybox ash, which treeward does not read as either
    [{ '/bin/sh': '/bin/busybox' }, 'linux', undefined],
    [{}, 'linux', undefined],
    // macOS: /bin/sh is a program running the shell /private/var/select/sh names (sh(1)); bash unless changed
    [{ '/bin/sh': '/bin/sh', '/private/var/select/sh': '/bin/bash' }, 'darwin', 'bash'],
    [{ '/bin/sh': '/bin/sh', '/private/var/select/sh': '/bin/dash' }, 'darwin', 'dash'],
    [{ '/bin/sh': '/bin/sh' }, 'darwin', undefined],
    // the select link is macOS's only
    [{ '/bin/sh': '/bin/sh', '/private/var/select/sh': '/bin/bash' }, 'linux', undefined],
  ])('%j on %s: %s', (table, running, found) => {
    expect(binShOf(links(table), running)).toBe(found);
  });

  it('--sh overrides the configuration, which overrides the /bin/sh found', () => {
    const config = join(scratch.dir, 'sh.json');
    writeFileSync(config, '{"sh": "bash"}\n');
    const surroundings = (resolve: (path: string) => string | null) => ({ env: hookEnv(scratch), cwd: scratch.tree, platform: 'linux', resolve });
    const input = Buffer.from(JSON.stringify(request('claude-bash', scratch)));
    judgeHook(input, args({ config }), surroundings(links({ '/bin/sh': '/usr/bin/dash' })));
    judgeHook(input, args({ config, sh: 'dash' }), surroundings(links({})));
    judgeHook(input, args(), surroundings(links({ '/bin/sh': '/usr/bin/bash' })));
    judgeHook(input, args(), surroundings(links({ '/bin/sh': '/bin/busybox' })));
    expect(shPassed()).toEqual(['bash', 'dash', 'bash', 'none']);
  });

  it('check: --sh, else the /bin/sh found on this machine', () => {
    const io: Io = { readStdin: () => Buffer.alloc(0), write: () => {}, writeError: () => {}, env: {}, cwd: () => scratch.tree };
    expect(main(['check', '--sh', 'bash', '--shell', 'sh', '--tree', scratch.tree, '--', 'ls'], io)).toBe(0);
    expect(shPassed()).toEqual(['bash']);
  });

  it('is a usage error or a configuration error when it names another shell', () => {
    let stderr = '';
    const io: Io = { readStdin: () => Buffer.alloc(0), write: () => {}, writeError: (t) => (stderr += t), env: {}, cwd: () => '/' };
    expect(main(['check', '--sh', 'ash', 'ls'], io)).toBe(2);
    expect(stderr.split('\n')[0]).toBe('treeward: --sh takes dash or bash');
    expect(() => readConfig('{\n  "sh": "busybox"\n}', '/h')).toThrow(new ConfigError(2, '`sh` must be "dash" or "bash"'));
  });

  it('hook --help and check --help describe it', () => {
    for (const command of ['hook', 'check']) {
      let stdout = '';
      main([command, '--help'], { readStdin: () => Buffer.alloc(0), write: (t) => (stdout += t), writeError: () => {}, env: {}, cwd: () => '/' });
      expect(stdout).toMatch(/--sh dash\|bash +which \/bin\/sh reads sh lines and every `sh -c`: dash, or bash in POSIX mode/);
    }
  });
});

describe('the platform decides whose tools read the line (issue 14 item 4)', () => {
  // BSD sed reads the word after a detached -i as the backup suffix: `~/.bash` + `rc` is ~/.bashrc, a startup file
  const bsdOnly = { tool_input: { command: 'sed -i rc -e p ~/.bash' } };
  const decision = (more: Partial<HookArguments>, running: string) => {
    const answer = judged(request('claude-bash', scratch, bsdOnly), more, running).verdict?.answer;
    return answer && 'decision' in answer ? answer.decision : 'none';
  };

  it('a line only the BSD reading refuses is allowed for linux, refused for darwin and where the platform is not known', () => {
    expect(decision({ platform: 'linux' }, 'darwin')).toBe('allow');
    expect(decision({ platform: 'darwin' }, 'linux')).toBe('deny');
    expect(decision({}, 'linux')).toBe('allow');
    expect(decision({}, 'darwin')).toBe('deny');
    expect(decision({}, 'freebsd')).toBe('deny');
  });
});

describe('requests from Windows', () => {
  const refused = (dir: string) => ({ decision: 'deny', id: 'bad-input', reason: windowsRefusal(dir) });

  it.each([
    ['C:\\Users\\me\\app', 'linux', true], ['c:/work', 'linux', true], ['Z:', 'darwin', true], ['\\\\server\\share\\x', 'linux', true], ['\\\\?\\C:\\x', 'linux', true],
    ['/c/Users/me/app', 'win32', true], ['/c', 'win32', true], ['/c/Users/me/app', 'linux', false], ['/cache/x', 'win32', false], ['relative\\dir', 'linux', false],
    ['/home/me/C:/x', 'linux', false],
  ])('%s on %s is a Windows directory: %s', (dir, running, windows) => {
    expect(isWindowsPath(dir, running)).toBe(windows);
  });

  it('Git Bash\'s /c/… is refused when treeward runs on Windows, and read as a directory elsewhere', () => {
    const dir = '/c/Users/me/app';
    expect(judged(request('claude-bash', scratch, { cwd: dir }), {}, 'win32').verdict?.answer).toEqual(refused(dir));
    // elsewhere it is a directory like any other: outside this tree, so the line is judged from the tree and pinned there
    expect(judged(request('claude-bash', scratch, { cwd: dir }), { tree: scratch.tree }, 'linux').verdict?.answer).toMatchObject({ decision: 'allow', dir: scratch.tree });
  });

  it.each([
    ['the tree the harness names', {}, { CLAUDE_PROJECT_DIR: 'C:\\Users\\me\\app' }, 'C:\\Users\\me\\app'],
    ['--tree', { tree: 'D:\\src' }, {}, 'D:\\src'],
  ])('%s, a Windows path, is refused before anything is read', (_what, more, env, dir) => {
    const { reply, verdict } = judged(request('claude-bash', scratch), more, 'linux', env);
    expect(verdict?.answer).toEqual(refused(dir));
    expect(JSON.parse(reply.stdout)).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: `treeward bad-input: ${windowsRefusal(dir)}` },
    });
    expect(approve).not.toHaveBeenCalled();
  });

  it('Gemini CLI\'s dir_path, a Windows path under a POSIX cwd, is refused', () => {
    const r = request('gemini-shell', scratch, { tool_input: { dir_path: 'C:\\work' } });
    expect(judged(r).verdict?.answer).toEqual(refused('C:\\work'));
  });

  it('the plugins refuse a call from a Windows directory with the same reason, and never fail', () => {
    const verdict = judgeShellCall({ command: 'ls', cwd: 'C:\\Users\\me\\app', tree: 'C:\\Users\\me\\app' }, pluginHost('OpenCode', true), {});
    expect(verdict).toEqual({ allow: false, reason: `treeward bad-input: ${windowsRefusal('C:\\Users\\me\\app')}` });
  });

  it('the reason says treeward does not judge lines on Windows yet, and is never an internal error', () => {
    expect(windowsRefusal('C:\\x')).toMatch(/^the request's directory C:\\x is a Windows path, and treeward does not judge lines on Windows yet/);
    const { verdict } = judged(request('codex-bash', scratch, { cwd: '\\\\server\\share' }));
    expect(verdict?.answer).toMatchObject({ id: 'bad-input' });
  });
});
