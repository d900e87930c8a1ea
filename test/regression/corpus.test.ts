// The regression corpus (fixtures/corpus/, format: fixtures/README.md "The
// corpus"): every case is checked for form, then judged by approve() in each of
// its dialects over its own memfs volume, exactly as a fixture is. Also checks
// the corpus's size and shape (at least 600 lines, at least a third allows,
// every class the issue lists with several cases) and prints the counts.
// Known approver bugs (./known-failures.ts) are reported, not failed.

import { afterAll, describe, expect, it } from 'vitest';
import { loadPinSources, pinProblem, verdictProblem } from '../fixtures/load.js';
import { caseKey, corpusClasses, loadCorpus, type CorpusCase } from './corpus.js';
import { KnownLedger, kindOf } from './known.js';
import { knownFailures } from './known-failures.js';
import { judgeInPlace } from './sandbox-land.js';

const files = loadCorpus();
const cases: CorpusCase[] = files.flatMap((file) => file.cases);
const sources = loadPinSources();
const ledger = new KnownLedger();

/** Every case × dialect, as the known-failure list and the test names spell it. */
const runs = cases.flatMap((c) => c.dialects.map((dialect) => ({ c, dialect, key: caseKey(c, dialect) })));

describe('the corpus', () => {
  it('is well-formed', () => {
    const errors = files.flatMap((file) => file.errors);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('has one file per class the issue lists, each with several cases', () => {
    const present = files.map((file) => file.class);
    expect(present.sort()).toEqual([...corpusClasses].sort());
    for (const file of files) expect(file.cases.length, `${file.file} holds too few cases`).toBeGreaterThanOrEqual(20);
  });

  it('holds at least 600 labelled lines, at least a third of them allows', () => {
    const allows = cases.filter((c) => c.expect.decision === 'allow').length;
    expect(cases.length).toBeGreaterThanOrEqual(600);
    expect(allows * 3, `${allows} allows of ${cases.length}`).toBeGreaterThanOrEqual(cases.length);
  });

  it.skipIf(!sources)('quotes its sources word for word where a case pins them', () => {
    const problems = cases.flatMap((c) => c.pins.flatMap((pin) => {
      const problem = pinProblem(pin, sources!);
      return problem ? [`${c.file} › ${c.name}: ${problem}`] : [];
    }));
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

describe('corpus cases', () => {
  afterAll(() => {
    const counts = new Map<string, { cases: number; allows: number; denies: number; lines: number }>();
    for (const c of cases) {
      const n = counts.get(c.class) ?? { cases: 0, allows: 0, denies: 0, lines: 0 };
      n.cases++;
      n.lines += c.dialects.length;
      if (c.expect.decision === 'allow') n.allows++;
      else n.denies++;
      counts.set(c.class, n);
    }
    const rows = [...counts].map(([k, n]) => `  ${k.padEnd(18)} ${String(n.cases).padStart(4)} cases (${n.allows} allow, ${n.denies} deny), ${n.lines} case×dialect`);
    const allows = cases.filter((c) => c.expect.decision === 'allow').length;
    console.log(`corpus: ${cases.length} cases (${allows} allow, ${cases.length - allows} deny), ${runs.length} case×dialect\n${rows.join('\n')}`);
    if (ledger.report.failed.length) console.log(ledger.summary('corpus'));
  });

  for (const { c, dialect, key } of runs) {
    it(`${key}`, () => {
      const verdict = judgeInPlace(c, dialect);
      let problem = verdictProblem(c, verdict);
      if (problem) problem = `${key}: ${problem}\ncommand: ${JSON.stringify(c.command)}\nwhy: ${c.why}`;
      const failure = ledger.settle(key, problem);
      if (failure) expect.fail(failure);
    });
  }

  it('leave no known-failure entry of the corpus naming a case that does not exist', () => {
    const names = new Set(runs.map((r) => r.key));
    const stray = knownFailures.filter((k) => k.test !== undefined && kindOf(k.test) === 'corpus' && !names.has(k.test)).map((k) => k.test);
    expect(stray, 'known failures naming no corpus case').toEqual([]);
  });
});
