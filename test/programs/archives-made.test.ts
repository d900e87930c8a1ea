// An archive the line itself makes from content treeward lists is read for
// what it holds (issue 13 item 5, walk/archives.ts): a later extraction of
// it writes exactly those members, and only a link member counts as placed
// by the line. Each line below runs for real (GNU tar 1.34, bsdtar 3.6.2,
// Info-ZIP zip 3.0 and unzip 6.00) under sh in the bubblewrap sandbox of
// test/support/shells.ts, on a scratch tree in its tmpfs, and the table
// compares what landed below `out` (names and kinds) with what treeward
// read: the extraction's member writes are the names that landed; a write
// through a landed link is `write-unfixed-target`; a write through a landed
// directory is approved where the archive is read, and refused where it is
// not (any name an unread archive holds may be a link).
//
// tar(1): "-h, --dereference Follow symlinks; archive and dump the files
// they point to"; GNU tar strips a leading `/` from member names ("Removing
// leading `/' from member names"). zip(1): "-y Store symbolic links as
// such in the zip archive, instead of compressing and storing the file
// referred to by the link"; without it zip follows the link. zip adds to an
// archive that exists ("zip will replace identically named entries in the
// zip archive or add entries for new names").
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice,
// elsewhere.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type Entry, type Layout, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/programs/archives-made.test.ts');

const REAL = ['tar', 'bsdtar', 'zip', 'unzip', 'gzip', 'ln', 'mkdir', 'cp'];
const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };
/** The sandbox runs Linux's programs: the lines are read as the hook reads them there (unzip's BSD reading takes `-d out` after the archive as a member). */
const OPTIONS = { dialect: 'sh', tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, platform: 'linux' } as const;

/** The scratch tree: files, a directory holding a directory and a link out, a project with its own `.git`. */
const work: Record<string, Entry> = {
  'a.txt': 'a\n',
  'd/f': 'f\n',
  'd/sub/g': 'g\n',
  'd/l': { symlink: '@OUTSIDE/dir' },
  'proj/main.c': 'int main(){}\n',
  'proj/.git/config': '[core]\n',
  'out/': {},
};
const layout: Layout = { work, home: { '.bashrc': '# rc\n' }, outside: { 'dir/keep': 'keep\n' } };

interface Made {
  /** The line, run by sh in the work dir: it makes an archive and extracts it into `out`. */
  run: string;
  /** Whether treeward reads the archive's members (else the extraction is read as any archive's). */
  read: boolean;
  why: string;
}

const made: Made[] = [
  { run: 'tar -cf a.tar d && tar -xf a.tar -C out', read: true, why: 'a directory walked: a file, a directory, a link' },
  { run: 'tar -cf a.tar ./d a.txt && tar -xf a.tar -C out', read: true, why: 'a `./` name, stored as typed and landing below out' },
  { run: 'tar -cf a.tar d/ && tar --extract --file=a.tar --directory=out', read: true, why: 'a trailing slash on a directory; long options' },
  { run: 'tar -czf a.tgz d/sub a.txt && tar -xzf a.tgz -C out', read: true, why: 'compressed' },
  { run: 'tar -cf a.tar "$PWD/a.txt" && tar -xf a.tar -C out', read: true, why: 'an absolute name loses its leading `/`' },
  { run: 'bsdtar -cf a.tar d && bsdtar -xf a.tar -C out', read: true, why: 'bsdtar both ways' },
  { run: 'tar -cf a.tar d && bsdtar -xf a.tar -C out', read: true, why: "GNU tar's archive, bsdtar's extraction" },
  { run: 'zip -qry a.zip d && unzip -q a.zip -d out', read: true, why: 'zip -y keeps the link as a link' },
  { run: 'zip -qr a.zip d/sub a.txt && unzip -q a.zip -d out', read: true, why: 'no link to follow' },
  { run: 'zip -qr a.zip d && unzip -q a.zip -d out', read: false, why: 'zip without -y follows the link: what it holds is not listed' },
  { run: 'echo hi > new.txt && ln -s "$HOME" hl && tar -cf a.tar new.txt hl && tar -xf a.tar -C out', read: true, why: 'a file and a link the line made' },
  { run: 'mkdir -p m/n && echo x > m/n/f && tar -cf a.tar m && tar -xf a.tar -C out', read: true, why: 'directories and a file the line made' },
  // --strip-components=N: each member loses N components, one with no more is not extracted (tar(1) "--strip-components=NUMBER
  // strip NUMBER leading components from file names on extraction"); names stored with `./` or `//` are counted differently by
  // GNU tar 1.34 and bsdtar 3.6.2 (`.//d/sub` stripped by 1: GNU extracts nothing, bsdtar `d/sub`), so those are not read
  { run: 'tar -cf a.tar d && tar -xf a.tar -C out --strip-components=1', read: true, why: '--strip-components=1: d/ is left out, d/f lands as f' },
  { run: 'tar -cf a.tar d a.txt && tar -xf a.tar -C out --strip-components 2', read: true, why: 'two components: only d/sub/g lands, as g' },
  { run: 'bsdtar -cf a.tar d && bsdtar -xf a.tar -C out --strip-components=1', read: true, why: "bsdtar's --strip-components" },
  { run: 'tar -cf a.tar ./d && tar -xf a.tar -C out --strip-components=1', read: false, why: 'a `./` name: its components are not counted' },
  { run: 'tar -cf a.tar d && tar -xf a.tar -C out --strip-components="$n"', read: false, why: 'a count the line does not fix' },
  // -C DIR changes where the names after it are read; the archive is opened where the shell is (GNU tar 1.34, bsdtar 3.6.2 runs)
  { run: 'tar -cf a.tar -C d . && tar -xf a.tar -C out', read: true, why: '-C d .: the members are d\'s entries, under `./`' },
  { run: 'tar -C d -cf a.tar f sub && tar -xf a.tar -C out', read: true, why: '-C before -f: the archive is still ./a.tar' },
  { run: 'tar -cf a.tar a.txt -C d sub -C sub g && tar -xf a.tar -C out', read: true, why: 'each -C relative to the one before' },
  { run: 'tar --directory=d -cf a.tar l && tar -xf a.tar -C out', read: true, why: 'a link read in the -C directory' },
  { run: 'bsdtar -cf a.tar a.txt -C d sub && bsdtar -xf a.tar -C out', read: true, why: "bsdtar's -C among the names" },
  { run: 'tar -cf a.tar -C d/sub .. && tar -xf a.tar -C out', read: false, why: '`..` is resolved by the kernel' },
  { run: 'tar -cf a.tar -C "$PWD/d" f && tar -xf a.tar -C out', read: true, why: 'an absolute -C' },
  // globs among the names: the shell lists them in its own directory, before tar changes to any -C one
  { run: 'tar -cf a.tar d/* && tar -xf a.tar -C out', read: true, why: 'a glob in a directory' },
  { run: 'echo n > n.txt && tar -cf a.tar *.txt d/s* && tar -xf a.tar -C out', read: true, why: 'globs matching names the fs and the line made' },
  { run: 'mkdir m && echo x > m/a.txt && tar -cf a.tar -C m *.txt && tar -xf a.tar -C out', read: true, why: 'the glob expands here, tar reads it in m' },
  { run: 'tar -cf a.tar */* && tar -xf a.tar -C out', read: false, why: 'a wildcard in a directory part' },
  { run: 'echo x > ./-v && tar -cf a.tar *.txt -* && tar -xf a.tar -C out', read: false, why: 'a match starting with `-` is an option to tar' },
  { run: 'tar -chf a.tar d && tar -xf a.tar -C out', read: false, why: '-h stores what a link points to' },
  { run: "tar -cf a.tar --transform='s,^,x/,' d && tar -xf a.tar -C out", read: false, why: '--transform renames the members' },
  { run: 'zip -q a.zip a.txt && zip -qry a.zip d && unzip -q a.zip -d out', read: false, why: 'the second zip adds to the first archive' },
  { run: 'tar -cf a.tar a.txt && cp -P d/l a.tar; tar -xf a.tar -C out', read: false, why: 'something wrote the archive after it was made' },
  { run: 'tar -cf a.tar d/sub; for i in 1 2; do tar -xf a.tar -C out; done', read: false, why: 'an extraction in a loop' },
];

const caseId = (i: number) => `made:${i}`;

/** What the extraction wrote, by the approver's reading: the member writes' paths below the work dir. */
function readMembers(line: string): string[] {
  const { effects } = explain(line, { ...OPTIONS, fs: fileSystemFrom(volumeOfLayout(layout) as never) });
  const members = effects.filter((e) => e.kind === 'write' && /^(tar -x|unzip)$/.test(e.by) && !e.recursive);
  return [...new Set(members.flatMap((e) => (e.paths ?? []).map((p) => p.slice(IN_WORK.length + 1))))].filter((p) => p !== 'out').sort();
}

function verdictOf(line: string): string {
  const fs = fileSystemFrom(volumeOfLayout(layout) as never);
  const verdict = approve(line, { ...OPTIONS, fs });
  return verdict.decision === 'allow' ? 'allow' : `deny ${verdict.id}`;
}

describe.skipIf(!available)('archives the line made, created and extracted for real: treeward reads the members that land', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    results = await runLines(made.map((c, i) => ({ id: caseId(i), shell: 'sh', command: c.run, layout, run: true, parseCheck: false })),
      { timeoutSec: 4, real: REAL });
  });

  afterAll(() => {
    console.log(`archives made: ${made.length} lines run with GNU tar, bsdtar, zip and unzip, ${made.filter((c) => c.read).length} read for their members`);
  });

  made.forEach((c, i) => {
    it(`${c.run} — ${c.why}`, () => {
      const r = results.get(caseId(i));
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const ran = r!.ran!;
      const landed = [...ran.created, ...ran.modified].filter((e) => e.path.startsWith('out/'));
      const links = landed.filter((e) => e.type === 'symlink').map((e) => e.path);
      const dirs = landed.filter((e) => e.type === 'dir' || e.type === 'directory').map((e) => e.path);
      if (c.read) {
        expect(ran.exit, `the line failed: ${ran.stderr}`).toBe(0);
        const read = readMembers(c.run);
        expect(read, 'every name that landed is a member treeward read').toEqual(expect.arrayContaining(landed.map((e) => e.path)));
        // more only below a landed link (ln's reading of `ln -s T hl` places hl/T too, for a directory standing there)
        const extra = read.filter((p) => !landed.some((e) => e.path === p));
        expect(extra.filter((p) => !links.some((l) => p.startsWith(`${l}/`))), 'members read that did not land').toEqual([]);
      } else expect(readMembers(c.run), 'an unread archive has no member writes').toEqual([]);
      for (const link of links) expect(verdictOf(`${c.run} && echo x > ${link}/probe`), `through the link ${link}`).toBe('deny write-unfixed-target');
      for (const dir of dirs) {
        expect(verdictOf(`${c.run} && echo x > ${dir}/probe`), `through the directory ${dir}`).toBe(c.read ? 'allow' : 'deny write-unfixed-target');
      }
    });
  });
});

/** Members that land on a protected path, or outside the tree: judged as the writes they are. */
const landing: { run: string; verdict: string; lands: string }[] = [
  { run: 'tar -cf a.tar proj && tar -xf a.tar -C out', verdict: 'deny protected-write', lands: 'out/proj/.git/config' },
  { run: 'printf x > .bashrc && tar -cf a.tar .bashrc && tar -xf a.tar -C "$HOME"', verdict: 'deny protected-write', lands: '../home/.bashrc' },
  { run: 'tar -cf a.tar a.txt && tar -xf a.tar -C "$HOME"', verdict: 'allow', lands: '../home/a.txt' },
  { run: 'printf x > .bashrc && zip -q b.zip .bashrc && unzip -oq b.zip -d "$HOME"', verdict: 'deny protected-write', lands: '../home/.bashrc' },
  { run: 'zip -qr b.zip d/sub && unzip -q b.zip -d "$HOME"', verdict: 'allow', lands: '../home/d/sub/g' },
  // what an extraction writes is content the line wrote: running it is running code nobody read (SPEC §3 "commands it runs")
  { run: 'tar -chf a.tar d && tar -xf a.tar -C out && sh out/d/f', verdict: 'deny dynamic-code', lands: 'out/d/f' },
  { run: 'tar -cf a.tar d && tar -xf a.tar -C out && sh out/d/f', verdict: 'deny dynamic-code', lands: 'out/d/f' },
  { run: 'tar -chf a.tar d && tar -xf a.tar -C out && . out/d/sub/g', verdict: 'deny dynamic-code', lands: 'out/d/sub/g' },
  { run: 'zip -qr b.zip d && unzip -q b.zip -d out && cd out && sh d/f', verdict: 'deny dynamic-code', lands: 'out/d/f' },
  { run: 'tar -cf a.tar d --strip-components=1 && tar -xf a.tar -C out --strip-components=1 && cat out/f', verdict: 'allow', lands: 'out/f' },
  { run: "tar -cf a.tar d && tar -xf a.tar -C out --strip-components=1 && echo x > out/l/probe", verdict: 'deny write-unfixed-target', lands: 'out/l' },
  { run: "tar -cf a.tar proj && tar -xf a.tar -C out --strip-components=1", verdict: 'deny protected-write', lands: 'out/.git/config' },
];

describe.skipIf(!available)('members of an archive the line made land where treeward judges them', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    results = await runLines(landing.map((c, i) => ({ id: `landing:${i}`, shell: 'sh', command: c.run, layout, run: true, parseCheck: false })),
      { timeoutSec: 4, real: REAL });
  });

  landing.forEach((c, i) => {
    it(c.run, () => {
      const r = results.get(`landing:${i}`);
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      expect([...r!.ran!.created, ...r!.ran!.modified].map((e) => e.path), 'what the run wrote').toContain(c.lands);
      expect(verdictOf(c.run)).toBe(c.verdict);
    });
  });
});
