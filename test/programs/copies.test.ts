// A copy or move whose sources are regular files, or directories holding no
// link, cannot plant a link (issue 16 item 2): later writes and removals
// through its destination are judged as usual. Each invocation below runs for
// real (GNU cp, mv, ln, mkdir) under sh in the bubblewrap sandbox of
// test/support/shells.ts, on a scratch tree in its tmpfs, and the table
// records whether a symbolic link landed where the program put things. Then
// the approver judges the invocation followed by a removal and a write
// through the destination: it must refuse them (`removal-unfixed-target`,
// `write-unfixed-target`) whenever a link landed, and it approves them only
// as the row's `through` says. Where no link landed and treeward still
// refuses, the row says why (a hard link is a second name of its source).
// A glob removal in the destination after it is approved only as the row's
// `glob` says: never where a link landed, and not after a copied or moved
// directory (a directory the line made, issue 16).
//
// cp(1) (GNU coreutils 9.1): "-R, -r, --recursive copy directories
// recursively", with "-P, --no-dereference never follow symbolic links in
// SOURCE" the default when copying recursively, so a link inside a copied
// directory is copied as a link; "-s, --symbolic-link make symbolic links
// instead of copying", "-l, --link hard link files instead of copying".
// mv(1) renames, so a moved directory keeps the links it holds.
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice,
// elsewhere.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type Entry, type Layout, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/programs/copies.test.ts');

const REAL = ['mv', 'cp', 'ln', 'mkdir'];
const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };

/** The scratch tree: files, a directory of files, a directory holding a link out, links to a file and to a directory. */
const base: Record<string, Entry> = {
  'a.txt': 'a\n',
  'b.txt': 'b\n',
  'dir/': {},
  'sub/x.txt': 'x\n',
  'sub/deep/y.txt': 'y\n',
  'linked/x.txt': 'x\n',
  'linked/out': { symlink: '@OUTSIDE' },
  linkdir: { symlink: 'dir' },
  linkfile: { symlink: 'a.txt' },
};

interface Copy {
  /** The invocation, run by sh in the work dir. */
  run: string;
  /** Where its copies landed (relative): the probes go through it. */
  dest: string;
  /** Whether GNU put a symbolic link at or below `dest`. */
  landsLink: boolean;
  /** Whether treeward approves a removal and a write through `dest` after it. */
  through: 'allow' | 'deny';
  /**
   * Whether treeward approves a glob removal in `dest` after it (issue 16: only a cp or mv of regular files, or a cp
   * that follows links, is known to make neither a link nor a directory; a copied or moved directory is a directory).
   */
  glob: 'allow' | 'deny';
  why: string;
}

const copies: Copy[] = [
  { run: 'cp a.txt out', dest: 'out', landsLink: false, through: 'allow', glob: 'allow', why: 'a copy of a regular file is a regular file' },
  { run: 'cp a.txt dir/', dest: 'dir/a.txt', landsLink: false, through: 'allow', glob: 'allow', why: 'into a directory: dir/a.txt is a regular file' },
  { run: 'cp a.txt b.txt dir', dest: 'dir/b.txt', landsLink: false, through: 'allow', glob: 'allow', why: 'several regular files into a directory' },
  { run: 'cp -a a.txt out', dest: 'out', landsLink: false, through: 'allow', glob: 'allow', why: '`-a` keeps links as links, and a regular file has none' },
  { run: 'cp -P a.txt out', dest: 'out', landsLink: false, through: 'allow', glob: 'allow', why: '`-P` the same' },
  { run: 'mv a.txt out', dest: 'out', landsLink: false, through: 'allow', glob: 'allow', why: 'a moved regular file is a regular file' },
  { run: 'mv a.txt dir', dest: 'dir/a.txt', landsLink: false, through: 'allow', glob: 'allow', why: 'moved into a directory' },
  { run: 'cp -r sub out', dest: 'out', landsLink: false, through: 'allow', glob: 'deny', why: 'a directory of files and directories, no link: the copy holds none' },
  { run: 'cp -r sub/ out', dest: 'out', landsLink: false, through: 'allow', glob: 'deny', why: 'the same with a trailing slash on the source' },
  { run: 'mv sub out', dest: 'out', landsLink: false, through: 'allow', glob: 'deny', why: 'a moved directory holding no link' },
  { run: 'cp -r linked out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: 'a link inside a copied directory is copied as a link' },
  { run: 'cp -a linked out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: '`-a` the same' },
  { run: 'mv linked out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: 'a moved directory keeps its links' },
  { run: 'cp -P linkdir out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: 'a link copied as a link' },
  { run: 'cp -a linkdir out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: '`-a` copies the link itself' },
  { run: 'mv linkdir out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: 'a moved link is a link' },
  { run: 'cp -s "$PWD/a.txt" out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: '`-s` makes a symbolic link' },
  { run: 'cp -l a.txt out', dest: 'out', landsLink: false, through: 'deny', glob: 'deny', why: '`-l`: a hard link, a second name of a.txt (writes through it write a.txt)' },
  {
    run: 'cp linkfile out', dest: 'out', landsLink: false, through: 'allow', glob: 'allow',
    why: 'cp without -R, -P, -d or -a follows a link among its sources: the copy is a regular file (issue 16)',
  },
  { run: 'cp -d linkfile out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: '`-d` copies the link itself' },
  { run: 'ln -s "$PWD/dir" sub/l && cp -r sub out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: 'a link the line put in the source before copying it' },
  { run: 'ln -s "$PWD/dir" a.txt.l && mv a.txt.l a.txt && cp -P a.txt out', dest: 'out', landsLink: true, through: 'deny', glob: 'deny', why: 'a source the line moved a link onto' },
  { run: 'mkdir -p new && cp a.txt new/', dest: 'new/a.txt', landsLink: false, through: 'allow', glob: 'deny', why: 'mkdir makes a real directory, and the copy is a regular file' },
];

const caseId = (i: number) => `copies:${i}`;
const layout: Layout = { work: base };

/** The line followed by a removal and a write through the destination. */
const probes = (c: Copy) => [`${c.run} && rm -rf ${c.dest}/etc`, `${c.run} && echo x > ${c.dest}/x`];
/** The line followed by a glob removal in the destination. */
const globProbe = (c: Copy) => `${c.run} && rm -rf ${c.dest}/*`;

describe.skipIf(!available)('copies and moves, run for real: a link lands only where treeward refuses what goes through it', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    results = await runLines(copies.map((c, i) => ({ id: caseId(i), shell: 'sh', command: c.run, layout, run: true, parseCheck: false })), { timeoutSec: 2, real: REAL });
  });

  afterAll(() => {
    console.log(`copies: ${copies.length} invocations run with GNU cp/mv/ln, ${copies.filter((c) => c.through === 'allow').length} approved through their destination`);
  });

  copies.forEach((c, i) => {
    it(`${c.run} — ${c.why}`, () => {
      const r = results.get(caseId(i));
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const ran = r!.ran!;
      expect(ran.exit, `the invocation failed: ${ran.stderr}`).toBe(0);
      const under = (p: string) => p === c.dest || p.startsWith(`${c.dest}/`);
      const landed = [...ran.created, ...ran.modified].filter((e) => under(e.path));
      expect(landed.length, 'something landed at the destination').toBeGreaterThan(0);
      expect(landed.some((e) => e.type === 'symlink'), `what landed: ${landed.map((e) => `${e.path} (${e.type})`).join(', ')}`).toBe(c.landsLink);

      const fs = fileSystemFrom(volumeOfLayout(layout) as never);
      for (const line of probes(c)) {
        const verdict = approve(line, { dialect: 'sh', tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs });
        const seen = verdict.decision === 'allow' ? 'allow' : `deny ${verdict.id}: ${verdict.reason}`;
        if (c.landsLink || c.through === 'deny') expect(seen, line).toMatch(/^deny (removal|write)-unfixed-target/);
        else expect(seen, line).toBe('allow');
      }
      const glob = approve(globProbe(c), { dialect: 'sh', tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs });
      const globSeen = glob.decision === 'allow' ? 'allow' : `deny ${glob.id}: ${glob.reason}`;
      if (c.landsLink || c.glob === 'deny') expect(globSeen, globProbe(c)).toMatch(/^deny removal-unfixed-target/);
      else expect(globSeen, globProbe(c)).toBe('allow');
    });
  });
});

/**
 * A write whose last name is a link the line made opens what the link points
 * to (open(2) follows a final symlink): the write lands there, so it is not
 * fixed either. Run for real: the file in the home directory changes.
 */
const atLinks: { run: string; changes: string }[] = [
  { run: 'ln -s "$HOME/.bashrc" notes && echo x >> notes', changes: '.bashrc' },
  { run: 'cp -s "$HOME/.profile" p && echo x > p', changes: '.profile' },
  { run: 'ln -s "$HOME/.bashrc" notes && echo x | tee -a notes', changes: '.bashrc' },
];
const homeLayout: Layout = { work: { 'a.txt': 'a\n' }, home: { '.bashrc': '# rc\n', '.profile': '# profile\n' } };

describe.skipIf(!available)('a write to a link the line made, run for real, lands where the link points', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    results = await runLines(atLinks.map((c, i) => ({ id: `at-link:${i}`, shell: 'sh', command: c.run, layout: homeLayout, run: true, parseCheck: false })),
      { timeoutSec: 2, real: [...REAL, 'tee'] });
  });

  atLinks.forEach((c, i) => {
    it(c.run, () => {
      const r = results.get(`at-link:${i}`);
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      // paths are relative to the work dir, beside which the home directory stands
      expect(r!.ran!.modified.map((e) => e.path), 'what the run changed').toContain(`../home/${c.changes}`);
      const fs = fileSystemFrom(volumeOfLayout(homeLayout) as never);
      const verdict = approve(c.run, { dialect: 'sh', tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs });
      expect(verdict.decision === 'allow' ? 'allow' : verdict.id, c.run).toBe('write-unfixed-target');
    });
  });
});
