#!/usr/bin/env node
// Judging speed alone (issue 18 items 2 and 3), without the rest of `npm run bench`: approve() on the stress
// table's whole-line families at 100 KB and 1 MB, and on the agent corpus with node's fs, each in a fresh
// bench/worker.mjs process, with the targets marked met or not.
//   node bench/judging.mjs                       this build (dist/; run `npm run build` first)
//   node bench/judging.mjs --against DIR         and another build's dist directory beside it, the two
//                                                interleaved process by process (a before and an after in one run)
//   node bench/judging.mjs --repeat N            each stress point N times, the median kept
// The machine's load average is printed at the start and at the end: other work makes every figure slower.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stressFamilies } from './stress.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const args = process.argv.slice(2);
const against = args.includes('--against') ? resolve(args[args.indexOf('--against') + 1] ?? '') : null;
// --repeat N: each point measured N times, the builds interleaved, and the median taken (a loaded machine's figures vary by 2×)
const repeat = args.includes('--repeat') ? Math.max(1, Number(args[args.indexOf('--repeat') + 1]) || 1) : 1;
const builds = [{ name: 'this', dist: join(root, 'dist') }, ...(against ? [{ name: 'against', dist: against }] : [])];
const loadAverage = () => { try { return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '); } catch { return '?'; } };
const loadStart = loadAverage();
const tmp = mkdtempSync(join(os.tmpdir(), 'treeward-judging-'));
const jobPath = join(tmp, 'job.json');
writeFileSync(jobPath, JSON.stringify({ agentFile: join(here, 'agent-lines.jsonl') }));
const log = (s) => process.stderr.write(`${s}\n`);
const sig = (x) => (x == null || Number.isNaN(x) ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

function worker(build, ...extra) {
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, 'worker.mjs'), 'treeward', ...extra.slice(0, 1), jobPath, ...extra.slice(1)], {
    encoding: 'utf8', timeout: 300_000, maxBuffer: 1 << 26, killSignal: 'SIGKILL', env: { ...process.env, TREEWARD_BENCH_DIST: build.dist },
  });
  try { return JSON.parse((r.stdout ?? '').trim().split('\n').pop()); } catch { return { unavailable: (r.stderr ?? '').trim().split('\n').pop() || `exit ${r.status}` }; }
}

/** Of several runs of one point, the one with the median approve() time (parse time and verdict from that run). */
function medianPoint(runs) {
  const ok = runs.filter((r) => !r.unavailable && r.approveMs != null).sort((x, y) => x.approveMs - y.approveMs);
  return ok.length === 0 ? runs[0] : ok[(ok.length - 1) >> 1];
}

const rows = [];
stressFamilies.forEach((family, fi) => {
  if (family.unit !== 'bytes') return;
  log(`  stress ${family.name}`);
  const row = { name: family.name, builds: {} };
  for (const build of builds) row.builds[build.name] = { b: [], c: [] };
  for (let k = 0; k < repeat; k++) {
    for (const build of builds) row.builds[build.name].b.push(worker(build, 'stress', String(fi), '1'));
    for (const build of builds) row.builds[build.name].c.push(worker(build, 'stress', String(fi), '2'));
  }
  for (const build of builds) {
    const point = row.builds[build.name];
    point.b = medianPoint(point.b);
    point.c = medianPoint(point.c);
  }
  rows.push(row);
});
const verdicts = {};
for (const build of builds) {
  log(`  agent corpus (${build.name})`);
  verdicts[build.name] = worker(build, 'verdicts');
}
rmSync(tmp, { recursive: true, force: true });

const out = [`judging speed (issue 18) — load average ${loadStart} at the start, ${loadAverage()} at the end (${os.cpus().length} cores)`];
for (const build of builds) out.push(`  ${build.name}: ${build.dist}`);
const mark = (ok) => (ok == null ? 'n/a' : ok ? 'MET' : 'NOT MET');
for (const row of rows) {
  out.push(`${row.name}`);
  for (const build of builds) {
    const { b, c } = row.builds[build.name];
    if (!b || !c || b.unavailable || c.unavailable) { out.push(`  ${build.name.padEnd(8)} unavailable: ${b?.unavailable ?? c?.unavailable}`); continue; }
    const grown = c.approveMs / b.approveMs;
    out.push(`  ${build.name.padEnd(8)} approve 1 MB ${sig(c.approveMs).padStart(6)} ms (parse ${sig(c.ms)} ms) ${mark(c.approveMs <= 300).padEnd(8)}`
      + ` growth 100 KB → 1 MB ${sig(grown).padStart(5)}× ${mark(grown <= 12).padEnd(8)} ${c.decision}`);
  }
}
out.push('agent corpus, approve() with node\'s fs (each line timed alone, per line the median of its runs)');
for (const build of builds) {
  const v = verdicts[build.name];
  if (v.unavailable) { out.push(`  ${build.name.padEnd(8)} unavailable: ${v.unavailable}`); continue; }
  out.push(`  ${build.name.padEnd(8)} median ${sig(v.approve.medianUs).padStart(6)} µs ${mark(v.approve.medianUs <= 40).padEnd(8)} p99 ${sig(v.approve.p99Us).padStart(6)} µs`
    + ` ${mark(v.approve.p99Us <= 1000).padEnd(8)} beside parse ${sig(v.parse.medianUs)} / ${sig(v.parse.p99Us)} µs, no fs ${sig(v.approveNoFs.medianUs)} / ${sig(v.approveNoFs.p99Us)} µs`);
}
process.stdout.write(`${out.join('\n')}\n`);
