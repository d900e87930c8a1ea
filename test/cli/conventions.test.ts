// The conventions of a command-line tool (issue 10), as npm, eslint and tsc
// keep them: help and version on stdout with exit 0; a usage error names the
// word it could not take, on stderr, with exit 2.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main, type Io } from '../../src/cli/main.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function run(argv: string[]): { status: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: Io = { readStdin: () => Buffer.alloc(0), write: (t) => (stdout += t), writeError: (t) => (stderr += t), env: {}, cwd: () => '/' };
  const status = main(argv, io);
  return { status, stdout, stderr };
}

describe('help', () => {
  it.each([['--help'], ['-h'], ['help']])('treeward %s prints every command on stdout and exits 0', (flag) => {
    const r = run([flag]);
    expect(r).toMatchObject({ status: 0, stderr: '' });
    for (const command of ['check', 'hook', 'parse', 'install', 'uninstall', 'doctor', 'help']) expect(r.stdout).toContain(`treeward ${command}`);
    expect(r.stdout).toContain('treeward --version');
  });

  it.each(['check', 'hook', 'parse'])('treeward help %s, %s --help and %s -h print that command\'s usage and options', (command) => {
    const byHelp = run(['help', command]);
    expect(byHelp).toMatchObject({ status: 0, stderr: '' });
    expect(byHelp.stdout).toMatch(new RegExp(`^usage: treeward ${command} `));
    expect(byHelp.stdout).toContain('options:');
    expect(byHelp.stdout).toContain('--shell bash|sh|zsh');
    expect(run([command, '--help'])).toEqual(byHelp);
    expect(run([command, '-h'])).toEqual(byHelp);
  });

  it('hook --help prints the usage rather than answering a harness', () => {
    const r = run(['hook', '--format', 'claude', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: treeward hook /);
    expect(r.stdout).toContain('--format HARNESS');
    expect(r.stdout).toContain('augment, claude, cline, codex, copilot, crush, cursor, droid, gemini, kimi, kiro, qwen, windsurf');
  });

  it('a COMMAND after -- is a command, not an option', () => {
    const r = run(['parse', '--', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('usage:');
  });
});

describe('version', () => {
  it.each([['--version'], ['-V']])('treeward %s prints the package\'s version', (flag) => {
    expect(run([flag])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('usage errors', () => {
  it.each([
    [['--nope'], 'treeward: unknown option --nope'],
    [['nope'], 'treeward: unknown command nope'],
    [['help', 'nope'], 'treeward: unknown command nope'],
    [['check', '--nope', 'ls'], 'treeward: unknown option --nope'],
    [['check', '--format', 'claude', 'ls'], 'treeward: check does not take --format'],
    [['parse', '--shell', 'fish', 'ls'], 'treeward: --shell takes bash, sh or zsh'],
    [['check', '--json=yes', 'ls'], 'treeward: --json takes no value'],
    [[], 'treeward: missing command'],
  ])('%j names itself on stderr and exits 2', (argv, first) => {
    const r = run(argv);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(first);
    expect(r.stderr).toMatch(/Run `treeward (help \w+|--help)` for (its )?usage\./);
  });
});
