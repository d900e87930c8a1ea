// The writers, runners and tools of issue 13 (src/approver/programs/
// writers.ts, runners.ts, tools.ts, archives.ts), run for real under sh in
// the bubblewrap sandbox of test/support/shells.ts on a scratch tree: each
// invocation's table row records what the program did (its exit status and
// the paths it created `+`, removed `-` or modified `~`, relative to the
// work dir; home paths as `~/…`), and the approver must list (explain()'s
// effects, not counting the words handed to programs it does not read)
// every path the run changed. Programs the machine lacks are left out with
// a notice. Not run: rustc and go (not in the sandbox's /usr); gcc and cc,
// whose driver cannot find cc1 through the sandbox's PATH shims (the rows
// are checked by test/programs/writers.test.ts alone).
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice, elsewhere.

import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { describeListed, diffEvents, unlisted } from '../regression/argv-effects.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type Entry, type Layout, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/programs/writers-sandbox.test.ts');

const PROGRAMS = ['split', 'csplit', 'shuf', 'xxd', 'openssl', 'ssh-keygen', 'patch', 'link', 'sqlite3', 'cmake', 'tar', 'unzip', 'mkdir', 'uniq'];
const present = PROGRAMS.filter((p) => existsSync(`/usr/bin/${p}`));
const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };

const base: Record<string, Entry> = {
  'a.txt': '1\n2\n3\n4\n',
  'main.c': 'int main(void){return 0;}\n',
  'dump.hex': '00000000: 6869 0a                                  hi.\n',
  'fix.diff': '--- a/a.txt\n+++ b/a.txt\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n',
  'dir/': {},
};

interface Invocation { run: string; did: string; program: string; why: string }

const invocations: Invocation[] = [
  { program: 'split', run: 'split -l 2 a.txt part_', did: '0 +part_aa +part_ab', why: 'split(1): pieces PREFIXaa, PREFIXab' },
  { program: 'split', run: 'split -n 2 -a 1 --additional-suffix=.txt a.txt p', did: '0 +pa.txt +pb.txt', why: 'a suffix length and an added suffix' },
  { program: 'split', run: 'split -l 2 a.txt', did: '0 +xaa +xab', why: 'the default prefix x' },
  { program: 'csplit', run: 'csplit -s -f sec_ a.txt 3', did: '0 +sec_00 +sec_01', why: 'csplit(1): PREFIX00, PREFIX01' },
  { program: 'shuf', run: 'shuf -o out.txt a.txt', did: '0 +out.txt', why: 'shuf(1) -o' },
  { program: 'shuf', run: 'shuf --output=dir/o.txt -e x y', did: '0 +dir/o.txt', why: '--output=FILE' },
  { program: 'xxd', run: 'xxd -r dump.hex bin.out', did: '0 +bin.out', why: 'xxd(1) -r: the second operand' },
  { program: 'xxd', run: 'xxd a.txt a.hex', did: '0 +a.hex', why: 'a dump into the second operand' },
  { program: 'openssl', run: 'openssl rand -out r.bin 8', did: '0 +r.bin', why: 'openssl(1) -out' },
  { program: 'openssl', run: 'openssl genpkey -algorithm ed25519 -out k.pem', did: '0 +k.pem', why: 'a key written by -out' },
  { program: 'ssh-keygen', run: "ssh-keygen -q -t ed25519 -N '' -f dir/k", did: '0 +dir/k +dir/k.pub', why: 'ssh-keygen(1) -f: the key and its .pub' },
  { program: 'ssh-keygen', run: "echo | ssh-keygen -q -t ed25519 -N ''", did: '0 +~/.ssh +~/.ssh/id_ed25519 +~/.ssh/id_ed25519.pub', why: 'no -f: ~/.ssh/id_TYPE' },
  { program: 'patch', run: 'patch -s -p1 < fix.diff', did: '0 ~a.txt', why: 'patch(1): the file the diff names (refused: the diff is a file treeward does not read)' },
  { program: 'patch', run: 'patch -s -p1 <<EOF\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-1\n+one\nEOF', did: '0 ~a.txt', why: 'a literal diff: its names, -p1 stripped' },
  { program: 'patch', run: 'patch -s -o out.txt a.txt fix.diff', did: '0 +out.txt', why: '-o: the output instead of the original' },
  { program: 'uniq', run: 'uniq +2 a.txt out.txt', did: '0 +out.txt', why: 'uniq(1): `+2` is the obsolete `-s 2`, so out.txt is the output' },
  { program: 'link', run: 'link a.txt hard', did: '0 +hard', why: 'link(1): a hard link' },
  { program: 'sqlite3', run: "sqlite3 db.sqlite 'create table t(x);'", did: '0 +db.sqlite', why: 'the database file' },
  { program: 'sqlite3', run: "sqlite3 db.sqlite '.output o.txt' 'select 1;'", did: '0 +db.sqlite +o.txt', why: '.output FILE' },
  { program: 'cmake', run: 'cmake -E make_directory new', did: '0 +new', why: 'cmake(1) -E make_directory' },
  { program: 'cmake', run: 'cmake -E copy a.txt dir', did: '0 +dir/a.txt', why: '-E copy into a directory' },
  { program: 'cmake', run: 'cmake -E rm -f a.txt', did: '0 -a.txt', why: '-E rm' },
  { program: 'cmake', run: 'cmake -E rename a.txt b.txt', did: '0 -a.txt +b.txt', why: '-E rename' },
  { program: 'tar', run: 'tar -cf t.tar a.txt && mkdir x && tar -xf t.tar --directory=x', did: '0 +t.tar +x +x/a.txt', why: 'GNU tar: --directory=DIR' },
  { program: 'tar', run: 'tar -cf t.tar a.txt && tar -xf t.tar --dir=dir', did: '0 +dir/a.txt +t.tar', why: 'a prefix: --dir=' },
  { program: 'tar', run: 'tar -c --file=t.tar a.txt', did: '0 +t.tar', why: '--file=FILE' },
  { program: 'tar', run: 'tar -cf t.tar a.txt && tar -xf t.tar -C dir --one-top-level=top', did: '0 +dir/top +dir/top/a.txt +t.tar', why: '--one-top-level=DIR below -C' },
];

const caseId = (i: number) => `writers:${i}`;
const layout: Layout = { work: base };
const runnable = invocations.filter((inv) => present.includes(inv.program));

function observed(r: LineResult): string {
  const ran = r.ran!;
  const shown = (p: string) => (p.startsWith(`${IN_HOME}/`) ? `~/${p.slice(IN_HOME.length + 1)}` : p.startsWith(`${IN_WORK}/`) ? p.slice(IN_WORK.length + 1) : p);
  const changes = diffEvents(ran, IN_WORK).filter((e) => e.path !== IN_WORK && e.path !== IN_HOME)
    .map((e) => `${e.kind === 'removal' ? '-' : e.from.startsWith('fs: created') ? '+' : '~'}${shown(e.path)}`)
    .sort((x, y) => x.slice(1).localeCompare(y.slice(1)));
  return [String(ran.exit), ...changes].join(' ');
}

describe.skipIf(!available)('writers, runners and tools, run for real, against the approver', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    const missing = PROGRAMS.filter((p) => !present.includes(p));
    if (missing.length > 0) console.log(`writers-sandbox: not on this machine, left out: ${missing.join(', ')}`);
    results = await runLines(runnable.map((inv, i) => ({ id: caseId(i), shell: 'sh', command: inv.run, layout, run: true, parseCheck: false })),
      { timeoutSec: 10, real: present });
  }, 300_000);

  afterAll(() => console.log(`writers-sandbox: ${runnable.length} invocations of ${present.length} programs compared with the approver`));

  runnable.forEach((inv, i) => {
    it(`${inv.run.split('\n')[0]} — ${inv.why}`, () => {
      const r = results.get(caseId(i));
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const ran = r!.ran!;
      expect(observed(r!), `what ${inv.program} did (stderr: ${ran.stderr.trim() || 'none'})`).toBe(inv.did);
      const vol = volumeOfLayout(layout);
      const changes = diffEvents(ran, IN_WORK).filter((e) => e.path !== IN_WORK && e.path !== IN_HOME);
      const explanation = explain(inv.run, { dialect: 'sh', tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs: fileSystemFrom(vol as never) });
      const missed = unlisted(changes, explanation.effects, vol);
      expect(missed.map((e) => `${e.kind} of ${e.path} (${e.from})`), `the approver listed: ${explanation.effects.map(describeListed).join(' | ') || 'nothing'}`)
        .toEqual([]);
    });
  });
});
