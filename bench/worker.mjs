// One measurement in a fresh process, so that no parser's heap or JIT state affects another's:
//   node --expose-gc bench/worker.mjs PARSER MODE JOB.json
// MODE is agent | scripts | blob | linearity | stress (… stress JOB.json FAMILY SIZE-INDEX) | verdicts (treeward: approve on the agent lines).
// Prints one JSON object on stdout.

import { readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { adapters } from './parsers.mjs';
import { build, depths, lineShapes, lineSizes, nest, nestShapes } from './shapes.mjs';

const [parserName, mode, jobPath] = process.argv.slice(2);
const job = JSON.parse(readFileSync(jobPath, 'utf8'));
const now = () => process.hrtime.bigint();
const gc = () => globalThis.gc?.();

// Garbage-collection pauses, kept so that a timed interval can be charged its share.
const gcPauses = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) gcPauses.push([e.startTime, e.duration]); }).observe({ entryTypes: ['gc'] });
const settle = () => new Promise((r) => setTimeout(r, 20));
/**
 * ms of GC pause that started inside [from, to] (performance.now() units); call after settle().
 * Overlapping entries (a scavenge inside incremental marking's finalisation) count once.
 */
const gcMsBetween = (from, to) => {
  const inside = gcPauses.filter(([t]) => t >= from && t <= to).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [t, d] of inside) {
    const end = Math.min(t + d, to);
    if (end > reach) total += end - Math.max(t, reach);
    reach = Math.max(reach, end);
  }
  return total;
};

const median = (xs) => {
  const s = Float64Array.from(xs).sort();
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const quantile = (xs, q) => {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

// ------------------------------------------------------------------ timing loops

/** Parse every input once; ns for the whole pass. */
async function pass(p, inputs) {
  if (p.async) {
    const t0 = now();
    for (let i = 0; i < inputs.length; i++) await p.parse(inputs[i]);
    return Number(now() - t0);
  }
  const parse = p.parse;
  const t0 = now();
  for (let i = 0; i < inputs.length; i++) parse(inputs[i]);
  return Number(now() - t0);
}

/** Parse every input once, timing each; fills out[i] with ns. */
async function timedPass(p, inputs, out) {
  const parse = p.parse;
  for (let i = 0; i < inputs.length; i++) {
    const t0 = now();
    if (p.async) await parse(inputs[i]); else parse(inputs[i]);
    out[i] = Number(now() - t0);
  }
}

/** Repeat passes until minPasses and minMs are both reached, or capMs is. */
async function repeat(fn, { minPasses, minMs, capMs }) {
  const times = [];
  const start = now();
  for (;;) {
    times.push(await fn());
    const el = Number(now() - start) / 1e6;
    if ((times.length >= minPasses && el >= minMs) || el >= capMs) break;
  }
  return times;
}

/**
 * Choose the inputs to time: all of them when a pass fits the budget, else every k-th
 * (by position, so every kind of input stays represented).
 */
async function chooseSubset(p, inputs, bytesOf, passBudgetMs) {
  const stride0 = Math.max(1, Math.floor(inputs.length / 64));
  const sample = inputs.filter((_, i) => i % stride0 === 0);
  await pass(p, sample); // warm-up
  const t = await pass(p, sample);
  const sampleBytes = sample.reduce((s, x) => s + bytesOf(x), 0);
  const totalBytes = inputs.reduce((s, x) => s + bytesOf(x), 0);
  const perInput = t / sample.length;
  const perByte = t / sampleBytes;
  const estMs = Math.max(perInput * inputs.length, perByte * totalBytes) / 1e6;
  const k = Math.max(1, Math.ceil(estMs / passBudgetMs));
  return { subset: k === 1 ? inputs : inputs.filter((_, i) => i % k === 0), stride: k, estFullPassMs: estMs };
}

/** Accept/reject every input once (also a warm-up pass). */
async function check(p, inputs) {
  const rejected = [];
  for (let i = 0; i < inputs.length; i++) {
    const r = p.async ? await p.parse(inputs[i]) : p.parse(inputs[i]);
    if (r !== true) rejected.push({ i, error: String(r) });
  }
  return rejected;
}

// ------------------------------------------------------------------ modes

async function agent(p) {
  const records = readFileSync(job.agentFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const all = records.map((r) => r.line);
  const bytes = (s) => Buffer.byteLength(s);
  const { subset, stride, estFullPassMs } = await chooseSubset(p, all, bytes, job.agent.passBudgetMs);
  const idx = subset === all ? all.map((_, i) => i) : all.map((_, i) => i).filter((i) => i % stride === 0);
  const rejected = (await check(p, subset)).map((r) => ({ ...r, i: idx[r.i], kind: records[idx[r.i]].kind, line: all[idx[r.i]] }));
  const subsetBytes = subset.reduce((s, x) => s + bytes(x), 0);

  gc();
  const p0 = performance.now();
  const passes = await repeat(() => pass(p, subset), job.agent.throughput);
  const p1 = performance.now();
  await settle();
  const gcShare = gcMsBetween(p0, p1) / (p1 - p0);
  const passNs = median(passes);

  // Per-line latency: each line timed on its own in several passes; per line the median.
  gc();
  const per = [];
  await repeat(async () => { const out = new Float64Array(subset.length); await timedPass(p, subset, out); per.push(out); return 0; }, job.agent.latency);
  const lineMedian = new Float64Array(subset.length);
  const col = new Float64Array(per.length);
  for (let i = 0; i < subset.length; i++) {
    for (let j = 0; j < per.length; j++) col[j] = per[j][i];
    lineMedian[i] = median(col);
  }
  const byKind = {};
  for (let i = 0; i < subset.length; i++) (byKind[records[idx[i]].kind] ??= []).push(lineMedian[i]);
  const slowest = [...lineMedian.keys()].sort((a, b) => lineMedian[b] - lineMedian[a]).slice(0, 3)
    .map((i) => ({ us: lineMedian[i] / 1e3, line: all[idx[i]].slice(0, 120) }));

  return {
    lines: subset.length, totalLines: all.length, stride, estFullPassMs, bytes: subsetBytes,
    passes: passes.length, passMs: passNs / 1e6,
    cmdsPerSec: subset.length / (passNs / 1e9), mbPerSec: subsetBytes / 1e6 / (passNs / 1e9), gcShare,
    latencyPasses: per.length,
    lineUs: { median: median(lineMedian) / 1e3, p90: quantile(lineMedian, 0.9) / 1e3, p99: quantile(lineMedian, 0.99) / 1e3, max: quantile(lineMedian, 1) / 1e3 },
    byKindMedianUs: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, median(v) / 1e3])),
    slowest,
    rejectedCount: rejected.length, rejected: rejected.slice(0, 200),
  };
}

function readScripts() {
  return job.scripts.map((f) => {
    const buf = readFileSync(f);
    return { path: f, bytes: buf.length, src: buf.toString('utf8') };
  });
}

async function scripts(p) {
  const files = readScripts();
  const bytesOf = new Map(files.map((f) => [f.src, f.bytes]));
  const all = files.map((f) => f.src);
  const { subset, stride, estFullPassMs } = await chooseSubset(p, all, (s) => bytesOf.get(s), job.scriptsCfg.passBudgetMs);
  const subFiles = stride === 1 ? files : files.filter((_, i) => i % stride === 0);
  const rejected = (await check(p, subset)).map((r) => ({ path: subFiles[r.i].path, error: r.error, ...where(subFiles[r.i].src, r.error) }));
  const bytes = subFiles.reduce((s, f) => s + f.bytes, 0);
  gc();
  const p0 = performance.now();
  const passes = await repeat(() => pass(p, subset), job.scriptsCfg.throughput);
  const p1 = performance.now();
  await settle();
  const gcShare = gcMsBetween(p0, p1) / (p1 - p0);
  const passNs = median(passes);
  return {
    files: subset.length, totalFiles: all.length, stride, estFullPassMs, bytes,
    passes: passes.length, passMs: passNs / 1e6, mbPerSec: bytes / 1e6 / (passNs / 1e9), gcShare,
    rejectedCount: rejected.length, rejected: rejected.slice(0, 200),
  };
}

/** line:col and the source line for a treeward error ("… @start-end"). */
function where(src, error) {
  const m = / @(\d+)-(\d+)$/.exec(error);
  if (!m) return {};
  const at = Number(m[1]);
  const before = src.slice(0, at);
  const line = before.split('\n').length;
  const col = at - before.lastIndexOf('\n');
  return { line, col, text: src.split('\n')[line - 1]?.slice(0, 160) };
}

async function blob(p) {
  const files = readScripts().filter((f) => job.blobScripts.includes(f.path));
  const src = files.map((f) => f.src).join('\n');
  const bytes = Buffer.byteLength(src);
  const f0 = performance.now();
  const t0 = now();
  const r = p.async ? await p.parse(src) : p.parse(src);
  const firstMs = Number(now() - t0) / 1e6;
  const f1 = performance.now();
  await settle();
  let times = [firstMs * 1e6];
  let gcShare = gcMsBetween(f0, f1) / (f1 - f0);
  if (firstMs < job.blob.capMs / 3) {
    const p0 = performance.now();
    times = await repeat(() => pass(p, [src]), job.blob.throughput);
    const p1 = performance.now();
    await settle();
    gcShare = gcMsBetween(p0, p1) / (p1 - p0);
  }
  const ms = median(times) / 1e6;
  return { bytes, files: files.length, runs: times.length, ms, firstMs, gcShare, mbPerSec: bytes / 1e6 / (ms / 1e3), accepted: r === true, error: r === true ? undefined : String(r).slice(0, 300) };
}

// Linearity (treeward only): one long line at 1%, 10%, 100% of 1 MB, and nesting depths.
async function linearity(p) {
  const { lib } = p;
  const time = async (src, runs, dialect = 'bash') => {
    const ts = [];
    const spans = [];
    let error;
    // No forced gc() between runs: a full collection right before a parse makes it slower than
    // it ever is in use (fresh new-space pages); GC pauses are counted and shown instead.
    for (let i = 0; i < runs; i++) {
      const p0 = performance.now();
      const t0 = now();
      try { lib.parse(src, { dialect }); } catch (e) {
        ts.push(Number(now() - t0));
        error = e instanceof lib.BudgetError ? `BudgetError (${e.budget}): ${e.message}` : `${e.name}: ${e.message}`;
        break;
      }
      ts.push(Number(now() - t0));
      spans.push([p0, performance.now()]);
    }
    await settle();
    const gcMs = spans.length ? spans.reduce((s, [a, b]) => s + gcMsBetween(a, b), 0) / spans.length : 0;
    // each run's time outside GC pauses, then the median: the parser's own work
    const exGcMs = spans.length ? median(spans.map(([a, b], i) => ts[i] / 1e6 - gcMsBetween(a, b))) : NaN;
    return { ms: median(ts) / 1e6, gcMs, exGcMs, error };
  };
  const out = { lines: [], nesting: [] };
  for (const shape of lineShapes) {
    const row = { name: shape.name, points: [] };
    for (const size of lineSizes) {
      const src = build(shape, size);
      // Warm-up: at least 2 runs, and up to 20 runs or 300 ms for the smaller sizes.
      const w0 = now();
      for (let i = 0; i < 20 && (i < 2 || (size < 1e6 && Number(now() - w0) < 3e8)); i++) await time(src, 1, shape.dialect);
      const r = await time(src, size >= 1e6 ? 5 : 11, shape.dialect);
      row.points.push({ bytes: Buffer.byteLength(src), ...r });
    }
    out.lines.push(row);
  }
  for (const shape of nestShapes) {
    const row = { name: shape.name, points: [] };
    for (const depth of depths) {
      const src = nest(shape, depth);
      await time(src, 2);
      row.points.push({ depth, bytes: Buffer.byteLength(src), ...(await time(src, 9)) });
    }
    // The deepest nesting treeward accepts (binary search up to 4× the largest depth).
    let lo = 0; let hi = 4 * Math.max(...depths);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      let ok = true;
      try { lib.parse(nest(shape, mid)); } catch { ok = false; }
      if (ok) lo = mid; else hi = mid - 1;
    }
    row.maxAccepted = lo;
    out.nesting.push(row);
  }
  return out;
}

// Stress (treeward only): one point of one family of bench/stress.mjs, in its own process
// (argv: … stress JOB.json FAMILY SIZE-INDEX), so that its peak memory is its own.
async function stress(p) {
  const { lib } = p;
  const { stressFamilies } = await import('./stress.mjs');
  const family = stressFamilies[Number(process.argv[5])];
  // size index 3 is half the full size: the last doubling, where linearity is read without the small sizes' caches and GC-free runs
  const index = Number(process.argv[6]);
  const size = index === 3 ? Math.max(1, Math.round(family.sizes[2] / 2)) : family.sizes[index];
  const src = family.make(size);
  const dialect = family.dialect ?? 'bash';
  const options = { dialect };
  const outcome = () => {
    try { lib.parse(src, options); return 'parsed'; } catch (e) {
      return e instanceof lib.BudgetError ? `BudgetError (${e.budget})` : e instanceof lib.ParseError ? 'ParseError' : `${e?.name}: ${e?.message}`;
    }
  };
  const verdict = () => {
    const v = lib.approve(src, { tree: '/home/dev/project', dialect });
    return v.decision === 'allow' ? 'allow' : `deny ${v.id}`;
  };
  // Memory first, on a cold parse: peak resident memory above what the process held before it
  // (getrusage maxrss), and what the tree keeps alive (heap in use after a full GC, tree held).
  gc();
  const rss0 = process.resourceUsage().maxRSS;
  const heap0 = process.memoryUsage().heapUsed;
  let tree = null;
  try { tree = lib.parse(src, options); } catch { /* the outcome is read below */ }
  const rss1 = process.resourceUsage().maxRSS;
  gc();
  const retainedMB = (process.memoryUsage().heapUsed - heap0) / 1e6;
  void tree;
  tree = null;
  // Time: warm up on the 1% input (and twice on this one), then the median of several runs.
  const small = family.make(family.sizes[0]);
  const w0 = now();
  for (let i = 0; i < 30 && Number(now() - w0) < 3e8; i++) { try { lib.parse(small, options); } catch { /* refusals are timed too */ } }
  outcome(); outcome();
  const ts = [];
  const spans = [];
  let result;
  const t00 = now();
  for (let i = 0; i < 15 && (i < 5 || Number(now() - t00) < 5e8); i++) {
    const p0 = performance.now();
    const t0 = now();
    result = outcome();
    ts.push(Number(now() - t0));
    spans.push([p0, performance.now()]);
  }
  await settle();
  const gcMs = spans.reduce((s, [a, b]) => s + gcMsBetween(a, b), 0) / spans.length;
  const exGcMs = median(spans.map(([a, b], i) => ts[i] / 1e6 - gcMsBetween(a, b)));
  const ms = median(ts) / 1e6;
  // Judging: approve() on the same input (parse included), fewer runs.
  let approveMs = null;
  let decision = null;
  if (job.stressApprove !== false) {
    try { decision = verdict(); } catch (e) { decision = `throws ${e?.name}`; }
    const at = [];
    const a00 = now();
    for (let i = 0; i < 5 && (i < 3 || Number(now() - a00) < 3e8); i++) {
      const t0 = now();
      try { verdict(); } catch { /* counted above */ }
      at.push(Number(now() - t0));
    }
    approveMs = median(at) / 1e6;
  }
  return { family: family.name, unit: family.unit, size, bytes: Buffer.byteLength(src), dialect, outcome: result, expect: family.expect, ms, gcMs, exGcMs, runs: ts.length, peakMB: Math.max(0, rss1 - rss0) / 1e3, retainedMB: Math.max(0, retainedMB), baseRssMB: rss0 / 1e3, approveMs, decision };
}

// Verdicts (treeward only, issue 18 item 3): approve() on every agent line with node's fs over this
// repository (the tree; the home directory is this user's), beside parse() of the same lines in the
// same process: passes alternate (parse, approve with node's fs, approve with no fs), each line timed
// alone; per line the median of its runs, then the median / p90 / p99 over lines.
async function verdicts(p) {
  const { lib } = p;
  const nodeFs = await import('node:fs');
  const { homedir } = await import('node:os');
  const { dirname, join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const tree = join(dirname(fileURLToPath(import.meta.url)), '..');
  const lines = readFileSync(job.agentFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).line);
  const fs = lib.fileSystemFrom(nodeFs);
  const judged = { tree, cwd: tree, home: homedir(), tempDir: '/tmp', dialect: 'bash', fs };
  const empty = { tree: '/home/dev/project', home: '/home/dev', tempDir: '/tmp', dialect: 'bash' };
  const figures = {
    parse: (l) => { try { lib.parse(l, { dialect: 'bash' }); } catch { /* timed too */ } },
    approve: (l) => lib.approve(l, judged),
    approveNoFs: (l) => lib.approve(l, empty),
  };
  const runs = Object.fromEntries(Object.keys(figures).map((k) => [k, []]));
  let allowed = 0;
  for (const l of lines) if (lib.approve(l, judged).decision === 'allow') allowed++;
  for (const fn of Object.values(figures)) for (const l of lines) fn(l); // warm-up (the count above was one too)
  const t0 = now();
  for (let pass = 0; pass < 7 && (pass < 3 || Number(now() - t0) < 10e9); pass++) {
    for (const [k, fn] of Object.entries(figures)) {
      const out = new Float64Array(lines.length);
      for (let i = 0; i < lines.length; i++) {
        const a = now();
        fn(lines[i]);
        out[i] = Number(now() - a);
      }
      runs[k].push(out);
    }
  }
  const summary = (k) => {
    const per = lines.map((_, i) => median(runs[k].map((r) => r[i])) / 1e3);
    const worst = per.map((us, i) => ({ us, line: lines[i] })).sort((a, b) => b.us - a.us).slice(0, 3);
    return { medianUs: median(per), p90Us: quantile(per, 0.9), p99Us: quantile(per, 0.99), maxUs: worst[0].us, worst };
  };
  return { lines: lines.length, allowed, passes: runs.parse.length, tree, ...Object.fromEntries(Object.keys(figures).map((k) => [k, summary(k)])) };
}

// ------------------------------------------------------------------ main

const modes = { agent, scripts, blob, linearity, stress, verdicts };
let result;
try {
  const t0 = now();
  const p = await adapters[parserName]();
  const loadMs = Number(now() - t0) / 1e6;
  result = { parser: parserName, mode, version: p.version, note: p.note, loadMs, ...(await modes[mode](p)) };
} catch (e) {
  result = { parser: parserName, mode, unavailable: (e && e.stack) ? String(e.message ?? e).split('\n')[0] : String(e) };
}
process.stdout.write(JSON.stringify(result) + '\n');
// sh-syntax leaves Go runtimes pending; do not wait for them.
process.exit(0);
