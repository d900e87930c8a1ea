// Generated lines of issue 13 item 6 for the containment proof: option
// parsing as GNU does it. Each case puts files named like options in the
// tree (`-rf`, `-t..`, `--target-directory=..`, `-oout.txt` …) and runs
// commands whose globs may match them, with or without `--` or `./`, after a
// part of the line that may make more such names, under POSIXLY_CORRECT
// given or exported, and obsolete option forms (`sort +POS1 -POS2`, `uniq
// +N`/`-N`, `head -N`, `tail +N`, `fold -N`, `_POSIX2_VERSION`). The
// containment test runs every line the approver allows in the real shells
// (the file tools are logging stubs whose argv test/regression/argv-effects.ts
// reads as GNU getopt does, POSIXLY_CORRECT included; sort, uniq, head, tail
// and fold run for real): nothing may be removed, written or run that the
// approver did not list.

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';
import type { Layout } from '../support/shells.js';
import { hostileLayout } from './hostile.js';

/** Names a file in the tree may have that a program reads as an option (no `/`: a file name cannot hold one). */
const optionNames = [
  '-rf', '-r', '-R', '-f', '-i', '-v', '-t..', '--target-directory=..', '-T', '--parents', '-s', '-b', '-S~', '-oout.txt', '--output=o',
  '-d', '--no-preserve-root', '-n', '-P', '-x', '--', '-',
];

const globs = ['*', '?*', '-*', '[-a]*', '*.txt', './*', '*[!t]', '--*', '[!a]*', 'sub/*'];

/** Commands a glob is handed to; `G` stands for the glob (with `--` before it or not). */
const commands = [
  'rm -f G', 'rm G', 'rm -- G', 'cp G sub', 'cp -r G sub', 'mv G sub', 'ln -s G sub', 'chmod -w G', 'touch G', 'cp -- G sub', 'rm -f ./G',
  'sort G', 'cat G', 'head -1 G', 'uniq G', 'wc -l G',
];

/** The parts before: ones that make option-like names (so the listing before the line is not all), and ones that make none. */
const preludes = [
  '', 'touch -- -rf; ', ': > -r && ', 'touch -- -t..; ', 'mkdir -p d && ', 'touch b.txt && ', 'cd sub && ', 'export POSIXLY_CORRECT=1; ',
  'POSIXLY_CORRECT=1 ', 'true || touch -- -rf; ',
];

/** Obsolete option forms, run for real or read by the argv model. */
const obsolete = [
  'sort +1 -2 a.txt -o out.txt', 'sort +0 a.txt', 'uniq +1 a.txt out.txt', 'uniq -1 a.txt ../outside/keep.txt', 'uniq a.txt +1',
  '_POSIX2_VERSION=200112 uniq +1 a.txt out.txt', '_POSIX2_VERSION=199209 sort +1 a.txt -o o', 'head -2 a.txt', 'tail +2 a.txt',
  'fold -3 a.txt', 'POSIXLY_CORRECT=1 rm -f sub -r', 'POSIXLY_CORRECT=1 cp a.txt sub -t ..', 'POSIXLY_CORRECT=1 mv a.txt x.js -t sub',
  'cp --parents sub/x.txt d', 'mkdir d && cp --parents -t d sub/x.txt', 'rm -rf -- -rf', 'POSIXLY_CORRECT= ln -s a.txt b -f',
];

export interface OptionLineCase {
  line: string;
  dialect: DialectName;
  /** The option-like names standing in the tree. */
  names: string[];
}

const commandLine = fc
  .tuple(fc.constantFrom(...preludes), fc.constantFrom(...commands), fc.constantFrom(...globs))
  .map(([before, command, glob]) => before + command.replace('G', glob));

export const optionLineCase: fc.Arbitrary<OptionLineCase> = fc.record({
  line: fc.oneof({ weight: 3, arbitrary: commandLine }, { weight: 1, arbitrary: fc.constantFrom(...obsolete) }),
  dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh'),
  names: fc.subarray(optionNames, { minLength: 0, maxLength: 3 }),
});

/** The sandbox's hostile layout with the case's option-like names standing in the tree. */
export function optionLineLayout(names: readonly string[]): Layout {
  return { ...hostileLayout, home: { ...hostileLayout.home, ...Object.fromEntries(names.map((n) => [`project/${n}`, ''])) } };
}
