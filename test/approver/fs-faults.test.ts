// Faults in the fs seam (issue 6, "never an allow by accident"): an error
// from the filesystem (EACCES, ELOOP, EIO), an entry that disappears midway,
// or a file replaced by a link between two reads must end in a deny, or in
// exactly the allow the line gets without the fault. The approver reads the
// fs through a snapshot that remembers each answer and notices contradictory
// ones, so a change after it first looked cannot steer it.

import fc from 'fast-check';
import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { FsError, fileSystemFrom, snapshotFileSystem, type FileSystem } from '../../src/approver/fs.js';
import type { ApproveOptions, Verdict } from '../../src/approver/types.js';

const tree = '/home/dev/project';
const home = '/home/dev';

function volume(): FileSystem {
  const vol = new Volume();
  const files: Record<string, string> = {
    [`${tree}/.git/HEAD`]: 'ref: refs/heads/main\n',
    [`${tree}/.git/config`]: '[core]\n',
    [`${tree}/.claude/settings.json`]: '{}',
    [`${tree}/src/a.ts`]: 'x',
    [`${tree}/src/b.ts`]: 'x',
    [`${tree}/build/a.o`]: 'x',
    [`${tree}/build/.cache`]: 'x',
    [`${tree}/node_modules/pkg/index.js`]: 'x',
    [`${home}/.bashrc`]: '',
    [`${home}/outside/notes.txt`]: 'x',
  };
  for (const [path, content] of Object.entries(files)) {
    vol.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    vol.writeFileSync(path, content);
  }
  vol.mkdirSync('/tmp', { recursive: true });
  vol.symlinkSync(`${home}/outside`, `${tree}/out`);
  vol.symlinkSync('src', `${tree}/source`);
  return fileSystemFrom(vol as never);
}

/** The paths a fault may strike: entries of the tree and home, links included. */
const victims = [
  `${tree}/.git`, `${tree}/.git/config`, `${tree}/.claude`, `${tree}/src`, `${tree}/src/a.ts`, `${tree}/build`,
  `${tree}/build/a.o`, `${tree}/node_modules`, `${tree}/out`, `${tree}/source`, `${home}/.bashrc`, `${home}/outside`,
];

const lines = [
  'rm -rf build', 'rm -rf build/*', 'rm -f src/*.ts', 'rm -rf node_modules dist', 'rm -rf out/notes.txt', 'rm -rf source/',
  'find . -name "*.o" -delete', 'find build -delete', 'git clean -fdx', 'git clean -fdx -e .claude -e .codex -e .gemini -e .mcp.json',
  'echo x > src/c.ts', 'cp src/a.ts build/', 'mv build/a.o .', 'chmod -R 644 build', 'sed -i s/a/b/ src/a.ts',
  'grep -rl x src | xargs sed -i s/x/y/', 'rm -rf .git', 'echo x > .git/hooks/pre-commit', 'rm -rf ~/outside/notes.txt',
  'tar -xzf a.tgz -C build', 'cd build && rm -f *.o', 'rm -rf .*', 'ln -s / x && rm -rf x/etc', 'npm test', 'ls -la',
];

type Fault =
  | { kind: 'throw'; code: string; at: number }
  | { kind: 'vanish' | 'become-link'; victim: string; at: number };

/** The seam with one fault: an error at the `at`-th call, or a change to `victim` once it has been looked at and `at` calls passed. */
function faulty(fs: FileSystem, fault: Fault): FileSystem {
  let calls = 0;
  let seen = false;
  let active = false;
  const victim = fault.kind === 'throw' ? '' : fault.victim;
  const parent = victim.slice(0, victim.lastIndexOf('/'));
  const name = victim.slice(victim.lastIndexOf('/') + 1);
  const under = (path: string) => path === victim || path.startsWith(`${victim}/`);
  // treeward has looked at the victim once it asked about it, or listed the directory holding it
  const step = (path: string, listing = false): void => {
    calls++;
    if (fault.kind === 'throw') {
      if (calls === fault.at) throw new FsError(fault.code, path);
      return;
    }
    if (seen && calls >= fault.at) active = true;
    if (under(path) || (listing && path === parent)) seen = true;
  };
  return {
    lstat(path) {
      step(path);
      if (active && under(path)) return fault.kind === 'vanish' ? null : path === victim ? 'symlink' : null;
      return fs.lstat(path);
    },
    readlink(path) {
      step(path);
      if (active && under(path)) return fault.kind === 'become-link' && path === victim ? '/' : null;
      return fs.readlink(path);
    },
    readdir(path) {
      step(path, true);
      if (active && under(path)) return fault.kind === 'become-link' && path === victim ? fs.readdir('/') : null;
      const names = fs.readdir(path);
      if (active && fault.kind === 'vanish' && path === parent && names) return names.filter((n) => n !== name);
      return names;
    },
    readFile(path) {
      step(path);
      if (active && under(path)) return null;
      return fs.readFile ? fs.readFile(path) : null;
    },
  };
}

function options(fs: FileSystem, dialect: 'bash' | 'sh' | 'zsh'): ApproveOptions {
  return { tree, home, tempDir: '/tmp', dialect, fs };
}

function sameOrDeny(faulted: Verdict, base: Verdict): boolean {
  if (faulted.decision === 'deny') return true;
  return base.decision === 'allow' && faulted.command === base.command;
}

describe('faults in the fs seam', () => {
  it('the lines judge differently from each other without faults (the fixture is not inert)', () => {
    const verdicts = lines.map((line) => approve(line, options(volume(), 'bash')).decision);
    expect(verdicts).toContain('allow');
    expect(verdicts).toContain('deny');
  });

  it('an error from the fs anywhere is a deny (internal-error) or the same allow', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lines), fc.constantFrom('EACCES', 'ELOOP', 'EIO', 'EUNKNOWN'), fc.integer({ min: 1, max: 120 }), fc.constantFrom('bash', 'sh', 'zsh'), (line, code, at, dialect) => {
        const d = dialect as 'bash' | 'sh' | 'zsh';
        const base = approve(line, options(volume(), d));
        const faulted = approve(line, options(faulty(volume(), { kind: 'throw', code, at }), d));
        expect(sameOrDeny(faulted, base), `${line} [${d}] with ${code} at call ${at}: ${JSON.stringify(faulted)} vs ${JSON.stringify(base)}`).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('an entry that vanishes, or becomes a link to /, after treeward looked at it: a deny or the same allow', () => {
    fc.assert(
      fc.property(fc.constantFrom(...lines), fc.constantFrom<'vanish' | 'become-link'>('vanish', 'become-link'), fc.constantFrom(...victims), fc.integer({ min: 0, max: 80 }), fc.constantFrom('bash', 'sh', 'zsh'), (line, kind, victim, at, dialect) => {
        const d = dialect as 'bash' | 'sh' | 'zsh';
        const base = approve(line, options(volume(), d));
        const faulted = approve(line, options(faulty(volume(), { kind, victim, at }), d));
        expect(sameOrDeny(faulted, base), `${line} [${d}]: ${victim} ${kind} after call ${at}: ${JSON.stringify(faulted)} vs ${JSON.stringify(base)}`).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('the snapshot answers a second read from memory and refuses contradictions', () => {
    const fs = volume();
    let calls = 0;
    const counting: FileSystem = { lstat: (p) => (calls++, fs.lstat(p)), readlink: (p) => (calls++, fs.readlink(p)), readdir: (p) => (calls++, fs.readdir(p)) };
    const snap = snapshotFileSystem(counting);
    expect(snap.lstat(`${tree}/src`)).toBe('directory');
    expect(snap.lstat(`${tree}/src`)).toBe('directory');
    expect(calls).toBe(1);
    // a listing that no longer holds a name lstat saw
    const vanishing: FileSystem = { ...fs, readdir: (p) => (p === `${tree}/src` ? ['b.ts'] : fs.readdir(p)) };
    const snap2 = snapshotFileSystem(vanishing);
    expect(snap2.lstat(`${tree}/src/a.ts`)).toBe('file');
    expect(() => snap2.readdir(`${tree}/src`)).toThrow(FsError);
    // a "file" with a link target
    const relinked: FileSystem = { ...fs, readlink: (p) => (p === `${tree}/src/a.ts` ? '/' : fs.readlink(p)) };
    const snap3 = snapshotFileSystem(relinked);
    expect(snap3.lstat(`${tree}/src/a.ts`)).toBe('file');
    expect(() => snap3.readlink(`${tree}/src/a.ts`)).toThrow(FsError);
    // a change the approver meets is a deny: `build` is a directory to lstat, but cannot be listed
    const unlisted: FileSystem = { ...fs, readdir: (p) => (p === `${tree}/build` ? null : fs.readdir(p)) };
    expect(approve('rm -rf build/*', options(unlisted, 'bash')).decision).toBe('deny');
    expect(approve('rm -rf build/*', options(fs, 'bash')).decision).toBe('allow');
    // a link whose target cannot be read is one treeward cannot follow: a deny that says so
    const unlinked: FileSystem = { ...fs, readlink: (p) => (p === `${tree}/out` ? null : fs.readlink(p)) };
    const verdict = approve('rm -rf out/notes.txt', options(unlinked, 'bash'));
    expect(verdict.decision === 'deny' && verdict.reason).toMatch(/cannot follow its links/);
    // an fs error nothing inside catches is an internal-error deny naming the path
    const failing: FileSystem = { ...fs, lstat: (p) => (p === `${home}/.bashrc` ? (() => { throw new FsError('EIO', p); })() : fs.lstat(p)) };
    const broken = approve('echo x > ~/.bashrc', options(failing, 'bash'));
    expect(broken.decision).toBe('deny');
  });
});
