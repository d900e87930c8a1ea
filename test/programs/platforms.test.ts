// The BSD userland's readings against GNU's, family by family (SPEC §3
// "Platforms", issue 14 item 4): each invocation read by its row for linux
// (GNU's tools), darwin (BSD's, as macOS ships them: Apple's file_cmds
// 457.100.3, shell_cmds 329, text_cmds 199 and libarchive's bsdtar, whose
// getopt strings head each family and are cited in the rows), and for no
// platform, where a row with a BSD reading does what either reading does.
// The GNU side of the BSD-only letters is run for real in coreutils.test.ts
// (`rm -W`, `chmod -N`, `install -M`, `mv -h`: usage errors that change
// nothing), and of `sed -i rc -e p FILE` in test/approver/platforms.test.ts.
// Lines in the short form of test/support/programs.ts.

import { describe } from 'vitest';
import { type Case, checkTable } from '../support/programs.js';

type Platform = 'linux' | 'darwin' | 'unknown';

/** Each family: its invocations, and what each platform's reading does. */
const families: [family: string, cases: [line: string, readings: Record<Platform, string[]>][]][] = [
  ['rm, rmdir (file_cmds rm/rm.c "dfiIPRrvWx", rmdir/rmdir.c "pv")', [
    ['rm -W x', {
      linux: ['remove x'],
      darwin: ['write x'],
      unknown: ['remove x', 'write x'],
    }],
    ['rm -P -R d', {
      linux: ['remove d (recursive)'],
      darwin: ['remove d (recursive)'],
      unknown: ['remove d (recursive)'],
    }],
    ['rmdir -p a/b', {
      linux: ['remove a/b', 'remove a'],
      darwin: ['remove a/b', 'remove a'],
      unknown: ['remove a/b', 'remove a'],
    }],
  ]],
  ['mv, cp, ln, install (mv.c "fhinv", cp.c "HLPRacfilNnprSsvXx", ln.c "FLPfhinsvw", xinstall.c "B:bCcD:df:g:h:l:M:m:N:o:pSsT:Uv")', [
    ['mv -h a link', {
      linux: ['remove a (recursive)', 'write link (recursive)', 'write link/a (recursive)', 'place link', 'place link/a'],
      darwin: ['remove a (recursive)', 'write link (recursive)', 'place link'],
      unknown: ['remove a (recursive)', 'write link (recursive)', 'write link/a (recursive)', 'place link', 'place link/a'],
    }],
    ['mv a b -f', {
      linux: ['remove a (recursive)', 'write b (recursive)', 'write b/a (recursive)', 'place b', 'place b/a'],
      darwin: ['remove a (recursive)', 'remove b (recursive)', 'write -f (recursive)', 'write -f/a (recursive)', 'write -f/b (recursive)', 'place -f', 'place -f/a', 'place -f/b'],
      unknown: ['remove a (recursive)', 'write b (recursive)', 'write b/a (recursive)', 'remove b (recursive)', 'write -f (recursive)', 'write -f/a (recursive)', 'write -f/b (recursive)', 'place b', 'place b/a', 'place -f', 'place -f/a', 'place -f/b'],
    }],
    ['cp -c a b', {
      linux: ['write b', 'write b/a', 'place b', 'place b/a'],
      darwin: ['write b', 'write b/a', 'place b', 'place b/a'],
      unknown: ['write b', 'write b/a', 'place b', 'place b/a'],
    }],
    ['cp -X -R src dst', {
      linux: ['write dst (recursive)', 'write dst/src (recursive)', 'place dst', 'place dst/src'],
      darwin: ['write dst (recursive)', 'write dst/src (recursive)', 'place dst', 'place dst/src'],
      unknown: ['write dst (recursive)', 'write dst/src (recursive)', 'place dst', 'place dst/src'],
    }],
    ['cp -S x a b', {
      linux: ['write b', 'write b/a', 'write b*', 'write b/a*', 'place b', 'place b/a'],
      darwin: ['write b', 'write b/x', 'write b/a', 'place b', 'place b/x', 'place b/a'],
      // GNU's -S is a backup suffix, after which what lands is what each source is; BSD's keeps no holes, and its cp
      // follows links, landing regular files (issue 16): the readings say different things of b and b/a, and both stand
      unknown: ['write b', 'write b/a', 'write b*', 'write b/a*', 'write b', 'write b/x', 'write b/a', 'place b', 'place b/a', 'place b', 'place b/x', 'place b/a'],
    }],
    ['cp -l a b', {
      linux: ['write a (hard-link source)', 'write b', 'write b/a', 'place b', 'place b/a'],
      darwin: ['write a (hard-link source)', 'write b', 'write b/a', 'place b', 'place b/a'],
      unknown: ['write a (hard-link source)', 'write b', 'write b/a', 'place b', 'place b/a'],
    }],
    // BSD ln -F removes a directory standing at the target (ln.c: rmdir) before it links
    ['ln -F -s t dir', {
      linux: ['write dir', 'write dir/t', 'place dir', 'place dir/t'],
      darwin: ['remove dir', 'write dir', 'place dir'],
      unknown: ['write dir', 'write dir/t', 'remove dir', 'place dir', 'place dir/t'],
    }],
    ['install -M log a b', {
      linux: ['write b', 'write b/log', 'write b/a', 'place b', 'place b/log', 'place b/a'],
      darwin: ['write log', 'write b', 'write b/a', 'place b', 'place b/a'],
      unknown: ['write b', 'write b/log', 'write b/a', 'write log', 'place b', 'place b/log', 'place b/a'],
    }],
    ['install -B .old -b a b', {
      linux: ['write b', 'write b/.old', 'write b/a', 'write b*', 'write b/.old*', 'write b/a*', 'place b', 'place b/.old', 'place b/a'],
      darwin: ['write b', 'write b/a', 'write b*', 'write b/a*', 'place b', 'place b/a'],
      unknown: ['write b', 'write b/.old', 'write b/a', 'write b*', 'write b/.old*', 'write b/a*', 'place b', 'place b/.old', 'place b/a'],
    }],
    ['install -S a b', {
      linux: ['write b', 'write b*', 'place b'],
      darwin: ['write b', 'write b/a', 'place b', 'place b/a'],
      unknown: ['write b', 'write b*', 'write b/a', 'place b', 'place b/a'],
    }],
  ]],
  ['touch, mkdir (touch.c "A:acd:fhmr:t:", mkdir.c "m:pv")', [
    ['touch -A -01 f', {
      linux: ['write f (no content)'],
      darwin: ['write f (no content)'],
      unknown: ['write f (no content)'],
    }],
    ['mkdir -p a -m 700', {
      linux: ['write a (no content)'],
      darwin: ['write a (no content)', 'write -m (no content)', 'write 700 (no content)'],
      unknown: ['write a (no content)', 'write -m (no content)', 'write 700 (no content)'],
    }],
  ]],
  ['chmod, chown, chgrp, chflags (chmod.c "ACEHILNPRVXafghinorstuvwx", chown.c "HLPRfhnvx", chflags.c "HLPRfhvx")', [
    ['chmod -N f', {
      linux: [],
      darwin: ['write f (no content)'],
      unknown: ['write f (no content)'],
    }],
    ['chmod -E f', {
      linux: [],
      darwin: ['write f (no content)'],
      unknown: ['write f (no content)'],
    }],
    ['chmod -h 600 link', {
      linux: ['write link (no content)'],
      darwin: ['write link (no content)'],
      unknown: ['write link (no content)'],
    }],
    ['chmod -w f', {
      linux: ['write f (no content)'],
      darwin: ['write f (no content)'],
      unknown: ['write f (no content)'],
    }],
    ['chown -h u link', {
      linux: ['write link (no content)'],
      darwin: ['write link (no content)'],
      unknown: ['write link (no content)'],
    }],
    ['chgrp -R g d', {
      linux: ['write d (recursive, no content)'],
      darwin: ['write d (recursive, no content)'],
      unknown: ['write d (recursive, no content)'],
    }],
    ['chflags schg f', {
      linux: ['write f (no content)'],
      darwin: ['write f (no content)'],
      unknown: ['write f (no content)'],
    }],
    ['chflags -R -H uchg d', {
      linux: ['write d (recursive, no content)'],
      darwin: ['write d (recursive, no content)'],
      unknown: ['write d (recursive, no content)'],
    }],
  ]],
  ['sed (text_cmds sed/main.c "EHI:ae:f:i:lnru")', [
    ["sed -i '' -e s/a/b/ f", {
      linux: ['write ', 'write f'],
      darwin: ['write f'],
      unknown: ['write ', 'write f'],
    }],
    ['sed -i -e s/a/b/ f', {
      linux: ['write f'],
      darwin: ['write f', 'write f-e'],
      unknown: ['write f', 'write f-e'],
    }],
    // BSD: `s/a/b/` is the suffix and `f` the script, which it cannot compile: it edits nothing (sed/main.c compile() before process())
    ['sed -i s/a/b/ f', {
      linux: ['write f'],
      darwin: [],
      unknown: ['write f'],
    }],
    ['sed -i.bak s/a/b/ f', {
      linux: ['write f', 'write f.bak'],
      darwin: ['write f', 'write f.bak'],
      unknown: ['write f', 'write f.bak'],
    }],
    ["sed -i 'x*' s/a/b/ f", {
      linux: ['inline sed (sed)', 'write s/a/b/', 'write f'],
      darwin: ['write f', 'write fx*'],
      unknown: ['inline sed (sed)', 'write s/a/b/', 'write f', 'write fx*'],
    }],
    ['sed -E -i rc -e p g', {
      linux: ['write rc', 'write g'],
      darwin: ['write g', 'write grc'],
      unknown: ['write rc', 'write g', 'write grc'],
    }],
    ['sed -I .b s/a/b/ f g', {
      linux: ['inline sed (sed)'],
      darwin: ['write f', 'write f.b', 'write g', 'write g.b'],
      unknown: ['inline sed (sed)', 'write f', 'write f.b', 'write g', 'write g.b'],
    }],
    ['sed -n -l p f', {
      linux: ['inline sed (sed)'],
      darwin: [],
      unknown: ['inline sed (sed)'],
    }],
  ]],
  ['find (shell_cmds find/main.c "EHLPXdf:sx", find/option.c)', [
    ['find -f d -name x -delete', {
      linux: ['remove . (recursive, below only, filtered)'],
      darwin: ['remove d (recursive, below only, filtered)', 'remove x (recursive, below only, filtered)'],
      unknown: ['remove . (recursive, below only, filtered)', 'remove d (recursive, below only, filtered)', 'remove x (recursive, below only, filtered)'],
    }],
    ['find -x d -delete', {
      linux: ['remove . (recursive, below only, filtered)'],
      darwin: ['remove d (recursive, below only, filtered)'],
      unknown: ['remove . (recursive, below only, filtered)', 'remove d (recursive, below only, filtered)'],
    }],
    ['find -s -d d -print', {
      linux: [],
      darwin: [],
      unknown: [],
    }],
    ['find -L d -delete', {
      linux: ['remove ?program-reads (recursive, below only, filtered)'],
      darwin: ['remove ?program-reads (recursive, below only, filtered)'],
      unknown: ['remove ?program-reads (recursive, below only, filtered)'],
    }],
    ['find -HLP d -delete', {
      linux: ['remove . (recursive, below only, filtered)'],
      darwin: ['remove d (recursive, below only, filtered)'],
      unknown: ['remove . (recursive, below only, filtered)', 'remove d (recursive, below only, filtered)'],
    }],
    ['find d -Bnewer -delete -print', {
      linux: ['remove d (recursive, below only, filtered)'],
      darwin: [],
      unknown: ['remove d (recursive, below only, filtered)'],
    }],
    ['find d -newerBm ref -delete', {
      linux: ['remove d (recursive, below only, filtered)'],
      darwin: ['remove d (recursive, below only, filtered)'],
      unknown: ['remove d (recursive, below only, filtered)'],
    }],
    ['find -X d -exec rm {} +', {
      linux: ['run: rm {listed by find}', 'remove . (recursive, below only, filtered)'],
      darwin: ['run: rm {listed by find}', 'remove d (recursive, below only, filtered)'],
      unknown: ['run: rm {listed by find}', 'remove . (recursive, below only, filtered)', 'run: rm {listed by find}', 'remove d (recursive, below only, filtered)'],
    }],
    ['find , -delete', {
      linux: ['remove . (recursive, below only, filtered)'],
      darwin: ['remove , (recursive, below only, filtered)'],
      unknown: ['remove . (recursive, below only, filtered)', 'remove , (recursive, below only, filtered)'],
    }],
    ['find -- d -delete', {
      linux: ['remove d (recursive, below only, filtered)'],
      darwin: ['remove d (recursive, below only, filtered)'],
      unknown: ['remove d (recursive, below only, filtered)'],
    }],
  ]],
  ['xargs (shell_cmds xargs/xargs.c "+0E:I:J:L:n:oP:pR:S:s:rtx")', [
    ['xargs -J % mv % dst', {
      linux: ['runs code (unfixed) via `xargs -J`'],
      darwin: ['run: mv ?input dst'],
      unknown: ['runs code (unfixed) via `xargs -J`', 'run: mv ?input dst'],
    }],
    ['xargs -J % echo a', {
      linux: ['runs code (unfixed) via `xargs -J`'],
      darwin: ['run: echo a ?input'],
      unknown: ['runs code (unfixed) via `xargs -J`', 'run: echo a ?input'],
    }],
    ['xargs -I % cp % dst', {
      linux: ['run: cp ?input dst'],
      darwin: ['run: cp ?input dst'],
      unknown: ['run: cp ?input dst'],
    }],
    ['xargs -R 2 -I % cp % dst', {
      linux: ['run: 2 -I % cp % dst ?input'],
      darwin: ['run: cp ?input dst'],
      unknown: ['run: 2 -I % cp % dst ?input', 'run: cp ?input dst'],
    }],
    ['xargs -o vi', {
      linux: ['run: vi ?input'],
      darwin: ['run: vi ?input'],
      unknown: ['run: vi ?input'],
    }],
    ['xargs -L 1 rm', {
      linux: ['run: rm ?input'],
      darwin: ['run: rm ?input'],
      unknown: ['run: rm ?input'],
    }],
  ]],
  ['tar as bsdtar (libarchive tar/cmdline.c "aBb:C:cf:HhI:JjkLlmnOoPpqrSs:T:tUuvW:wX:xyZz")', [
    // bsdtar's -s renames members (they may land on a protected name below the directory); GNU's -s is --same-order
    ['tar -xf a.tar -s /x/y/', {
      linux: ['write . (extraction, recursive)'],
      darwin: ['write . (extraction, recursive)', 'write . (recursive)'],
      unknown: ['write . (extraction, recursive)', 'write . (recursive)'],
    }],
    ['tar -xf a.tar m -C out', {
      linux: ['write out (extraction, recursive)'],
      darwin: ['write . (extraction, recursive)'],
      unknown: ['write out (extraction, recursive)', 'write . (extraction, recursive)'],
    }],
    ['tar -x -I list -f a.tar', {
      linux: ['shell-code (sh): list', 'write . (extraction, recursive)'],
      darwin: ['write . (extraction, recursive)'],
      unknown: ['shell-code (sh): list', 'write . (extraction, recursive)'],
    }],
    ['tar -cf out.tar -W use-compress-program=zstd src', {
      linux: ['write out.tar', 'archive out.tar: not read'],
      darwin: ['shell-code (sh): zstd', 'write out.tar', 'archive out.tar: not read'],
      unknown: ['write out.tar', 'archive out.tar: not read', 'shell-code (sh): zstd'],
    }],
    ['tar -xkf a.tar -C out', {
      linux: ['write out (extraction, recursive)'],
      darwin: ['write out (extraction, recursive)'],
      unknown: ['write out (extraction, recursive)'],
    }],
    ['tar -c -f x.tar @in.tar', {
      linux: ['write x.tar', 'archive x.tar: @in.tar (links kept)'],
      darwin: ['write x.tar', 'archive x.tar: @in.tar (links kept)'],
      unknown: ['write x.tar', 'archive x.tar: @in.tar (links kept)'],
    }],
    ['bsdtar -x -I list -f a.tar', {
      linux: ['write . (extraction, recursive)'],
      darwin: ['write . (extraction, recursive)'],
      unknown: ['write . (extraction, recursive)'],
    }],
    ['gtar -x -I zstd -f a.tar', {
      linux: ['shell-code (sh): zstd', 'write . (extraction, recursive)'],
      darwin: ['shell-code (sh): zstd', 'write . (extraction, recursive)'],
      unknown: ['shell-code (sh): zstd', 'write . (extraction, recursive)'],
    }],
    ['tar xf a.tar -C out', {
      linux: ['write out (extraction, recursive)'],
      darwin: ['write out (extraction, recursive)'],
      unknown: ['write out (extraction, recursive)'],
    }],
  ]],
];

for (const platform of ['linux', 'darwin', 'unknown'] as const) {
  describe(`read for ${platform}`, () => {
    for (const [family, cases] of families) {
      describe(family, () => {
        const table = cases.map(([line, readings]): Case => [line, ...readings[platform]]);
        checkTable(table, platform === 'unknown' ? {} : { platform });
      });
    }
  });
}
