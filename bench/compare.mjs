#!/usr/bin/env node
// `npm run bench:compare -- [REF]`: parse() and approve() of another commit
// (REF, default HEAD) beside the working tree's, in one run, on the agent
// corpus (bench/agent-lines.jsonl) and on long lines. Each side is built into
// a directory of its own (REF from a `git archive` of it), and the two are
// timed in alternating fresh processes, so a change of machine load hits both.
// Prints medians per line and the ratio new/old; a redesign that must not cost
// speed shows ratios near 1.00 (issue 11 asks within 5%).

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const args = process.argv.slice(2);
if (args.includes('-h') || args.includes('--help')) {
  process.stdout.write('usage: npm run bench:compare -- [REF] [--rounds N]\n  parse() and approve() of REF (default HEAD) beside the working tree, alternating fresh processes\n');
  process.exit(0);
}
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 7;
const ref = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--rounds') ?? 'HEAD';

const scratch = mkdtempSync(join(os.tmpdir(), 'treeward-compare-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** A built copy of `ref` (or of the working tree, for null): the directory holding dist/lib/index.js. */
function buildSide(name, gitRef) {
  const dir = join(scratch, name);
  if (gitRef === null) {
    cpSync(root, dir, { recursive: true, filter: (src) => !/\/(node_modules|dist|\.git|bench\/out)(\/|$)/.test(src.slice(root.length)) });
  } else {
    const tar = execFileSync('git', ['archive', '--format=tar', gitRef], { cwd: root, maxBuffer: 1 << 30 });
    execFileSync('mkdir', ['-p', dir]);
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  return dir;
}

const sides = [
  { name: `old (${ref})`, dir: buildSide('old', ref) },
  { name: 'new (working tree)', dir: buildSide('new', null) },
];

const lines = readFileSync(join(here, 'agent-lines.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).line);
const long = [
  Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ').replace(/^/, 'echo '),
  Array.from({ length: 2_000 }, (_, i) => `cmd${i} --flag=${i}`).join(' && '),
  Array.from({ length: 2_000 }, (_, i) => `stage${i} -x`).join(' | '),
];
const inputs = join(scratch, 'inputs.json');
writeFileSync(inputs, JSON.stringify({ lines, long }));

// The worker: loads one side's library, warms up, then times every agent line (median of 5 runs
// each) with parse() and with approve() (an empty fs), and each long line.
const worker = join(scratch, 'worker.mjs');
writeFileSync(worker, `
import { readFileSync } from 'node:fs';
const [lib, inputsPath] = process.argv.slice(2);
const { parse, approve } = await import(lib);
const { lines, long } = JSON.parse(readFileSync(inputsPath, 'utf8'));
const opts = { tree: '/home/dev/project', home: '/home/dev', tempDir: '/tmp', dialect: 'bash' };
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
function perLine(fn) {
  for (let pass = 0; pass < 3; pass++) for (const l of lines) { try { fn(l); } catch {} }
  const each = lines.map((l) => { const runs = []; for (let r = 0; r < 5; r++) { const t = process.hrtime.bigint(); try { fn(l); } catch {} runs.push(Number(process.hrtime.bigint() - t)); } return median(runs); });
  const sorted = [...each].sort((a, b) => a - b);
  return { median: median(each), p99: sorted[Math.floor(sorted.length * 0.99)], total: each.reduce((a, b) => a + b, 0) };
}
function once(fn, text) { fn(text); const runs = []; for (let r = 0; r < 7; r++) { const t = process.hrtime.bigint(); try { fn(text); } catch {} runs.push(Number(process.hrtime.bigint() - t)); } return median(runs); }
const out = { parse: perLine((l) => parse(l, { dialect: 'bash' })), approve: perLine((l) => approve(l, opts)) };
long.forEach((text, i) => { out['parse long ' + i] = { median: once((t) => parse(t, { dialect: 'bash' }), text) }; out['approve long ' + i] = { median: once((t) => approve(t, opts), text) }; });
process.stdout.write(JSON.stringify(out));
`);

function loadPercent(ms) {
  const read = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  try {
    const a = read();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms); // sleep, so the sample is of the others' load
    const b = read();
    const total = b.slice(0, 8).reduce((x, y) => x + y, 0) - a.slice(0, 8).reduce((x, y) => x + y, 0);
    const idle = b[3] + b[4] - a[3] - a[4];
    return Math.round(100 * (1 - idle / total));
  } catch {
    return null;
  }
}

const loadBefore = loadPercent(500);
const samples = sides.map(() => []);
for (let r = 0; r < rounds; r++) {
  for (const [i, side] of (r % 2 ? [...sides.entries()].reverse() : [...sides.entries()])) {
    const run = spawnSync(process.execPath, [worker, join(side.dir, 'dist', 'lib', 'index.js'), inputs], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (run.status !== 0) throw new Error(`${side.name}: ${run.stderr}`);
    samples[i].push(JSON.parse(run.stdout));
  }
  process.stderr.write(`round ${r + 1}/${rounds}\n`);
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const figures = Object.keys(samples[0][0]);
const rows = [];
for (const figure of figures) {
  for (const stat of ['median', 'p99']) {
    if (samples[0][0][figure][stat] === undefined) continue;
    const [a, b] = samples.map((s) => median(s.map((x) => x[figure][stat])));
    rows.push([`${figure} ${stat}`, a, b, b / a]);
  }
}
const unit = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : `${(ns / 1e3).toFixed(2)} µs`);
const width = Math.max(...rows.map((r) => r[0].length));
process.stdout.write(`bench:compare: ${rounds} rounds, alternating; machine load before the run ${loadBefore ?? '?'}% (2 cores busy = 100%)\n`);
process.stdout.write(`${'figure'.padEnd(width)}  ${sides[0].name.padStart(14)}  ${sides[1].name.padStart(20)}  new/old\n`);
for (const [name, a, b, ratio] of rows) process.stdout.write(`${name.padEnd(width)}  ${unit(a).padStart(14)}  ${unit(b).padStart(20)}  ${ratio.toFixed(3)}\n`);
if (!existsSync(join(root, 'bench', 'out'))) execFileSync('mkdir', ['-p', join(root, 'bench', 'out')]);
writeFileSync(join(root, 'bench', 'out', 'compare.json'), JSON.stringify({ date: new Date().toISOString(), ref, rounds, loadBefore, rows }, null, 1));
