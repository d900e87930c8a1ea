// The sed script reader (src/approver/sed.ts): each script here also runs
// through the real GNU sed, in a scratch directory, on two lines of
// `touch ran` (so that `e` alone runs something), and what it ran and wrote
// is what the reader said; and no input makes the reader restart: it is one
// pass over the script.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSedScript } from '../../src/approver/programs/sed-script.js';

/** What GNU sed does with the script: whether it ran `touch ran`, which files it wrote, whether it read the script. */
function gnuSed(script: string): { writes: string[]; executes: boolean; readable: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'treeward-sed-'));
  try {
    writeFileSync(join(dir, 'in.txt'), 'touch ran\ntouch ran\n');
    const run = spawnSync('sed', ['-n', script, 'in.txt'], { cwd: dir, encoding: 'utf8', timeout: 10_000 });
    const files = readdirSync(dir).filter((f) => f !== 'in.txt' && f !== 'ran').sort();
    return { writes: files, executes: existsSync(join(dir, 'ran')), readable: run.status === 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const gnuSedHere = spawnSync('sed', ['--version'], { encoding: 'utf8' }).stdout?.startsWith('sed (GNU sed)') === true;
if (!gnuSedHere) {
  if (process.env['CI']) throw new Error('GNU sed is not installed: the sed reader is checked against it in CI');
  console.warn('GNU sed not found: the sed reader is checked against the table alone, not against sed itself');
}

const reads = (script: string) => {
  const r = readSedScript(script);
  return { writes: r.writes, executes: r.executes, readable: r.problem === null };
};

describe('sed scripts', () => {
  it.each([
    // e runs a command wherever a command can stand
    ['1e touch ran', [], true],
    ['e', [], true],
    ['1{e touch ran\n}', [], true],
    ['1 { e touch ran\n}', [], true],
    ['1!e touch ran', [], true],
    ['1 ! e touch ran', [], true],
    ['1,2e touch ran', [], true],
    ['/a/I,+1{e touch ran\n}', [], true],
    ['0~2e touch ran', [], true],
    ['\\,a,e touch ran', [], true],
    ['$ e touch ran', [], true],
    [':a;e touch ran', [], true],
    ['1b x;e touch ran\n:x', [], true],
    ['y/a/b/;e touch ran', [], true],
    ['1v;e touch ran', [], true],
    ['l 5;e touch ran', [], true],
    ['s/a/b/ ; e touch ran', [], true],
    ['s/ran/ran/e', [], true],
    ['s/ran/ran/ge', [], true],
    // w writes the rest of the line, `;` included
    ['w out;p', ['out;p'], false],
    ['1{w out4\n}', ['out4'], false],
    ['2!w out5', ['out5'], false],
    ['$!{$!w out6\n}', ['out6'], false],
    ['s/a/b/w out2\ne touch ran', ['out2'], true],
    ['s/a/b/gpw out7', ['out7'], false],
    ['s/[/]/x/w out', ['out'], false],
    ['1W  out', ['out'], false],
    // text, labels and regexes that only look like commands
    ['1a foo; e touch ran', [], false],
    ['$a\\\nnew; e line', [], false],
    ['s/e/w/', [], false],
    ['s|e|w x|', [], false],
    ['/e x/p', [], false],
    ['s/[]/]/X/', [], false],
    ['s/[[:alpha:]/]/X/g', [], false],
    ['s/[a\\]/X/', [], false],
    ['y/ew/we/', [], false],
    ['p#e touch ran', [], false],
    [':a;N;$!ba;s/\\n/ /g', [], false],
    ['/start/,/end/{/start/!{/end/!p}}', [], false],
  ])('%j: writes %j, runs commands: %s', (script, writes, executes) => {
    expect(reads(script)).toEqual({ writes, executes, readable: true });
    if (gnuSedHere) expect(gnuSed(script)).toEqual({ writes: [...writes].sort(), executes, readable: true });
  });

  it.each([
    ['s/a[/X/', 'a bracket GNU sed leaves unterminated'],
    ['s/a/b', 'an unterminated s'],
    ['1{p}p', 'characters after `}`'],
    ['k', 'an unknown command'],
    ['1', 'an address without a command'],
    ['w', '`w` without a file name'],
    ['1,p', 'a `,` without a second address'],
  ])('%j: unreadable (%s), as GNU sed refuses it', (script) => {
    expect(reads(script).readable).toBe(false);
    if (gnuSedHere) expect(gnuSed(script)).toEqual({ writes: [], executes: false, readable: false });
  });

  it('reads long scripts in one pass (the patterns it replaced restarted at every blank)', () => {
    expect(reads(`;${' '.repeat(1 << 20)}x`)).toEqual({ writes: [], executes: false, readable: true });
    expect(reads(`s/${'[[:alpha:]]'.repeat(100_000)}/x/`).readable).toBe(true);
    expect(reads(`s/${'[[:a:]'.repeat(100_000)}/x/`).readable).toBe(false);
    expect(reads(`${'\n'.repeat(1 << 20)}e`).executes).toBe(true);
    expect(reads('s/x/y/'.repeat(100_000)).readable).toBe(false);
    expect(reads('s/x/y/;'.repeat(100_000)).readable).toBe(true);
  });

  it('never throws, and any `e` command at a command start is found', () => {
    const piece = fc.constantFrom('1', '$', ',', '!', ' ', ';', '\n', '{', '}', 'p', 'd', 'e', 'w f', 's/a/b/', 's/[/]/x/', 'a t', '#', '/x/', ':l', 'b l', 'y/a/b/', '\\', 'I', '~2', '+1');
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((p) => p.join('')), (script) => {
      const r = readSedScript(script);
      // appending `;e` to a readable script makes one that runs commands, or one GNU sed would not read
      const more = readSedScript(`${script}\ne`);
      if (r.problem === null && !/\\$|(^|[\n;])\s*[aic]\b|[:btTv][^;\n]*$|[rRw]\s/.test(script)) expect(more.executes || more.problem !== null).toBe(true);
    }), { numRuns: 5000 });
  });
});
