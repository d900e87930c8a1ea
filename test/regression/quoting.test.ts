// The quotings the property tests use to hand a corpus line to `bash -c`,
// `sh -c`, `zsh -c`, `eval`, `trap` (./wrapping.ts), checked against the real
// shells: in each dialect, every corpus line of that dialect, quoted each way
// the dialect allows, must reach a program as exactly one argument equal to
// the line. Runs in the bubblewrap sandbox (test/support/shells.ts), many
// lines per shell: `at QUOTED` for each line, `at` being a logging stub.

import { describe, expect, it } from 'vitest';
import type { DialectName } from '../../src/syntax/dialect.js';
import { requireSandbox, runLines, type Case } from '../support/shells.js';
import { loadCorpus } from './corpus.js';
import { quotings } from './wrapping.js';

const available = requireSandbox('test/regression/quoting.test.ts');
const cases = loadCorpus().flatMap((file) => file.cases);
const BATCH = 60;

describe.skipIf(!available)('quoting a line for a shell string', () => {
  it('gives back every corpus line exactly, in each dialect and quoting', async () => {
    const batches: { id: string; dialect: DialectName; quoting: string; lines: string[] }[] = [];
    for (const dialect of ['bash', 'sh', 'zsh'] as const) {
      const lines = [...new Set(cases.filter((c) => c.dialects.includes(dialect)).map((c) => c.command))];
      for (const q of quotings) {
        if (!q.dialects.includes(dialect)) continue;
        for (let i = 0; i < lines.length; i += BATCH) batches.push({ id: `${dialect}:${q.id}:${i}`, dialect, quoting: q.id, lines: lines.slice(i, i + BATCH) });
      }
    }
    const runs: Case[] = batches.map((b) => {
      const q = quotings.find((x) => x.id === b.quoting)!;
      return { id: b.id, shell: b.dialect, command: b.lines.map((l) => `at ${q.quote(l)}`).join('\n'), run: true, parseCheck: false, bashArgs: ['-O', 'extglob'] };
    });
    const results = await runLines(runs, { timeoutSec: 10 });
    const problems: string[] = [];
    let checked = 0;
    for (const b of batches) {
      const r = results.get(b.id);
      if (!r?.ran) {
        problems.push(`${b.id}: the sandbox failed: ${r?.error ?? 'no result'}`);
        continue;
      }
      const got = r.ran.calls.filter((c) => c.argv[0] === 'at').map((c) => c.argv.slice(1));
      b.lines.forEach((line, i) => {
        checked++;
        const argv = got[i];
        if (!argv || argv.length !== 1 || argv[0] !== line) {
          problems.push(`[${b.dialect}, ${b.quoting} quotes] ${JSON.stringify(line)} came back as ${JSON.stringify(argv)}${r.ran!.stderr ? ` (stderr: ${r.ran!.stderr.slice(0, 300)})` : ''}`);
        }
      });
    }
    console.log(`quoting: ${checked} quoted lines checked in ${batches.length} shell runs`);
    expect(problems.slice(0, 20), problems.slice(0, 20).join('\n')).toEqual([]);
  });
});
