// GNU option parsing and archives by what they do (issue 13 items 5 and 6),
// run for real under sh in the bubblewrap sandbox of test/support/shells.ts
// on a scratch tree: GNU coreutils 9.1, GNU tar 1.34 and bsdtar 3.6
// (libarchive-tools, installed by .ci/run). Each row records what the real
// program did (its exit status and the paths it created `+`, removed `-` or
// modified `~`, relative to the work dir), and then either
//  - the approver lists (explain()'s effects, not counting the words handed to
//    programs it does not read) every path the run changed, or
//  - (`deny`) approve() refuses the line with that id: what it did goes
//    through a path treeward cannot fix (a link an extraction made), so it is
//    not listed, it is refused.
// The classes:
//  1. glob matches that begin with `-` (src/approver/walk/option-globs.ts): a
//     file named `-rf` makes `rm -f *` recursive; `--checkpoint=1` and
//     `--checkpoint-action=exec=…` make `tar -cf a.tar *` run a command;
//     `-oFILE` makes `sort *` write FILE; `--` and `./*` keep them operands;
//  2. POSIXLY_CORRECT: GNU getopt stops at the first operand (split's prefix
//     `-x`), except where a program reads on past it (sort's `-o FILE`);
//     GNU patch 2.7.6 and grep 3.8 too (`patch a.txt --dry-run` reads its diff
//     from the file `--dry-run`; `grep -rl s sub --exclude-dir=.git` prunes nothing);
//  3. obsolete option forms: `split -N`, `sort +POS1 -POS2`, `uniq +N`, and
//     the readers' `head -N`, `tail +N`, `fold -N`, `pr -N`, `diff -N`, which
//     write nothing;
//  4. `cp --parents` writes DEST/SOURCE-PATH;
//  5. archives: renaming members (`--transform`, bsdtar `-s`) stays below the
//     directory without -P but under any name there; a link an extraction
//     makes is followed by a later write through it.
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice, elsewhere.

import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { describeListed, diffEvents, unlisted } from '../regression/argv-effects.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type Entry, type Layout, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/programs/gnu-options-sandbox.test.ts');

const PROGRAMS = ['rm', 'cp', 'mkdir', 'ln', 'touch', 'tar', 'bsdtar', 'sort', 'split', 'uniq', 'head', 'tail', 'fold', 'pr', 'diff', 'patch', 'grep', 'xargs', 'chmod'];
const present = PROGRAMS.filter((p) => existsSync(`/usr/bin/${p}`));
const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };

const base: Record<string, Entry> = {
  'a.txt': '1\n2\n3\n4\n',
  'b.txt': 'b 2\na 1\n',
  'dir/': {},
  'sub/': {},
  'sub/s.txt': 's\n',
};

interface Invocation {
  run: string;
  did: string;
  /** The programs it needs (left out, with a notice, where the machine lacks one). */
  needs: string[];
  why: string;
  /** Names standing in the work dir beside the base layout (files named like options). */
  files?: Record<string, Entry>;
  /** approve() refuses the line with this id. */
  deny?: string;
}

const invocations: Invocation[] = [
  // 1. glob matches that begin with `-`
  { needs: ['rm'], files: { '-rf': '' }, run: 'rm -f *', did: '0 -a.txt -b.txt -dir -sub -sub/s.txt', why: 'GNU rm: the file `-rf` is read as -r -f' },
  { needs: ['rm'], files: { '-rf': '' }, run: 'rm -f -- *', did: '1 --rf -a.txt -b.txt', why: 'after `--` every match is an operand: no recursion' },
  { needs: ['rm'], files: { '-rf': '' }, run: 'rm -f ./*', did: '1 --rf -a.txt -b.txt', why: '`./*` never starts with `-`' },
  {
    needs: ['tar'], files: { '--checkpoint=1': '', '--checkpoint-action=exec=touch pwned': '' }, run: 'tar -cf ../t.tar *', did: '0 +/lab/t.tar +pwned',
    why: 'GNU tar reads the two names as options and runs the checkpoint\'s command',
  },
  { needs: ['sort'], files: { '-oout.txt': '' }, run: 'sort *', did: '2 +out.txt', why: 'GNU sort: `-oout.txt` is -o out.txt, the output file (then exit 2 on the directories)' },
  { needs: ['sort'], files: { '-oout.txt': '' }, run: 'sort -- *', did: '2', why: 'after `--` it is a file sort cannot read (exit 2), nothing written' },
  // 2. POSIXLY_CORRECT
  { needs: ['split'], run: 'POSIXLY_CORRECT=1 split -l 2 a.txt -x', did: '0 +-xaa +-xab', why: 'no permutation: `-x` is the prefix operand' },
  { needs: ['split'], run: 'split -l 2 a.txt -x', did: '0 +x00 +x01', why: 'GNU permutes: `-x` is hex suffixes, the prefix stays `x`' },
  { needs: ['split'], run: 'export POSIXLY_CORRECT=1; split -l 2 a.txt -x', did: '0 +-xaa +-xab', why: 'exported by the line' },
  { needs: ['sort'], run: 'POSIXLY_CORRECT=1 sort a.txt -o out.txt', did: '0 +out.txt', why: 'sort.c: `-o FILE` after a file is still read (traditional usage)' },
  { needs: ['uniq'], run: 'POSIXLY_CORRECT=1 uniq a.txt -c', did: '0 +-c', why: 'uniq.c: after the first file every word is a file: `-c` is the output' },
  { needs: ['rm'], run: 'POSIXLY_CORRECT=1 rm -f dir -r', did: '1', why: 'no permutation: `-r` is a file, and dir is not removed' },
  // 3. obsolete option forms
  { needs: ['split'], run: 'split -2 a.txt p', did: '0 +paa +pab', why: 'split -N is --lines=N' },
  { needs: ['sort'], run: 'sort +1 -2 b.txt -o out.txt', did: '0 +out.txt', why: 'sort +POS1 -POS2 is a key; -o still names the output' },
  { needs: ['sort'], run: '_POSIX2_VERSION=200112 sort +1 b.txt -o out.txt', did: '2', why: 'under POSIX 2001 `+1` is a file (missing: exit 2)' },
  { needs: ['uniq'], run: 'uniq -1 a.txt out.txt', did: '0 +out.txt', why: 'uniq -N is --skip-fields=N' },
  { needs: ['uniq'], run: '_POSIX2_VERSION=200112 uniq +2 a.txt', did: '1', why: 'under POSIX 2001 `+2` is the input file (missing: exit 1)' },
  { needs: ['head'], run: 'head -2 a.txt', did: '0', why: 'head -N: a reader' },
  { needs: ['tail'], run: 'tail +3 a.txt', did: '0', why: 'tail +N: a reader' },
  { needs: ['fold'], run: 'fold -3 a.txt', did: '0', why: 'fold -N: a reader' },
  { needs: ['pr'], run: 'pr -2 -t a.txt', did: '0', why: 'pr -COLUMN: a reader' },
  { needs: ['diff'], run: 'diff -2 a.txt b.txt', did: '1', why: 'diff -NUM (context lines): a reader' },
  // 4. cp --parents
  { needs: ['cp'], run: 'cp --parents sub/s.txt dir', did: '0 +dir/sub +dir/sub/s.txt', why: 'cp --parents: DEST/SOURCE-PATH' },
  { needs: ['cp'], run: 'cp --parents -t dir sub/s.txt a.txt', did: '0 +dir/a.txt +dir/sub +dir/sub/s.txt', why: '--parents with -t' },
  // 5. archives
  {
    needs: ['tar'], run: "tar -cf t.tar a.txt && tar -xf t.tar -C dir --transform 's,^,../G_,'", did: '0 +dir/G_a.txt +t.tar',
    why: 'GNU tar strips the `../` a transform made',
  },
  {
    needs: ['bsdtar'], run: "bsdtar -cf t.tar a.txt && bsdtar -xf t.tar -C dir -s ',^,.git/hooks/,'",
    did: '0 +dir/.git +dir/.git/hooks +dir/.git/hooks/a.txt +t.tar', why: 'bsdtar -s renames a member to any name below the directory',
  },
  {
    needs: ['bsdtar'], run: "bsdtar -cf t.tar a.txt && bsdtar -xf t.tar -C dir -s ',^,/,'", did: '0 +dir/a.txt +t.tar',
    why: 'bsdtar drops the leading `/` a substitution made',
  },
  {
    needs: ['tar', 'ln', 'rm', 'touch'], run: 'ln -s .. up && tar -cf t.tar up && rm up && tar -xf t.tar -C dir && touch dir/up/x', did: '0 +dir/up +t.tar +x',
    why: 'a link the extraction made leads out of dir', deny: 'write-unfixed-target',
  },
  {
    needs: ['tar', 'rm'], run: 'tar -cf t.tar a.txt && tar -xf t.tar -C dir && rm t.tar', did: '0 +dir/a.txt',
    why: 'the archive itself, removed after the extraction, stays fixed',
  },
  // 2 (continued). grep 3.8 and patch 2.7.6 honour POSIXLY_CORRECT too
  {
    needs: ['patch'], files: { '--dry-run': '--- a.txt\n+++ a.txt\n@@ -1 +1 @@\n-1\n+one\n' }, run: 'POSIXLY_CORRECT=1 patch a.txt --dry-run',
    did: '0 ~a.txt', why: 'patch: `--dry-run` after the file is the diff file, and a.txt is patched',
  },
  {
    needs: ['grep', 'xargs', 'chmod'], files: { '.gitmodules': '[submodule "sub"]\n\tpath = sub\n\turl = x\n', 'sub/.git/': {}, 'sub/.git/config': 's\n' },
    run: 'POSIXLY_CORRECT=1 grep -rl s sub --exclude-dir=.git | xargs chmod 600', did: '0 ~sub/.git/config ~sub/s.txt',
    why: 'grep: `--exclude-dir=.git` after the directory is a file name, so sub/.git is listed (permuted, it is pruned)', deny: 'protected-write',
  },
];

const caseId = (i: number) => `gnu-options:${i}`;
const layoutOf = (inv: Invocation): Layout => ({ work: { ...base, ...(inv.files ?? {}) } });
const runnable = invocations.filter((inv) => inv.needs.every((p) => present.includes(p)));

function observed(r: LineResult): string {
  const ran = r.ran!;
  const shown = (p: string) => (p.startsWith(`${IN_WORK}/`) ? p.slice(IN_WORK.length + 1) : p);
  const changes = diffEvents(ran, IN_WORK).filter((e) => e.path !== IN_WORK && e.path !== IN_HOME)
    .map((e) => `${e.kind === 'removal' ? '-' : e.from.startsWith('fs: created') ? '+' : '~'}${shown(e.path)}`)
    .sort((x, y) => x.slice(1).localeCompare(y.slice(1)));
  return [String(ran.exit), ...changes].join(' ');
}

describe.skipIf(!available)('GNU option parsing and archives, run for real, against the approver', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    const missing = PROGRAMS.filter((p) => !present.includes(p));
    if (missing.length > 0) console.log(`gnu-options-sandbox: not on this machine, left out: ${missing.join(', ')}`);
    results = await runLines(runnable.map((inv, i) => ({ id: caseId(i), shell: 'sh', command: inv.run, layout: layoutOf(inv), run: true, parseCheck: false })),
      { timeoutSec: 10, real: present });
  }, 300_000);

  afterAll(() => console.log(`gnu-options-sandbox: ${runnable.length} invocations compared with the approver`));

  runnable.forEach((inv, i) => {
    it(`${inv.run} — ${inv.why}`, () => {
      const r = results.get(caseId(i));
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const ran = r!.ran!;
      expect(observed(r!), `what the programs did (stderr: ${ran.stderr.trim() || 'none'})`).toBe(inv.did);
      const vol = volumeOfLayout(layoutOf(inv));
      const options = { dialect: 'sh' as const, tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs: fileSystemFrom(vol as never) };
      if (inv.deny) {
        const verdict = approve(inv.run, options);
        expect(verdict.decision === 'deny' ? verdict.id : 'allow').toBe(inv.deny);
        return;
      }
      const changes = diffEvents(ran, IN_WORK).filter((e) => e.path !== IN_WORK && e.path !== IN_HOME);
      const explanation = explain(inv.run, options);
      const missed = unlisted(changes, explanation.effects, vol);
      expect(missed.map((e) => `${e.kind} of ${e.path} (${e.from})`), `the approver listed: ${explanation.effects.map(describeListed).join(' | ') || 'nothing'}`)
        .toEqual([]);
    });
  });
});
