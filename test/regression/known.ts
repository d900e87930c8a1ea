// Looking tests up in the known-failure list (./known-failures.ts), and
// reporting what a run found there.

import { knownFailures, type KnownFailure } from './known-failures.js';

/** The entry that names this test (or whose `match` the line matches), if any. */
export function knownFailure(test: string, line?: string): KnownFailure | undefined {
  return knownFailures.find((k) => (k.test !== undefined ? k.test === test : line !== undefined && k.match !== undefined && k.match.test(line)));
}

export interface KnownReport {
  /** Known failures that failed again, with what they did. */
  failed: { test: string; entry: KnownFailure; detail: string }[];
  /** Known failures named by `test` whose test ran and passed: the entry is stale. */
  passed: { test: string; entry: KnownFailure }[];
}

/** Collects, for one test file, what the known failures did. */
export class KnownLedger {
  readonly report: KnownReport = { failed: [], passed: [] };
  /** Tests (by name) that ran, so entries of other files are not called stale here. */
  private readonly ran = new Set<string>();

  /**
   * Records one test's outcome: a problem (a string) or null. Returns the
   * problem when the test must fail: a failure that is not known, or a known
   * failure that now passes.
   */
  settle(test: string, problem: string | null, line?: string): string | null {
    this.ran.add(test);
    const entry = knownFailure(test, line);
    if (!entry) return problem;
    if (problem) {
      this.report.failed.push({ test, entry, detail: problem });
      return null;
    }
    if (entry.test !== undefined) {
      this.report.passed.push({ test, entry });
      return `${test} passes now, but the known-failure list (test/regression/known-failures.ts) still names it: delete its entry`;
    }
    return null;
  }

  /** A summary for the log. */
  summary(what: string): string {
    const lines = [`${what}: ${this.report.failed.length} known failure(s) reported, not failed (test/regression/known-failures.ts):`];
    for (const f of this.report.failed) lines.push(`  KNOWN ${f.test}\n    expected ${f.entry.expected}, got ${f.entry.got}\n    ${f.detail.split('\n').join('\n    ')}`);
    return lines.join('\n');
  }
}

/** Which test file an entry's name belongs to: `containment › …`, `<wrapper> › <class> › …` (properties), or `<class> › …` (corpus). */
export function kindOf(test: string): 'corpus' | 'properties' | 'containment' {
  if (test.startsWith('containment › ')) return 'containment';
  return test.split(' › ').length > 2 ? 'properties' : 'corpus';
}
