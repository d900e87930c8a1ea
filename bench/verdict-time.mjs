#!/usr/bin/env node
// How long one verdict takes on the fuzz suite's inputs (issue 6: "a verdict within a time budget
// measured in a benchmark, not a timed test"). The same generators as test/robustness/fuzz.test.ts
// (random text of every kind, grammar-aware lines near the edge of what the shells accept, a
// nesting depth of 2 and of 3), seeded, in each dialect; every line is judged by `approve` (parse
// included) over an empty tree, warm, several times, and its median time kept. Prints one JSON
// object: per dialect the median, p99 and worst time, and the worst line; then the same generator's
// lines with a run of 30,000 of one character or pair put in, and the slowest of those.
//
//   node bench/verdict-time.mjs [LINES-PER-DIALECT]     (after `npm run build`)

import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Every verdict must take less than this (a hook's whole start-up is about 30 ms). */
export const verdictBudgetMs = 50;
const perDialect = Number(process.argv[2] ?? 2000);
/** Lines with a long run of one character put in, and how long the run is. */
const longRuns = 300;
const runLength = 30_000;
/** Every verdict on such a line must take less than this (they are 30 KB lines). */
const longRunBudgetMs = 500;
const seed = 6;

const scratch = mkdtempSync(join(tmpdir(), 'treeward-verdict-time-'));
try {
  // the generators are TypeScript in test/; bundle them (with fast-check) for this run
  const out = join(scratch, 'generators.mjs');
  await build({ entryPoints: [join(root, 'test/robustness/generators.ts')], bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'silent' });
  const { anyText, edgeLine, line: grammarLine } = await import(pathToFileURL(out).href);
  const fc = (await import('fast-check')).default;
  const { approve } = await import(pathToFileURL(join(root, 'dist/lib/index.js')).href);

  const now = () => process.hrtime.bigint();
  const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const result = { seed, perDialect, budgetMs: verdictBudgetMs, dialects: {} };
  for (const [d, dialect] of ['bash', 'sh', 'zsh'].entries()) {
    const lines = [
      ...fc.sample(anyText, { seed: seed + d, numRuns: perDialect / 4 }),
      ...fc.sample(edgeLine(2), { seed: seed + d, numRuns: perDialect / 2 }),
      ...fc.sample(edgeLine(3), { seed: seed + d, numRuns: perDialect / 4 }),
    ];
    const judge = (line) => approve(line, { tree: '/home/dev/project', dialect, cwd: '/home/dev/project' });
    for (const line of lines.slice(0, 300)) judge(line); // warm-up
    const times = [];
    let allowed = 0;
    for (const line of lines) {
      const runs = [];
      let verdict;
      for (let r = 0; r < 3; r++) {
        const t0 = now();
        verdict = judge(line);
        runs.push(Number(now() - t0) / 1e6);
      }
      runs.sort((a, b) => a - b);
      if (verdict.decision === 'allow') allowed++;
      times.push({ ms: runs[1], line });
    }
    const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
    const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a));
    result.dialects[dialect] = {
      lines: lines.length, allowed, medianMs: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: sorted[sorted.length - 1],
      over: sorted.filter((ms) => ms >= verdictBudgetMs).length, worstLine: worst.line.slice(0, 120), worstLength: worst.line.length,
    };
  }
  // Long runs: a grammar-aware line with a run of 30,000 characters of one unit (blanks, slashes,
  // `?/`, `*/`, quotes, `$(`, …) put in at a random place, in a random dialect: what finds a pattern or
  // loop that starts again at every character of a run (such lines took 7 to 25 s before).
  const units = [' ', 'a', '/', '\n', '$', '(', '{', '[', '-', '.', '=', ':', ';', '\\', '"', "'", '*', ',', '?', 'a ', 'a=', '$x', '${', '$(', '[:', '\t', '#', '~', '!', '`', '<', '>', '&', '|', ')', '}', ']', 'a/', '*/', '?/', '../', './', '\\\n', '{a,', '@(', '((', 'x ', '-x ', '--x ', '=(', '<('];
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const runs = [];
  for (const base of fc.sample(grammarLine(2), { seed, numRuns: longRuns })) {
    const unit = units[Math.floor(random() * units.length)];
    const at = Math.floor(random() * (base.length + 1));
    const dialect = ['bash', 'sh', 'zsh'][Math.floor(random() * 3)];
    const text = base.slice(0, at) + unit.repeat(Math.ceil(runLength / unit.length)) + base.slice(at);
    const t0 = now();
    approve(text, { tree: '/home/dev/project', dialect, cwd: '/home/dev/project' });
    runs.push({ ms: Number(now() - t0) / 1e6, unit, dialect, line: base });
  }
  runs.sort((a, b) => a.ms - b.ms);
  const slowest = runs[runs.length - 1];
  result.longRuns = { lines: runs.length, runLength, budgetMs: longRunBudgetMs, medianMs: quantile(runs.map((r) => r.ms), 0.5), maxMs: slowest.ms, over: runs.filter((r) => r.ms >= longRunBudgetMs).length, slowest: { unit: slowest.unit, dialect: slowest.dialect, line: slowest.line.slice(0, 120) } };
  process.stdout.write(JSON.stringify(result) + '\n');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
