#!/usr/bin/env node
// Is the stress table's growth from 1% to 100% a trend or a step? The parser is built here with its
// input budget raised from 1 MiB to 16 MiB (src/budgets.ts, changed only in this build), and four
// whole-line families of bench/stress.mjs are parsed at 1/8 to 8 times their full size: time per
// byte, and the share in GC pauses. Flat ns/B past the point where the tree outgrows V8's young
// generation (a few hundred KB of input) means the work is linear and the growth inside the budget
// is GC's one step. Prints one JSON object.
//
//   node bench/beyond-budget.mjs

import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { stressFamilies } from './stress.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const families = ['1 MB line: agent commands joined by &&', '1 MB line: one word a=b$x…', 'unclosed "…', '100k stages: a && b && … (bash)'];
const factors = [0.125, 0.25, 0.5, 1, 2, 4, 8];

const scratch = mkdtempSync(join(tmpdir(), 'treeward-beyond-budget-'));
try {
  const outfile = join(scratch, 'parser.mjs');
  const raise = {
    name: 'raise-input-budget',
    setup(b) {
      b.onLoad({ filter: /src[\\/]budgets\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('maxInputLength: 1 << 20')) throw new Error('budgets.ts no longer says `maxInputLength: 1 << 20`');
        return { contents: text.replace('maxInputLength: 1 << 20', 'maxInputLength: 1 << 24'), loader: 'ts' };
      });
    },
  };
  await build({ entryPoints: [join(root, 'src/parser/parser.ts')], bundle: true, format: 'esm', platform: 'node', outfile, plugins: [raise], logLevel: 'silent' });
  const { parse } = await import(pathToFileURL(outfile).href);

  let gcMs = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) gcMs += e.duration; }).observe({ entryTypes: ['gc'] });
  const pause = () => new Promise((r) => setTimeout(r, 5));
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const result = { factors, families: [] };
  for (const name of families) {
    const family = stressFamilies.find((f) => f.name === name);
    if (!family) throw new Error(`no stress family ${name}`);
    const points = [];
    for (const factor of factors) {
      const src = family.make(Math.round(family.sizes[2] * factor));
      const options = { dialect: family.dialect ?? 'bash' };
      const once = () => { try { parse(src, options); } catch { /* refusals are timed too */ } };
      once();
      const times = [];
      const gcs = [];
      for (let i = 0; i < 3; i++) {
        await pause();
        const g0 = gcMs;
        const t0 = performance.now();
        once();
        const t1 = performance.now();
        await pause(); // GC entries arrive asynchronously
        times.push(t1 - t0);
        gcs.push(gcMs - g0);
      }
      points.push({ factor, bytes: Buffer.byteLength(src), ms: median(times), gcMs: median(gcs) });
    }
    result.families.push({ name, points });
  }
  process.stdout.write(JSON.stringify(result) + '\n');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
