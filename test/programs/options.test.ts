// The option reader (src/approver/core/options.ts) on the coreutils rows
// (src/approver/programs/coreutils-options.ts): each case is a program's argv and what the
// reading says, GNU's (permuting) and BSD's (stopping at the first operand).
// test/programs/coreutils.test.ts checks the same readings against the real
// programs; this table pins the reader's own behaviour, one spelling a line.

import { describe, expect, it } from 'vitest';
import * as coreutils from '../../src/approver/programs/coreutils-options.js';
import type { Argument } from '../../src/approver/core/arguments.js';
import { type OptionTable, platformReadings, readOptions, type ParsedOptions } from '../../src/approver/core/options.js';

function argument(text: string): Argument {
  return { word: { span: [0, 0] } as never, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

/** A reading in short: `name` or `name=value` for each option, the operands, and what GNU refuses. */
function summary(line: ParsedOptions): string {
  const options = line.options.map((o) => (o.value === null ? o.name : `${o.name}=${o.value}`));
  const operands = line.operands.map((a) => a.text ?? '?');
  return [`options: ${options.join(' ') || '-'}`, `operands: ${operands.join(' ') || '-'}`, ...(line.invalid.length ? [`invalid: ${line.invalid.join(' ')}`] : [])].join('; ');
}

interface Case {
  table: OptionTable;
  argv: string;
  gnu: string;
  /** What BSD's getopt reads, where it differs. */
  bsd?: string;
}

const { rmOptions: rm, mvOptions: mv, cpOptions: cp, lnOptions: ln, installOptions: install, touchOptions: touch, chmodOptions: chmod, mkdirOptions: mkdir } = coreutils;

const cases: Case[] = [
  // permutation
  { table: rm, argv: 'a -rf', gnu: 'options: recursive force; operands: a', bsd: 'options: -; operands: a -rf' },
  { table: mv, argv: 'a b dir -v', gnu: 'options: verbose; operands: a b dir', bsd: 'options: -; operands: a b dir -v' },
  { table: cp, argv: '-r a -f b', gnu: 'options: recursive force; operands: a b', bsd: 'options: recursive; operands: a -f b' },
  { table: mv, argv: 'a b --', gnu: 'options: -; operands: a b', bsd: 'options: -; operands: a b --' },
  { table: rm, argv: '-- -rf', gnu: 'options: -; operands: -rf' },
  { table: rm, argv: 'a -- -v', gnu: 'options: -; operands: a -v', bsd: 'options: -; operands: a -- -v' },
  { table: rm, argv: '- a', gnu: 'options: -; operands: - a' },
  // long options and their prefixes
  { table: rm, argv: '--rec a', gnu: 'options: recursive; operands: a' },
  { table: rm, argv: '--r a', gnu: 'options: recursive; operands: a' },
  { table: mv, argv: 'a --target=dir', gnu: 'options: target-directory=dir; operands: a', bsd: 'options: -; operands: a --target=dir' },
  { table: mv, argv: 'a --t dir', gnu: 'options: target-directory=dir; operands: a', bsd: 'options: -; operands: a --t dir' },
  { table: cp, argv: '--pa x dir', gnu: 'options: parents; operands: x dir' },
  { table: cp, argv: '--p x dir', gnu: 'options: p; operands: x dir; invalid: --p' },
  { table: mv, argv: '--s=x a dir', gnu: 'options: s=x; operands: a dir; invalid: --s=x' },
  { table: rm, argv: '--force=x a', gnu: 'options: force; operands: a; invalid: --force=x' },
  { table: cp, argv: '--backup=numbered a b', gnu: 'options: backup=numbered; operands: a b' },
  { table: cp, argv: '--backup a b', gnu: 'options: backup; operands: a b' },
  // short options with values
  { table: mv, argv: '-tdir a', gnu: 'options: target-directory=dir; operands: a' },
  { table: cp, argv: '-vtdir a', gnu: 'options: verbose target-directory=dir; operands: a' },
  { table: mv, argv: 'a -t', gnu: 'options: -; operands: a; invalid: -t', bsd: 'options: -; operands: a -t' },
  { table: mv, argv: 'a b ls -lacat', gnu: 'options: l a c a; operands: a b ls; invalid: -l -a -c -a -t', bsd: 'options: -; operands: a b ls -lacat' },
  { table: ln, argv: '-S a b', gnu: 'options: suffix=a; operands: b' },
  { table: install, argv: '-m 644 a b', gnu: 'options: mode=644; operands: a b' },
  { table: install, argv: 'a b -S ~/.bashrc', gnu: 'options: suffix=~/.bashrc; operands: a b', bsd: 'options: -; operands: a b -S ~/.bashrc' },
  { table: touch, argv: '-t 201101010000 a', gnu: 'options: t=201101010000; operands: a' },
  { table: mkdir, argv: '-pm700 a/b', gnu: 'options: parents mode=700; operands: a/b' },
  // chmod: a mode letter makes its whole word the mode
  { table: chmod, argv: '-w a', gnu: 'options: mode=-w; operands: a', bsd: 'options: -; operands: -w a' },
  { table: chmod, argv: 'a -w', gnu: 'options: mode=-w; operands: a', bsd: 'options: -; operands: a -w' },
  { table: chmod, argv: '-R -g+x a', gnu: 'options: recursive mode=-g+x; operands: a', bsd: 'options: recursive; operands: -g+x a' },
  { table: chmod, argv: '-Rw 644 a', gnu: 'options: recursive mode=-Rw; operands: 644 a', bsd: 'options: recursive; operands: 644 a' },
  { table: chmod, argv: '-- -w a', gnu: 'options: -; operands: -w a' },
];

describe('the option reader on the coreutils rows', () => {
  for (const c of cases) {
    const args = c.argv.split(' ').map(argument);
    it(`${c.argv}`, () => {
      const readings = platformReadings(args, c.table).map(summary);
      expect(readings).toEqual(c.bsd ? [c.gnu, c.bsd] : [c.gnu]);
    });
  }

  it('reads every row of src/approver/coreutils.ts, and links each option\'s spellings', () => {
    for (const [name, table] of Object.entries(coreutils)) {
      const specs = table.options;
      expect(specs.length, name).toBeGreaterThan(1);
      for (const spec of specs) expect(spec.name, `${name}: ${spec.short ?? spec.long}`).toBeTruthy();
    }
    expect(readOptions(['-R', '-r', '--recursive'].map(argument), rm).options.map((o) => o.name)).toEqual(['recursive', 'recursive', 'recursive']);
  });
});
