// The real GNU coreutils against treeward's reading of their argv (SPEC §3
// "What a command does", "Platforms"). Each invocation below runs for real —
// `mv`, `cp`, `ln`, `install`, `rm`, `rmdir`, `mkdir`, `touch`, `chmod`, not
// the logging stubs — under sh (dash) in the bubblewrap sandbox of
// test/support/shells.ts, on a scratch tree in its tmpfs. The table records,
// for each, what the program did: its exit status and the paths it created
// (`+`), removed (`-`) or modified (`~`: content, mode, mtime or type),
// relative to the work dir; `refused` is a usage error (exit 1, `Try 'PROG
// --help'`) that changed nothing. Recorded with coreutils 9.1; the
// invocations avoid what later releases changed (`-n`, `-u`, `--update=`).
// chown and chgrp are not run: in the sandbox a user can only give a file to
// itself, which changes nothing the snapshot of the tree shows.
//
// For every invocation:
//  1. the run did what the table says;
//  2. the approver listed (explain()'s effects) every path the program
//     changed: it may list more (it reads the line for GNU and for BSD, and
//     it goes on past an option GNU refuses), never less;
//  3. the test's own model of argv (test/regression/argv-effects.ts, which
//     the containment and shell-agreement tests rely on) says what GNU does:
//     every path the run changed, nothing where GNU refused, and no path the
//     run left alone (except one that does not exist after it: an operand the
//     program could not find).
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice,
// elsewhere.

import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { callEvents, describeListed, diffEvents, inside, physical, unlisted, type PathEvent } from '../regression/argv-effects.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type Entry, type Layout, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/programs/coreutils.test.ts');

/** The programs that run for real (the rest of the sandbox's commands stay logging stubs). */
const REAL = ['mv', 'cp', 'ln', 'install', 'rm', 'rmdir', 'mkdir', 'touch', 'chmod'];
const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };

/** The scratch tree every invocation starts from: two files, an empty directory, a directory with a file, a link to a directory. */
const base: Record<string, Entry> = {
  'a.txt': 'a\n',
  'b.txt': 'b\n',
  'dir/': {},
  'sub/x.txt': 'x\n',
  linkdir: { symlink: 'dir' },
};

interface Invocation {
  /** The line, run by sh in the work dir. */
  run: string;
  /** What GNU did: `refused`, or the exit status and the changed paths (`+` created, `-` removed, `~` modified). */
  did: string;
  /** Entries added to the base tree. */
  tree?: Record<string, Entry>;
  /** What the case shows. */
  why: string;
}

const invocations: Invocation[] = [
  // options after operands: GNU getopt_long permutes them to the front
  { run: 'mv a.txt b.txt dir -v', did: '0 -a.txt -b.txt +dir/a.txt +dir/b.txt', why: '`-v` after the operands is an option; the destination is `dir`' },
  { run: 'mv a.txt b.txt dir -f', did: '0 -a.txt -b.txt +dir/a.txt +dir/b.txt', why: 'the same with `-f`' },
  { run: 'cp a.txt b.txt -rf', did: '0 ~b.txt', why: '`-rf` is an option cluster: a.txt is copied over b.txt' },
  { run: 'cp a.txt -r b.txt -f dir', did: '0 +dir/a.txt +dir/b.txt', why: 'options between operands are options too' },
  { run: 'rm sub -rf', did: '0 -sub -sub/x.txt', why: 'the removal is recursive' },
  { run: 'chmod 700 sub -R', did: '0 ~sub ~sub/x.txt', why: '`-R` after the operands makes chmod recursive' },
  { run: 'touch a.txt -d 2011-01-01', did: '0 ~a.txt', why: '`-d` after the operand takes the next word as its value' },
  { run: 'mkdir new/deep -p', did: '0 +new +new/deep', why: '`-p` after the operand' },
  { run: 'ln a.txt hard -v', did: '0 +hard', why: '`-v` is not a link name' },
  { run: 'install a.txt inst -m 600', did: '0 +inst', why: '`-m 600` after the operands: `600` is the mode, not an operand' },
  { run: 'POSIXLY_CORRECT=1 rm a.txt -f', did: '1 -a.txt', why: 'with POSIXLY_CORRECT GNU stops at the first operand, as BSD does: `-f` is a file name' },
  { run: 'POSIXLY_CORRECT=1 mv a.txt b.txt dir -v', did: '1', why: 'with POSIXLY_CORRECT `-v` is the destination, which is not a directory' },

  // invalid options: the program refuses the whole invocation
  { run: 'mv a.txt b.txt ls -lacat', tree: { 'ls/': {} }, did: 'refused', why: 'the cluster `-lacat` is permuted to the front, and `-l` is not an option of mv (seed -146203948)' },
  { run: 'rm -zq a.txt', did: 'refused', why: '`-z` is not an option of rm' },
  { run: 'cp a.txt c.txt -zq', did: 'refused', why: 'nor of cp, after the operands too' },
  { run: 'touch new.txt -A 01', did: 'refused', why: '`-A` is BSD touch\'s option (it takes a value), not GNU\'s' },
  // BSD's letters (file_cmds getopt strings, coreutils-options.ts) that GNU refuses: on linux these lines change nothing
  { run: 'rm -W a.txt', did: 'refused', why: '`-W` is BSD rm\'s undelete, not GNU\'s' },
  { run: 'chmod -N a.txt', did: 'refused', why: '`-N` is macOS chmod\'s "remove the ACL", not GNU\'s' },
  { run: 'install -M log a.txt b.txt', did: 'refused', why: '`-M METALOG` is BSD install\'s metadata log, not GNU\'s' },
  { run: 'mv -h a.txt dir', did: 'refused', why: '`-h` is BSD mv\'s "do not follow a target link", not GNU\'s' },
  { run: 'chmod -Rw a.txt', did: 'refused', why: 'a mode letter in a cluster makes the whole word the mode: `-Rw` is an invalid mode' },
  { run: 'chmod -v a.txt', did: 'refused', why: 'with no mode among the options the first operand is the mode: `a.txt` is an invalid mode' },
  { run: 'rm --force=x a.txt', did: 'refused', why: 'a flag given a value' },
  { run: 'mv a.txt -t', did: 'refused', why: '`-t` needs a value' },
  { run: 'mv --s=x a.txt dir', did: 'refused', why: '`--s` is ambiguous (`--strip-trailing-slashes`, `--suffix`)' },
  { run: 'mv a.txt --no dir', did: 'refused', why: '`--no` is ambiguous (`--no-clobber`, `--no-target-directory`)' },
  { run: 'cp --p sub/x.txt dir', did: 'refused', why: '`--p` is ambiguous (`--parents`, `--preserve`)' },
  { run: 'chmod --reference=a.txt -w b.txt', did: 'refused', why: 'a mode and `--reference` together' },

  // the target directory: -t DIR, -tDIR, --target-directory[=]DIR and its prefixes
  { run: 'mv -t dir a.txt b.txt', did: '0 -a.txt -b.txt +dir/a.txt +dir/b.txt', why: '`-t DIR`: every operand is a source' },
  { run: 'cp -tdir a.txt', did: '0 +dir/a.txt', why: '`-tDIR` glued' },
  { run: 'cp -vtdir a.txt', did: '0 +dir/a.txt', why: '`-t` glued after a flag in a cluster' },
  { run: 'cp a.txt --target-directory dir', did: '0 +dir/a.txt', why: 'the long option with a separate value, after the operand' },
  { run: 'cp a.txt --target-directory=dir', did: '0 +dir/a.txt', why: 'the long option with `=`' },
  { run: 'mv a.txt --target=dir', did: '0 -a.txt +dir/a.txt', why: 'an unambiguous prefix of `--target-directory`' },
  { run: 'mv a.txt --t dir', did: '0 -a.txt +dir/a.txt', why: 'the shortest prefix, with a separate value' },
  { run: 'ln -st dir ../a.txt', did: '0 +dir/a.txt', why: '`ln -s -t DIR`: the link is named after its target' },
  { run: 'install -t dir a.txt b.txt -m 600', did: '0 +dir/a.txt +dir/b.txt', why: 'install with `-t` and a mode after the operands' },
  { run: 'cp -t nodir a.txt', did: '1', why: 'a target directory that does not exist: nothing is copied' },
  { run: 'cp -r a.txt b.txt -t dir -t dir', did: '1', why: 'two target directories: cp refuses (without the usage hint)' },

  // -T, --no-target-directory
  { run: 'cp -T a.txt dir', did: '1', why: 'the destination is read as a file, and a directory cannot be overwritten by one' },
  { run: 'cp -T a.txt c.txt', did: '0 +c.txt', why: 'a plain copy' },
  { run: 'mv -T sub dir', did: '0 -sub -sub/x.txt +dir/x.txt', why: 'the empty directory `dir` is replaced by `sub`' },
  { run: 'mv sub dir --no-target-directory', did: '0 -sub -sub/x.txt +dir/x.txt', why: 'the same, the long option after the operands' },
  { run: 'ln -T a.txt dir', did: '1', why: 'a link cannot replace a directory' },

  // --: the end of the options, in each place
  { run: 'rm -- -rf', tree: { '-rf': '' }, did: '0 --rf', why: 'after `--`, `-rf` is a file name' },
  { run: 'rm -rf -- sub', did: '0 -sub -sub/x.txt', why: '`--` before the operands' },
  { run: 'rm a.txt -- -v', tree: { '-v': '' }, did: '0 -a.txt --v', why: '`--` between operands: `-v` after it is a file' },
  { run: 'mv a.txt dir --', did: '0 -a.txt +dir/a.txt', why: 'a final `--` ends nothing' },
  { run: 'mv -- a.txt -- dir', did: '1 -a.txt +dir/a.txt', why: 'only the first `--` ends the options: the second is a source that does not exist' },
  { run: 'cp -- a.txt dir --', did: '1', why: 'after `--`, a final `--` is the destination, which is not a directory' },
  { run: 'touch -- -c', did: '0 +-c', why: '`-c` after `--` is a file name' },
  { run: 'chmod -- -w a.txt', did: '0 ~a.txt', why: 'after `--`, `-w` is the mode operand' },
  { run: 'chmod 600 -- -w a.txt', did: '1 ~a.txt', why: 'after `--`, `-w` is a file (missing); the mode is `600`' },
  { run: 'mkdir -- -p', did: '0 +-p', why: 'a directory named `-p`' },
  { run: 'cp -- -x dir', tree: { '-x': 'x\n' }, did: '0 +dir/-x', why: 'a source named `-x`' },

  // an operand that is literally `-`
  { run: 'rm -', tree: { '-': '' }, did: '0 --', why: '`-` is an operand, a file named `-`' },
  { run: 'cp - dir', tree: { '-': 'dash\n' }, did: '0 +dir/-', why: 'cp reads the file named `-`, not stdin' },
  { run: 'touch -', did: '0', why: 'touch changes the times of its stdout for `-` (here a file outside the tree)' },

  // options that take a value
  { run: 'install -m 644 a.txt inst', did: '0 +inst', why: '`644` is the mode' },
  { run: 'install -o lab -g lab a.txt inst', did: '0 +inst', why: '`-o` and `-g` take the owner and the group' },
  { run: 'install -D a.txt deep/er/inst', did: '0 +deep +deep/er +deep/er/inst', why: '`-D` makes the leading directories' },
  { run: 'install -d d1 d2/d3', did: '0 +d1 +d2 +d2/d3', why: '`-d`: every operand is a directory to make' },
  { run: 'mkdir -m 700 d4', did: '0 +d4', why: '`700` is the mode' },
  { run: 'mkdir -m', did: 'refused', why: '`-m` needs a value' },
  { run: 'touch -t 201101010000 b.txt', did: '0 ~b.txt', why: '`-t` takes a time stamp' },
  { run: 'touch --da=2011-01-01 a.txt', did: '0 ~a.txt', why: 'a prefix of `--date`' },
  { run: 'touch -c nosuch', did: '0', why: '`-c` creates nothing' },
  { run: 'chmod --reference=secret b.txt', tree: { secret: { content: 's\n', mode: '600' } }, did: '0 ~b.txt', why: 'the mode comes from `--reference`: every operand is a file' },
  { run: 'chmod a.txt -w', did: '0 ~a.txt', why: '`-w` after the operand is the mode (chmod reads mode letters as options)' },
  { run: 'chmod 600 a.txt -w', did: '1 ~a.txt', why: 'with `-w` as the mode, `600` is a file (missing)' },
  { run: 'chmod -w a.txt -x b.txt', did: '0 ~a.txt ~b.txt', why: 'two mode words join into one mode, `-w,-x`, for both files' },

  // backups: -b, --backup[=CONTROL], -S/--suffix (which implies -b), and the environment
  { run: 'mv -b a.txt b.txt', did: '0 -a.txt ~b.txt +b.txt~', why: 'the old b.txt becomes `b.txt~`' },
  { run: 'mv --suffix=.bak a.txt b.txt', did: '0 -a.txt ~b.txt +b.txt.bak', why: '`--suffix` alone makes a backup' },
  { run: 'cp -S .orig a.txt b.txt', did: '0 ~b.txt +b.txt.orig', why: '`-S` alone makes a backup' },
  { run: 'cp --backup=numbered a.txt b.txt', did: '0 ~b.txt +b.txt.~1~', why: 'a numbered backup' },
  { run: 'cp a.txt b.txt --backup=numbered -S .x', did: '0 ~b.txt +b.txt.~1~', why: 'numbered backups ignore the suffix' },
  { run: 'cp --backup=none a.txt b.txt', did: '0 ~b.txt', why: 'no backup' },
  { run: 'cp -b a.txt c.txt', did: '0 +c.txt', why: 'nothing to back up' },
  { run: 'cp -b -S /../x a.txt b.txt', did: '0 ~b.txt +b.txt~', why: 'a suffix holding a `/` is ignored: `~`' },
  { run: 'ln -S .old -f a.txt b.txt', did: '0 ~b.txt +b.txt.old', why: 'ln makes backups too: `-S` takes `.old`' },
  { run: 'ln -b -s a.txt b.txt', did: '0 ~b.txt +b.txt~', why: 'the old file is kept as `b.txt~`; b.txt becomes a link' },
  { run: 'ln -S a.txt b.txt', did: '1', why: '`-S` takes `a.txt` as its suffix; `b.txt` alone would link to itself' },
  { run: 'VERSION_CONTROL=numbered cp -b a.txt b.txt', did: '0 ~b.txt +b.txt.~1~', why: 'the backup kind from the environment' },
  { run: 'SIMPLE_BACKUP_SUFFIX=.orig mv -b a.txt b.txt', did: '0 -a.txt ~b.txt +b.txt.orig', why: 'the suffix from the environment' },

  // the destination: an existing directory, a link to one, or not
  { run: 'mv a.txt dir', did: '0 -a.txt +dir/a.txt', why: 'into the directory' },
  { run: 'mv a.txt newname', did: '0 -a.txt +newname', why: 'a rename' },
  { run: 'mv a.txt dir/', did: '0 -a.txt +dir/a.txt', why: 'a trailing slash' },
  { run: 'mv a.txt linkdir', did: '0 -a.txt +dir/a.txt', why: 'into the directory the link leads to' },
  { run: 'mv sub dir', did: '0 -sub -sub/x.txt +dir/sub +dir/sub/x.txt', why: 'a directory into a directory' },
  { run: 'cp -r sub dir', did: '0 +dir/sub +dir/sub/x.txt', why: 'a copy into the directory' },
  { run: 'cp -r sub newdir', did: '0 +newdir +newdir/x.txt', why: 'a copy to a new name' },
  { run: 'cp -rT sub dir', did: '0 +dir/x.txt', why: '`-T`: the copy merges into `dir` itself' },
  { run: 'cp a.txt b.txt nodir', did: '1', why: 'several sources need a directory' },
  { run: 'cp a.txt nodir/', did: '1', why: 'a trailing slash on a directory that does not exist' },
  { run: 'cp a.txt linkdir', did: '0 +dir/a.txt', why: 'into the directory the link leads to' },
  { run: 'cp --parents sub/x.txt dir', did: '0 +dir/sub +dir/sub/x.txt', why: '`--parents` keeps the source\'s path under the directory' },
  { run: 'cp --pa sub/x.txt dir', did: '0 +dir/sub +dir/sub/x.txt', why: '`--pa` is `--parents` (its alias `--path` is the same option, so not ambiguous)' },
  { run: 'cp --parents a.txt c.txt', did: 'refused', why: 'with `--parents` the destination must be a directory' },
  { run: 'cp -l a.txt hard', did: '0 +hard', why: 'a hard link' },
  { run: 'cp -s a.txt sym', did: '0 +sym', why: 'a symbolic link' },
  { run: 'ln -s a.txt dir', did: '0 +dir/a.txt', why: 'a link in the directory' },
  { run: 'ln -s sub/x.txt', did: '0 +x.txt', why: 'one operand: a link named after it, here' },
  { run: 'ln -sfn a.txt linkdir', did: '0 ~linkdir', why: '`-n`: the link itself is replaced, not followed' },
  { run: 'ln -sf a.txt linkdir', did: '0 +dir/a.txt', why: 'without `-n` the link to a directory is followed' },

  // removals
  { run: 'rm --rec sub', did: '0 -sub -sub/x.txt', why: 'a prefix of `--recursive`' },
  { run: 'rm --r sub', did: '0 -sub -sub/x.txt', why: 'the shortest prefix' },
  { run: 'rm dir', did: '1', why: 'not recursive: a directory stays' },
  { run: 'rm -d dir', did: '0 -dir', why: '`-d` removes an empty directory' },
  { run: 'rm -f nosuch', did: '0', why: 'nothing to remove' },
  { run: 'rmdir dir -v', did: '0 -dir', why: '`-v` after the operand' },
  { run: 'rmdir -p s2/deep', tree: { 's2/deep/': {} }, did: '0 -s2 -s2/deep', why: '`-p` removes the parents too' },
  { run: 'rmdir --pa s2/deep', tree: { 's2/deep/': {} }, did: '0 -s2 -s2/deep', why: '`--pa` is `--parents` (and `--path`, the same option)' },
  { run: 'mkdir --par a1/b1', did: '0 +a1 +a1/b1', why: 'a prefix of `--parents`' },
];

// ------------------------------------------------------------------ running

const layouts = new Map<Invocation, Layout>(invocations.map((inv) => [inv, { work: { ...base, ...inv.tree } }]));
const caseId = (i: number) => `coreutils:${i}`;

/** What the run did, in the table's notation. */
function observed(r: LineResult): string {
  const ran = r.ran!;
  const changes = [
    ...ran.created.map((e) => `+${e.path}`),
    ...ran.deleted.map((e) => `-${e.path}`),
    ...ran.modified.filter((e) => e.path !== '.').map((e) => `~${e.path}`),
  ].sort((x, y) => x.slice(1).localeCompare(y.slice(1)) || x.localeCompare(y));
  if (ran.exit === 1 && changes.length === 0 && /Try '[a-z]+ --help'/.test(ran.stderr)) return 'refused';
  return [String(ran.exit), ...changes].join(' ');
}

const sortDid = (did: string) => {
  const [head, ...changes] = did.split(' ');
  return [head, ...changes.sort((x, y) => x.slice(1).localeCompare(y.slice(1)) || x.localeCompare(y))].join(' ');
};

/** A path event as a listed effect, so the model's events can be compared with `unlisted` as the approver's are. */
const asListed = (ev: PathEvent) => ({ kind: ev.kind, by: ev.by ?? 'model', paths: [ev.path], glob: false, recursive: ev.recursive, span: [0, 0] as [number, number] });

describe.skipIf(!available)('GNU coreutils, run for real, against the approver and the argv model', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    const version = spawnSync('mv', ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? 'unknown';
    console.log(`coreutils: ${invocations.length} invocations of ${version}`);
    results = await runLines(invocations.map((inv, i) => ({ id: caseId(i), shell: 'sh', command: inv.run, layout: layouts.get(inv)!, run: true, parseCheck: false })), { timeoutSec: 2, real: REAL });
  });

  afterAll(() => {
    const refused = invocations.filter((inv) => inv.did === 'refused').length;
    console.log(`coreutils: ${invocations.length} invocations (${refused} refused by GNU) compared with the approver and the argv model`);
  });

  invocations.forEach((inv, i) => {
    it(`${inv.run} — ${inv.why}`, () => {
      const r = results.get(caseId(i));
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const ran = r!.ran!;
      const layout = layouts.get(inv)!;
      const vol = volumeOfLayout(layout);
      const did = observed(r!);
      expect(did, `what GNU did (stderr: ${ran.stderr.trim() || 'none'})`).toBe(sortDid(inv.did));

      const changes = diffEvents(ran, IN_WORK).filter((e) => e.path !== IN_WORK);
      // 2. the approver lists at least what happened
      const explanation = explain(inv.run, { dialect: 'sh', tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs: fileSystemFrom(vol as never) });
      const missed = unlisted(changes, explanation.effects, vol);
      expect(missed.map((e) => `${e.kind} of ${e.path} (${e.from})`), `the approver listed: ${explanation.effects.map(describeListed).join(' | ') || 'nothing'}`).toEqual([]);

      // 3. the model says what GNU did
      const model = ran.calls.filter((c) => REAL.includes(c.argv[0]!)).flatMap((c) => callEvents(c, vol, IN_WORK));
      const shown = model.map((e) => `${e.kind} of ${e.path}${e.recursive ? ' and below' : ''}`);
      if (did === 'refused') expect(shown, 'GNU refused the invocation, so the model must say nothing happens').toEqual([]);
      const modelMissed = unlisted(changes, model.map(asListed), vol);
      expect(modelMissed.map((e) => `${e.kind} of ${e.path} (${e.from})`), `the model said: ${shown.join(', ') || 'nothing'}`).toEqual([]);
      const existsAfter = (p: string) => {
        const created = changes.some((c) => c.kind === 'write' && c.path === p);
        const removed = changes.some((c) => c.kind === 'removal' && c.path === p);
        let before = true;
        try { vol.lstatSync(physical(vol, p, false)); } catch { before = false; }
        return created || (before && !removed);
      };
      const idle = model.filter((ev) => !changes.some((c) => c.path === ev.path || (ev.recursive && inside(c.path, ev.path))) && existsAfter(ev.path));
      expect(idle.map((e) => `${e.kind} of ${e.path}`), 'the model names paths the program left alone').toEqual([]);
    });
  });
});
