// The archive family (src/approver/programs/archives.ts) read directly: what
// tar, unzip, zip and the compressors write, remove and run. tar reads its
// old-style key (`tar xzf`) before its options; `-C DIR` is where an
// extraction writes, a recursive write judged as an extraction.

import { describe, it, expect } from 'vitest';
import { checkTable, described, type Case } from '../support/programs.js';

const tar: Case[] = [
  // extraction: everything below the directory it extracts into
  ['tar -xzf a.tgz -C out', 'write out (extraction, recursive)'],
  ['tar -xf a.tar', 'write . (extraction, recursive)'],
  ['tar -C out -xf a.tar', 'write out (extraction, recursive)'],
  // each -C is relative to the one before (GNU tar 1.34 run: `-C out -C more` extracts into out/more)
  ['tar -xf a.tar -C out -C more', 'write out (extraction, recursive)', 'write out/more (extraction, recursive)'],
  ['tar -xf a.tar -C out -C /abs', 'write out (extraction, recursive)', 'write /abs (extraction, recursive)'],
  ['tar -xf a.tar -C "$d" -C more', 'write ?parameter (extraction, recursive)', 'write ?derived (extraction, recursive)'],
  // every spelling of -C and -f: attached, long with `=`, long with a separate value, a unique prefix (`--dir=`)
  ['tar -xf a.tar -Cout', 'write out (extraction, recursive)'],
  ['tar -xf a.tar --directory out', 'write out (extraction, recursive)'],
  ['tar -xf a.tar --directory=out', 'write out (extraction, recursive)'],
  ['tar -xf a.tar --dir=out', 'write out (extraction, recursive)'],
  ['tar -xf a.tar --direc=/home/u/.ssh', 'write /home/u/.ssh (extraction, recursive)'],
  // `--fil` is a prefix of --file and --files-from: tar refuses it (GNU tar 1.34 run: "option '--fil=x.tar' is ambiguous")
  ['tar -c --fil=/home/u/.bashrc src'],
  ['tar -c --fi=/home/u/.bashrc src'],
  ['tar -c --file /home/u/.bashrc src', 'write /home/u/.bashrc', 'archive /home/u/.bashrc: src (links kept)'],
  ['tar -cf/home/u/.bashrc src', 'write /home/u/.bashrc', 'archive /home/u/.bashrc: src (links kept)'],
  ['tar --create --file=out.tar src', 'write out.tar', 'archive out.tar: src (links kept)'],
  // --one-top-level=DIR: below each directory, and on its own in case it is absolute
  ['tar -xf a.tar --one-top-level=top', 'write . (extraction, recursive)', 'write top (extraction, recursive)'],
  ['tar -xf a.tar -C out --one-top-level=/home/u/.ssh', 'write out (extraction, recursive)', 'write /home/u/.ssh (extraction, recursive)'],
  ['tar -xf a.tar --one-top-level', 'write . (extraction, recursive)'],
  // --transform renames members, but tar still strips a leading `/` and refuses `../` without -P (GNU tar 1.34 run: `s,^,../G_,`
  // lands in the directory); with -P nothing is fixed. A renamed member may take any name below the directory (`.git/hooks/x`):
  // a recursive write of it too, refused where it holds a protected path
  ["tar -xf a.tar --transform='s,^,/home/u/.ssh/,'", 'write . (extraction, recursive)', 'write . (recursive)'],
  ["tar -xf a.tar -C out --xform 's,^,x,'", 'write out (extraction, recursive)', 'write out (recursive)'],
  // bsdtar(1) -s /old/new/ renames the same way (bsdtar 3.6.2 run: `-s ',^,.git/hooks/,'` writes out/.git/hooks/a.txt, `,^,../,` is
  // refused, a leading `/` dropped); GNU tar reads -s as --same-order, so any -s of a tar that may be bsdtar counts
  ["bsdtar -xf a.tar -s ',^,.git/hooks/,'", 'write . (extraction, recursive)', 'write . (recursive)'],
  ["tar -xf a.tar -C out -s ',^,x,'", 'write out (extraction, recursive)', 'write out (recursive)'],
  ['tar -xsf a.tar', 'write . (extraction, recursive)', 'write . (recursive)'],
  ['gtar -xsf a.tar', 'write . (extraction, recursive)'],
  ["bsdtar -xPf a.tar -s ',^,../,'", 'write ?program-reads'],
  ["tar -xf a.tar --xform='s,^,/home/u/.ssh/,' -P", 'write ?program-reads'],
  ['tar -xf a.tar --absolute-names', 'write ?program-reads'],
  ['tar -xPf a.tar', 'write ?program-reads'],
  ['tar -xf a.tar -C "$d"', 'write ?parameter (extraction, recursive)'],
  ['bsdtar -xf a.tar', 'write . (extraction, recursive)'],
  ['gtar -xf a.tar', 'write . (extraction, recursive)'],
  // the old-style key: bundled letters, their values in the words after it
  ['tar xzf a.tgz', 'write . (extraction, recursive)'],
  // to stdout, or only listing: nothing written
  ['tar -xf a.tar -O'],
  ['tar -xf a.tar --to-stdout'],
  ['tar -tf a.tar'],
  // -P: the archive's absolute names are where it writes
  ['tar -xf a.tar -P', 'write ?program-reads'],
  // creating: the archive file (`-` is stdout)
  ['tar -cf out.tar src', 'write out.tar', 'archive out.tar: src (links kept)'],
  ['tar czf out.tgz src', 'write out.tgz', 'archive out.tgz: src (links kept)'],
  ['tar -cf - src'],
  // -C changes where the names after it are read, each relative to the one before; the archive stays where the shell is
  // (GNU tar 1.34 and bsdtar 3.6.2 runs: `tar -C src -cf a.tar .` writes ./a.tar holding ./, ./a, ./sub/ …)
  ['tar -C src -cf a.tar .', 'write a.tar', 'archive a.tar: -C src . (links kept)'],
  ['tar -cf a.tar a -C src b -C sub c', 'write a.tar', 'archive a.tar: a -C src b -C src/sub c (links kept)'],
  ['tar -cf a.tar --directory=src b -C /abs c', 'write a.tar', 'archive a.tar: -C src b -C /abs c (links kept)'],
  ['bsdtar -cf a.tar a -C src b', 'write a.tar', 'archive a.tar: a -C src b (links kept)'],
  ['bsdtar -cf a.tar a -Csrc b', 'write a.tar', 'archive a.tar: a -C src b (links kept)'],
  ['tar -cf a.tar -C ../x a', 'write a.tar', 'archive a.tar: not read'],
  ['tar -cf a.tar -C "$d" a', 'write a.tar', 'archive a.tar: not read'],
  ['bsdtar -cf a.tar a -C "$d" b', 'write a.tar', 'archive a.tar: not read'],
  ['tar -rf a.tar file', 'write a.tar'],
  ['tar -cf a.tar --remove-files src', 'write a.tar', 'archive a.tar: src (links kept)', 'remove src (recursive)'],
  // commands tar runs
  ["tar -xf a.tar --to-command='sh -c cat'", 'shell-code (sh): sh -c cat', 'write . (extraction, recursive)'],
  ['tar -cf x.tar --checkpoint-action=exec=echo src', 'shell-code (sh): echo', 'write x.tar', 'archive x.tar: not read'],
  ["tar -x -I 'zstd -d' -f a.tar", 'shell-code (sh): zstd -d', 'write . (extraction, recursive)'],
  ['tar -xvf a.tar --use-compress-program=zstd', 'shell-code (sh): zstd', 'write . (extraction, recursive)'],
  ['tar --to-command="$c" -xf a.tar', 'runs code (unfixed) via `tar --to-command`', 'write . (extraction, recursive)'],
];

const zip: Case[] = [
  ['unzip a.zip', 'write . (extraction, recursive)'],
  ['unzip -l a.zip'],
  // read for BSD too, whose getopt stops at the archive: `-d out` is then a member name
  ['unzip a.zip -d out', 'write out (extraction, recursive)', 'write . (extraction, recursive)'],
  // -: keeps members' `../` (unzip(1) "-:"): where they land is the archive's choice
  ['unzip -: a.zip', 'write ?program-reads'],
  ['unzip -o -: a.zip -d out', 'write ?program-reads'],
  ['unzip -:o a.zip', 'write ?program-reads'],
  ['zip -r out.zip src', 'write out.zip', 'archive out.zip: src (links followed)'],
  // -TT names the command that tests the archive: it is given the archive's name
  ["zip -TT 'sh -c x' out.zip f", 'shell-code (sh): sh -c x out.zip', 'write out.zip', 'archive out.zip: not read'],
  ["zip --unzip-command='unzip -t' out.zip f", 'shell-code (sh): unzip -t out.zip', 'write out.zip', 'archive out.zip: not read'],
];

const compressors: Case[] = [
  // the file is replaced by its compressed (or uncompressed) form, the name with the suffix added or taken off
  ['gzip f', 'write f', 'write f.gz', 'remove f'],
  ['gunzip f.gz', 'write f.gz', 'write f', 'remove f.gz'],
  ['bzip2 f', 'write f', 'write f.bz2', 'remove f'],
  ['xz -d f.xz', 'write f.xz', 'write f', 'remove f.xz'],
  // -k keeps it, -c writes to stdout; zstd keeps it unless told
  ['gzip -k f', 'write f', 'write f.gz'],
  ['gzip -c f'],
  ['zstd f', 'write f', 'write f.zst'],
  // gunzip -k ~/.bashrc.gz writes ~/.bashrc (gzip 1.12 run); a tar suffix becomes .tar; a suffix it does not know writes nothing
  ['gunzip -k /home/agent/.bashrc.gz', 'write /home/agent/.bashrc.gz', 'write /home/agent/.bashrc'],
  ['gzip -dk x.tgz', 'write x.tgz', 'write x.tar'],
  ['gzip -d -S .foo -k x.foo', 'write x.foo', 'write x'],
  ['gunzip -k x.txt', 'write x.txt'],
  ['unzstd x.zst', 'write x.zst', 'write x'],
  ['gunzip -N -k x.gz', 'write x.gz', 'write ?program-reads'],
];

describe('tar', () => checkTable(tar));
describe('unzip and zip', () => checkTable(zip));
describe('the compressors', () => checkTable(compressors));

describe('tar: a long option\'s attached value', () => {
  // Known hole, kept by the redesign (no change of behaviour): `--directory=DIR`
  // and `--file=FILE` are read as the whole word, so the write lands on a
  // relative name `--directory=…` inside the tree. Flip to `it` once fixed.
  it('--directory=DIR is where the extraction writes', () => {
    expect(described('tar -xf a.tar --directory=/home/u/.ssh')).toEqual(['write /home/u/.ssh (extraction, recursive)']);
  });
  it('--file=FILE is the archive written', () => {
    expect(described('tar -c --file=/home/u/.bashrc src')).toEqual(['write /home/u/.bashrc', 'archive /home/u/.bashrc: src (links kept)']);
  });
});
