// Generated lines of issue 13 item 5's class ("Archives by what they will
// do.") for the containment proof: a line makes links, directories or a
// script, makes an archive of them (GNU tar and bsdtar, with `-C`, globs,
// `-z`, `-h` and `--transform`, which leave it unread, and zip with and
// without `-y`), extracts it (`-C`, `--strip-components`, unzip `-d`), and
// then writes through what landed, removes below it, or runs a script that
// landed. The tree holds two scripts of its own that an archive may carry:
// one writes `../outside/z` (beside the tree: allowed only when listed), one
// the tree's `.git/hooks/pre-commit` (protected). The containment test runs
// every line the approver allows in the real shells with the real archivers
// (`archivePrograms`): nothing may land, run or change that the approver
// did not list, so a script that ran from an extraction is a failure.

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';
import type { Layout } from '../support/shells.js';
import { hostileLayout } from './hostile.js';

/** The programs these lines run for real (the rest stay logging stubs, `rm` among them). */
export const archivePrograms = ['tar', 'bsdtar', 'zip', 'unzip', 'gzip', 'ln', 'mkdir'];

/** The hostile tree with two scripts an archive may carry out to where it is run from. */
export const archiveLayout: Layout = {
  home: {
    ...hostileLayout.home,
    'project/tools/run.sh': 'echo x > ../outside/z\n',
    'project/tools/hook.sh': 'echo x > .git/hooks/pre-commit\n',
  },
};

/** What the line makes first: links out of the tree, a directory, a script it writes. */
const setups = ['', 'ln -s ../outside lk && ', 'ln -s ~ hl && ', 'mkdir -p m/n && echo x > m/n/f && ', "printf 'echo x > ../outside/z\\n' > s.sh && "];

/** The names an archive is made of (`%` in a maker). */
const sources = ['lk', 'hl', 'm', 's.sh', 'sub', 'a.txt', 'tools', 'tools/run.sh', '*.sh', 'tool*', '.'];

interface Family {
  makers: string[];
  extractors: string[];
}

const families: Family[] = [
  {
    makers: [
      'tar -cf a.tar %', 'tar -czf a.tar %', 'bsdtar -cf a.tar %', 'tar -chf a.tar %', 'tar -cf a.tar -C tools .', 'tar -C tools -cf a.tar run.sh hook.sh',
      'tar -cf a.tar -C sub . -C ../tools run.sh', 'bsdtar -cf a.tar a.txt -C tools %', 'tar -cf a.tar -C tools *.sh', "tar -cf a.tar --transform='s,^,p/,' %",
      // archives treeward does not read, of the tree's scripts: what lands is known only to the archive
      'tar -chf a.tar tools', "tar -cf a.tar --transform='s,^x,y,' tools", 'tar -cf a.tar -C tools ./run.sh ./hook.sh', 'tar -chf a.tar -C tools .',
    ],
    extractors: [
      'tar -xf a.tar -C out', 'tar -xf a.tar -C out --strip-components=1', 'bsdtar -xf a.tar -C out', 'tar -xf a.tar --directory=out --strip-components 2',
      'tar -xf a.tar -C ../outside', 'bsdtar -xf a.tar -C out --strip-components=1',
    ],
  },
  { makers: ['zip -qry a.zip %', 'zip -qr a.zip %', 'zip -qr a.zip lk tools'], extractors: ['unzip -q a.zip -d out', 'unzip -qo a.zip -d ../outside'] },
];

/** What the line does with what landed: writes and removals through it, and reads. */
const uses = [
  'echo x > out/lk/z', 'echo x > out/hl/z', 'rm -rf out/lk/keep.txt', 'echo x > out/m/n/g', 'rm -rf out/sub/x.txt', 'echo x > out/x.txt', 'cat out/a.txt',
];

/** Scripts run from where an extraction may have put them (each maker, stripped or not, lands one of these). */
const runs = [
  'sh out/s.sh', 'sh out/run.sh', '. out/tools/run.sh', 'bash out/tools/hook.sh', 'sh out/hook.sh', 'sh ../outside/run.sh', 'cd out && sh run.sh',
  'sh out/p/tools/run.sh', 'sh out/tools/run.sh', 'sh ../outside/tools/hook.sh', '. out/p/s.sh', 'sh out/./run.sh',
];

export interface ArchiveLine { line: string; dialect: DialectName }

export const archiveLineCase: fc.Arbitrary<ArchiveLine> = fc.record({
  setup: fc.constantFrom(...setups),
  family: fc.constantFrom(...families),
  maker: fc.nat(99),
  source: fc.constantFrom(...sources),
  extractor: fc.nat(99),
  // several scripts in a row, so that one of them is where the extraction put one
  use: fc.oneof(
    { arbitrary: fc.constantFrom(...uses), weight: 1 },
    { arbitrary: fc.subarray(runs, { minLength: 3, maxLength: 6 }).map((some) => some.join('; ')), weight: 2 },
  ),
  separator: fc.constantFrom(' && ', '; '),
  dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh'),
}).map(({ setup, family, maker, source, extractor, use, separator, dialect }) => {
  const make = family.makers[maker % family.makers.length]!.replace('%', source);
  const extract = family.extractors[extractor % family.extractors.length]!;
  return { line: `mkdir -p out && ${setup}${make}${separator}${extract}${separator}${use}`, dialect };
});
