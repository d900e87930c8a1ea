// The verdicts of the redesign's guard (issue 11, "Behaviour is unchanged"):
// every fixture and corpus case in each of its dialects, over its own memfs
// volume, as `treeward check --json` would print them (decision, id, reason,
// span, or the handed-back text), and generated lines on fixed seeds (hostile
// lines and fuzz lines) judged for the fixtures' tree. The baseline in
// verdicts.json was written before the redesign with
// `TREEWARD_UPDATE_VERDICTS=1 npx vitest run test/architecture`; it lasts
// while the redesign does.

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import type { Verdict } from '../../src/approver/types.js';
import { approveOptions, buildVolume, conventions, loadFixtureFiles } from '../fixtures/load.js';
import { loadCorpus } from '../regression/corpus.js';
import { hostileCase } from '../regression/hostile.js';
import { edgeLine } from '../robustness/generators.js';

type Dialect = 'bash' | 'sh' | 'zsh';

/** A verdict as one short string: allow and a digest of the hand-back, or deny, id, span and reason. */
export function verdictText(verdict: Verdict): string {
  if (verdict.decision === 'allow') return `allow ${createHash('sha256').update(verdict.command).digest('hex').slice(0, 16)}`;
  return `deny ${verdict.id} [${verdict.span[0]},${verdict.span[1]}] ${verdict.reason}`;
}

function judgeSafely(command: string, options: Parameters<typeof approve>[1]): string {
  try {
    return verdictText(approve(command, options));
  } catch (error) {
    return `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
}

/** Every case of the guard, by a key that names where it came from. */
export function dumpVerdicts(): Map<string, string> {
  const out = new Map<string, string>();
  const cases = [
    ...loadFixtureFiles().flatMap((file) => file.cases.map((c, i) => ({ key: `fixture ${file.file} #${i} › ${c.name}`, c }))),
    ...loadCorpus().flatMap((file) => file.cases.map((c, i) => ({ key: `corpus ${c.class} #${i} › ${c.name}`, c }))),
  ];
  for (const { key, c } of cases) {
    const fs = fileSystemFrom(buildVolume(c) as never);
    for (const dialect of c.dialects) out.set(`${key} [${dialect}]`, judgeSafely(c.command, { ...approveOptions(c, dialect), fs }));
  }
  const plain = (dialect: Dialect) => ({ dialect, tree: conventions.tree, home: conventions.home, tempDir: '/tmp' });
  fc.sample(hostileCase, { seed: 424242, numRuns: 3000 }).forEach(({ line, dialect }, n) => {
    out.set(`hostile #${n} [${dialect}]`, judgeSafely(line, plain(dialect)));
  });
  for (const dialect of ['bash', 'sh', 'zsh'] as const) {
    fc.sample(edgeLine(2), { seed: 515151, numRuns: 1500 }).forEach((line, n) => out.set(`fuzz #${n} [${dialect}]`, judgeSafely(line, plain(dialect))));
  }
  return out;
}
