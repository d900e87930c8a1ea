// Agreement with the real shells on the shared parser corpus (13,025 snippets
// from public parser and shell test suites, each with what bash -n, dash -n and
// zsh -f -n said). Every disagreement must be listed, with its reason, in
// known-differences.tsv; a listed entry that agrees again must be removed.
// Skips with a notice when ../shared is absent (a fresh clone).

import { describe, expect, it } from 'vitest';
import { ParseError, parse, type DialectName } from '../../src/index.js';
import { corpusAvailable, corpusDir, loadCorpus, loadKnownDifferences, type CorpusEntry } from './corpus.js';

const dialects: DialectName[] = ['bash', 'sh', 'zsh'];
const available = corpusAvailable();
if (!available) console.warn(`*** SKIPPED corpus conformance: ${corpusDir} is absent (it sits beside the clone in CI) ***`);

function accepts(src: string, dialect: DialectName): { ok: boolean; error: string } {
  try {
    parse(src, { dialect });
    return { ok: true, error: '' };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, error: error.message };
    // anything else is a crash: never acceptable
    throw error;
  }
}

describe.skipIf(!available)('agreement with bash -n, dash -n and zsh -n on the corpus', () => {
  const corpus: CorpusEntry[] = available ? loadCorpus() : [];
  const known = available ? loadKnownDifferences() : [];

  it('loads the whole corpus', () => {
    expect(corpus.length).toBeGreaterThan(13_000);
  });

  it('lists each known difference once, with a reason', () => {
    const seen = new Set<string>();
    for (const k of known) {
      const id = `${k.dialect} ${k.key}`;
      expect(seen.has(id), `${id} is listed twice`).toBe(false);
      seen.add(id);
      expect(k.reason.length, `${id} needs a reason`).toBeGreaterThan(20);
      expect(k.reason).not.toMatch(/^TODO/);
    }
  });

  for (const dialect of dialects) {
    it(`${dialect}: at least 99% agreement, and every disagreement is a listed known difference`, () => {
      const listed = new Map(known.filter((k) => k.dialect === dialect).map((k) => [k.key, k]));
      let compared = 0;
      let agreed = 0;
      const unlisted: string[] = [];
      const stale: string[] = [];
      for (const entry of corpus) {
        const expected = entry.expected[dialect];
        if (expected === null) continue;
        compared++;
        const { ok, error } = accepts(entry.src, dialect);
        const entryKnown = listed.get(entry.key);
        if (ok === expected) {
          agreed++;
          if (entryKnown) stale.push(`${entry.key} (${entry.file}) now agrees: remove it from known-differences.tsv`);
          continue;
        }
        const verdict = ok ? 'accepts' : 'rejects';
        if (!entryKnown || entryKnown.treeward !== verdict) {
          const shell = ok ? `the shell rejects it: ${entry.errors[dialect] ?? ''}` : `treeward: ${error}`;
          unlisted.push(`${dialect} treeward-${verdict} ${entry.key} (${entry.file}) ${JSON.stringify(entry.src.slice(0, 120))} — ${shell}`);
        }
      }
      const agreement = agreed / compared;
      console.log(`${dialect}: ${agreed}/${compared} agree (${(100 * agreement).toFixed(2)}%), ${compared - agreed} known differences`);
      expect(unlisted, 'disagreements not in known-differences.tsv').toEqual([]);
      expect(stale, 'known differences that no longer differ').toEqual([]);
      expect(agreement).toBeGreaterThanOrEqual(0.99);
    });
  }
});
