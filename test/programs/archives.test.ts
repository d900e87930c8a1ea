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
  ['tar -xf a.tar -C out -C more', 'write more (extraction, recursive)'],
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
  ['tar -cf out.tar src', 'write out.tar'],
  ['tar czf out.tgz src', 'write out.tgz'],
  ['tar -cf - src'],
  ['tar -rf a.tar file', 'write a.tar'],
  ['tar -cf a.tar --remove-files src', 'write a.tar', 'remove src (recursive)'],
  // commands tar runs
  ["tar -xf a.tar --to-command='sh -c cat'", 'shell-code (sh): sh -c cat', 'write . (extraction, recursive)'],
  ['tar -cf x.tar --checkpoint-action=exec=echo src', 'shell-code (sh): echo', 'write x.tar'],
  ["tar -x -I 'zstd -d' -f a.tar", 'shell-code (sh): zstd -d', 'write . (extraction, recursive)'],
  ['tar -xvf a.tar --use-compress-program=zstd', 'shell-code (sh): zstd', 'write . (extraction, recursive)'],
  ['tar --to-command="$c" -xf a.tar', 'runs code (unfixed) via `tar --to-command`', 'write . (extraction, recursive)'],
];

const zip: Case[] = [
  ['unzip a.zip', 'write . (extraction, recursive)'],
  ['unzip -l a.zip'],
  ['zip -r out.zip src', 'write out.zip'],
  // -TT names the command that tests the archive: it is given the archive's name
  ["zip -TT 'sh -c x' out.zip f", 'shell-code (sh): sh -c x out.zip', 'write out.zip'],
  ["zip --unzip-command='unzip -t' out.zip f", 'shell-code (sh): unzip -t out.zip', 'write out.zip'],
];

const compressors: Case[] = [
  // the file is replaced by its compressed (or uncompressed) form
  ['gzip f', 'write f', 'remove f'],
  ['gunzip f.gz', 'write f.gz', 'remove f.gz'],
  ['bzip2 f', 'write f', 'remove f'],
  ['xz -d f.xz', 'write f.xz', 'remove f.xz'],
  // -k keeps it, -c writes to stdout; zstd keeps it unless told
  ['gzip -k f', 'write f'],
  ['gzip -c f'],
  ['zstd f', 'write f'],
];

describe('tar', () => checkTable(tar));
describe('unzip and zip', () => checkTable(zip));
describe('the compressors', () => checkTable(compressors));

describe('tar: a long option\'s attached value', () => {
  // Known hole, kept by the redesign (no change of behaviour): `--directory=DIR`
  // and `--file=FILE` are read as the whole word, so the write lands on a
  // relative name `--directory=…` inside the tree. Flip to `it` once fixed.
  it.fails('--directory=DIR is where the extraction writes', () => {
    expect(described('tar -xf a.tar --directory=/home/u/.ssh')).toEqual(['write /home/u/.ssh (extraction, recursive)']);
  });
  it.fails('--file=FILE is the archive written', () => {
    expect(described('tar -c --file=/home/u/.bashrc src')).toEqual(['write /home/u/.bashrc']);
  });
});
