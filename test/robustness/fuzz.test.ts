// The fuzz suite (issue 6): random text and grammar-aware random lines in
// each dialect, through `parse` and `approve`.
//  - nothing but a ParseError or BudgetError ever leaves `parse`, and
//    `approve` always returns a verdict (time budgets live in the bench);
//  - on a sample each run, whatever treeward accepts the real shell accepts
//    too (`bash -n` with extglob, `dash -n`, `zsh -n`): treeward may refuse
//    more than a shell, never less.
// Both run on the seeds of test/seeds.json (`fuzz-any-text`, `fuzz-shells`);
// a failure names its seed and the command that replays it, and
// `npm run explore` tries fresh ones.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { BudgetError, ParseError } from '../../src/syntax/errors.js';
import { parse } from '../../src/parser/parser.js';
import { seedsFor } from '../support/seeds.js';
import { requireSandbox, runLines, type Case } from '../support/shells.js';
import { anyText, edgeLine, type Dialect } from './generators.js';

const dialects: Dialect[] = ['bash', 'sh', 'zsh'];
const shellName = { bash: 'bash', sh: 'sh', zsh: 'zsh' } as const;

/** Whether treeward's parser accepts the line; anything but its own errors is a failure of the test. */
function accepts(line: string, dialect: Dialect): boolean {
  try {
    parse(line, { dialect });
    return true;
  } catch (error) {
    if (error instanceof ParseError || error instanceof BudgetError) return false;
    throw error;
  }
}

describe('fuzz', () => {
  for (const { seed, runs, replay } of seedsFor('fuzz-any-text')) for (const dialect of dialects) {
    it(`${dialect}: parse throws only its own errors and approve always answers, on any text (seed ${seed}; replay: ${replay})`, () => {
      fc.assert(
        fc.property(fc.oneof(anyText, edgeLine(2)), (line) => {
          accepts(line, dialect);
          const verdict = approve(line, { tree: '/home/dev/project', dialect });
          expect(['allow', 'deny']).toContain(verdict.decision);
          if (verdict.decision === 'deny') expect(verdict.reason.length).toBeGreaterThan(10);
        }),
        { seed, numRuns: runs },
      );
    });
  }

  for (const { seed, runs: perDialect, replay } of seedsFor('fuzz-shells')) it(`what treeward accepts, the real shells accept (a sample checked with bash -n, dash -n, zsh -n; seed ${seed})`, async () => {
    if (!requireSandbox('fuzz sample against the real shells')) return;
    const cases: Case[] = [];
    const lines = new Map<string, { line: string; dialect: Dialect; ours: boolean }>();
    for (const dialect of dialects) {
      const sample = fc.sample(edgeLine(2), { seed: seed + dialects.indexOf(dialect), numRuns: perDialect });
      sample.forEach((line, i) => {
        const id = `${dialect}-${i}`;
        lines.set(id, { line, dialect, ours: accepts(line, dialect) });
        cases.push({ id, shell: shellName[dialect], command: line, ...(dialect === 'bash' ? { bashArgs: ['-O', 'extglob'] } : {}) });
      });
    }
    const results = await runLines(cases, { timeoutSec: 2 });
    const acceptedWhatShellRefuses: string[] = [];
    const counts = { bothAccept: 0, bothRefuse: 0, onlyShellAccepts: 0 };
    for (const [id, { line, dialect, ours }] of lines) {
      const result = results.get(id);
      if (!result || result.error || result.parseTimedOut) continue;
      // the sandbox could not fork (other work on the machine): no answer about the line
      if (/fork failed|resource temporarily unavailable/i.test(result.parseStderr)) continue;
      // zsh -n looks up `=cmd` words in PATH and `~1` in the directory stack: answers about this machine, not the grammar
      if (dialect === 'zsh' && !result.parses && /not found$|not enough directory stack entries/m.test(result.parseStderr.trim())) continue;
      if (ours && !result.parses) acceptedWhatShellRefuses.push(`${dialect}: ${JSON.stringify(line)} — ${result.parseStderr.trim().split('\n')[0]}`);
      else if (ours) counts.bothAccept++;
      else if (result.parses) counts.onlyShellAccepts++;
      else counts.bothRefuse++;
    }
    console.log(`fuzz sample (seed ${seed}): ${lines.size} lines; both accept ${counts.bothAccept}, both refuse ${counts.bothRefuse}, only the shell accepts ${counts.onlyShellAccepts}, only treeward accepts ${acceptedWhatShellRefuses.length}`);
    for (const problem of acceptedWhatShellRefuses) console.log(`ONLY TREEWARD ACCEPTS ${problem}`);
    expect(counts.bothAccept + counts.bothRefuse, 'the sample exercises both sides').toBeGreaterThan(lines.size / 2);
    expect(acceptedWhatShellRefuses, `treeward accepted lines the shell refuses (seed ${seed}; replay: ${replay})`).toEqual([]);
  }, 300_000);
});
