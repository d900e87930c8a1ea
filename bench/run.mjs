#!/usr/bin/env node
// treeward's benchmark: `npm run bench` (builds first). See bench/README.md.
//
// Every parser is measured in fresh child processes (bench/worker.mjs) on the same inputs:
//   - the agent corpus, bench/agent-lines.jsonl (bench/make-agent-lines.mjs makes it),
//   - shell scripts installed on this machine that real `bash -n` accepts (found at run time),
//   - those scripts concatenated into one input.
// treeward alone is also measured for module load, first parse, and linearity.

import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, openSync, readFileSync, readSync, closeSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parserNames } from './parsers.mjs';
import { build, depths, lineShapes, lineSizes, nest, nestShapes } from './shapes.mjs';
import { stressFamilies } from './stress.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const benchStart = process.hrtime.bigint();

// CPU used by other processes while the bench ran (Linux): all busy time in /proc/stat minus
// this process's and its waited-for children's (/proc/self/stat utime stime cutime cstime).
function cpuTicks() {
  try {
    const all = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = all.slice(0, 8).reduce((a, b) => a + b, 0);
    const busy = total - all[3] - all[4];
    const self = readFileSync('/proc/self/stat', 'utf8');
    const f = self.slice(self.lastIndexOf(')') + 2).split(' ').map(Number);
    return { total, busy, own: f[11] + f[12] + f[13] + f[14] };
  } catch { return null; }
}
const cpuStart = cpuTicks();
/** The 1, 5 and 15 minute load averages (Linux), or '?'. */
const loadAverage = () => { try { return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '); } catch { return '?'; } };
const loadStart = loadAverage();
const AGENT_FILE = join(here, 'agent-lines.jsonl');
const SCRIPT_ROOTS = ['/usr/bin', '/usr/sbin', '/usr/libexec', '/usr/lib', '/etc', '/usr/share'];
const MAX_SCRIPT_BYTES = 8e6;
// treeward reads at most budgets.maxInputLength (1 MiB) in one input: no larger file, and a concatenation up to that
const MAX_INPUT = 1 << 20;
const MAX_SCRIPT_FILE = MAX_INPUT;
const WORKER_TIMEOUT_MS = 75_000;
const LOAD_SAMPLES = 25;
const TYPICAL_LINE = 'cd web && npm test -- --run 2>&1 | tail -n 40';

// Time budgets per parser and figure (ms). A parser too slow for a full pass in budget is
// timed on every k-th input (marked †).
const cfg = {
  agent: { passBudgetMs: 1500, throughput: { minPasses: 7, minMs: 1000, capMs: 3000 }, latency: { minPasses: 7, minMs: 500, capMs: 2500 } },
  scriptsCfg: { passBudgetMs: 1500, throughput: { minPasses: 5, minMs: 1000, capMs: 4000 } },
  blob: { capMs: 6000, throughput: { minPasses: 3, minMs: 500, capMs: 6000 } },
};

const log = (s) => process.stderr.write(`${s}\n`);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x, d = 0) => (x == null || Number.isNaN(x) ? '–' : x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }));
const sig = (x) => (x == null || Number.isNaN(x) ? '–' : x >= 100 ? fmt(x, 0) : x >= 10 ? fmt(x, 1) : x >= 1 ? fmt(x, 2) : fmt(x, 3));
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const oneLine = (s, n = 150) => { const j = JSON.stringify(s); return j.length > n ? `${j.slice(0, n - 1)}…` : j; };

// ------------------------------------------------------------------ inputs

if (!existsSync(AGENT_FILE)) {
  log(`missing ${relative(root, AGENT_FILE)}: run node bench/make-agent-lines.mjs`);
  process.exit(1);
}
const agentRecords = readFileSync(AGENT_FILE, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const agentBytes = agentRecords.reduce((s, r) => s + Buffer.byteLength(r.line), 0);

function shebangKind(path) {
  const buf = Buffer.alloc(128);
  let fd;
  try { fd = openSync(path, 'r'); readSync(fd, buf, 0, 128, 0); } catch { return null; } finally { if (fd !== undefined) closeSync(fd); }
  const first = buf.toString('latin1').split('\n')[0];
  const m = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(first);
  if (!m) return null;
  const [, prog, arg] = m;
  if (/\/bash$/.test(prog) || (/\/env$/.test(prog) && arg === 'bash')) return 'bash';
  if (/\/sh$/.test(prog) || (/\/env$/.test(prog) && arg === 'sh')) return 'sh';
  return null;
}

function findScripts() {
  const found = [];
  const seen = new Set();
  const walk = (dir, depth) => {
    let ents;
    try { ents = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of ents) {
      const p = join(dir, e.name);
      if (e.isDirectory()) { if (depth < 12 && e.name !== 'node_modules') walk(p, depth + 1); continue; }
      if (!e.isFile()) continue; // symlinks are reached through their targets
      let st;
      try { st = lstatSync(p); } catch { continue; }
      if (st.size < 16 || st.size > MAX_SCRIPT_FILE) continue;
      const id = `${st.dev}:${st.ino}`;
      if (seen.has(id)) continue;
      let kind = shebangKind(p);
      if (!kind && p.startsWith('/usr/share/') && (p.endsWith('.sh') || p.includes('/bash-completion/completions/'))) kind = 'sourced';
      if (!kind) continue;
      seen.add(id);
      found.push({ path: p, bytes: st.size, kind });
    }
  };
  for (const r of SCRIPT_ROOTS) walk(r, 0);
  return found.sort((a, b) => (a.path < b.path ? -1 : 1));
}

function bashAccepts(args, input) {
  const r = spawnSync('bash', args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { ok: r.status === 0 && r.stderr === '', stderr: (r.stderr ?? '').trim().split('\n')[0] };
}

log('treeward bench: finding shell scripts on this machine…');
const candidates = findScripts();
const scripts = [];
let scriptBytes = 0;
let bashRejected = 0;
for (const f of candidates) {
  if (scriptBytes + f.bytes > MAX_SCRIPT_BYTES) break;
  if (!bashAccepts(['-n', f.path]).ok) { bashRejected++; continue; }
  scripts.push(f);
  scriptBytes += f.bytes;
}
log(`  ${candidates.length} candidates, ${scripts.length} accepted by bash -n (${fmt(scriptBytes / 1e6, 2)} MB), ${bashRejected} rejected by bash -n`);

const tmp = mkdtempSync(join(os.tmpdir(), 'treeward-bench-'));
// "concat": the scripts joined, as many as fit in treeward's input budget
const blobScripts = [];
{
  let length = 0;
  for (const f of scripts) {
    const n = readFileSync(f.path, 'utf8').length + 1;
    if (length + n > MAX_INPUT) break;
    blobScripts.push(f.path);
    length += n;
  }
}
const blobText = blobScripts.map((f) => readFileSync(f, 'utf8')).join('\n');
const blobBytes = Buffer.byteLength(blobText);
const blobPath = join(tmp, 'all-scripts.sh');
writeFileSync(blobPath, blobText);
const blobBash = bashAccepts(['-n', blobPath]);

const jobPath = join(tmp, 'job.json');
writeFileSync(jobPath, JSON.stringify({ agentFile: AGENT_FILE, scripts: scripts.map((f) => f.path), blobScripts, ...cfg }));

// ------------------------------------------------------------------ workers

function worker(parser, mode, ...extra) {
  const t0 = Date.now();
  // approve() on the agent corpus runs three figures over 2,500 lines in at least three passes: more time, on a loaded machine
  const timeout = mode === 'verdicts' ? 4 * WORKER_TIMEOUT_MS : WORKER_TIMEOUT_MS;
  const r = spawnSync(process.execPath, ['--expose-gc', join(here, 'worker.mjs'), parser, mode, jobPath, ...extra], {
    encoding: 'utf8', timeout, maxBuffer: 1 << 26, killSignal: 'SIGKILL',
  });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.error?.code === 'ETIMEDOUT' || r.signal) return { unavailable: `timed out after ${timeout / 1000} s`, secs };
  const last = (r.stdout ?? '').trim().split('\n').pop();
  try { return { ...JSON.parse(last), secs }; } catch {
    const err = (r.stderr ?? '').trim().split('\n').filter(Boolean).slice(-1)[0] ?? `exit ${r.status}`;
    return { unavailable: err.slice(0, 200), secs };
  }
}

const results = {};
for (const name of parserNames) {
  results[name] = {};
  for (const mode of ['agent', 'scripts', 'blob']) {
    if (mode !== 'agent' && results[name].agent?.unavailable) { results[name][mode] = results[name].agent; continue; }
    process.stderr.write(`  ${pad(name, 17)} ${pad(mode, 8)}`);
    const res = worker(name, mode);
    results[name][mode] = res;
    log(` ${lpad(res.secs, 5)} s${res.unavailable ? `  unavailable: ${res.unavailable}` : ''}`);
  }
}
process.stderr.write(`  ${pad('treeward', 17)} ${pad('linear', 8)}`);
const lin = worker('treeward', 'linearity');
log(` ${lpad(lin.secs, 5)} s`);

// Stress (issue 6): every point of every adversarial family in its own fresh process.
process.stderr.write(`  ${pad('treeward', 17)} ${pad('stress', 8)}`);
const stressStart = Date.now();
const stress = stressFamilies.map((family, fi) => ({
  name: family.name, unit: family.unit, expect: family.expect, note: family.note,
  points: family.sizes.map((_, si) => worker('treeward', 'stress', String(fi), String(si))),
  half: worker('treeward', 'stress', String(fi), '3'),
}));
log(` ${lpad(((Date.now() - stressStart) / 1000).toFixed(1), 5)} s`);

// Verdicts on the agent corpus with node's fs (issue 18 item 3), beside parse() of the same lines in the same process.
process.stderr.write(`  ${pad('treeward', 17)} ${pad('approve', 8)}`);
const agentVerdicts = worker('treeward', 'verdicts');
log(` ${lpad(agentVerdicts.secs, 5)} s${agentVerdicts.unavailable ? `  unavailable: ${agentVerdicts.unavailable}` : ''}`);

// Past the input budget (issue 6): bench/beyond-budget.mjs, whole-line families at 1/8 to 8 times their full size.
process.stderr.write(`  ${pad('treeward', 17)} ${pad('beyond', 8)}`);
const beyondStart = Date.now();
const beyondRun = spawnSync(process.execPath, [join(here, 'beyond-budget.mjs')], { encoding: 'utf8', timeout: 3 * WORKER_TIMEOUT_MS, maxBuffer: 1 << 24, killSignal: 'SIGKILL' });
let beyond;
try { beyond = JSON.parse(beyondRun.stdout.trim().split('\n').pop()); } catch {
  beyond = { unavailable: beyondRun.error?.code === 'ETIMEDOUT' ? 'timed out' : (beyondRun.stderr ?? '').trim().split('\n').slice(-1)[0] || `exit ${beyondRun.status}` };
}
log(` ${lpad(((Date.now() - beyondStart) / 1000).toFixed(1), 5)} s`);

// Every regular expression of src/ on adversarial runs (issue 6): bench/regex-scan.mjs.
process.stderr.write(`  ${pad('treeward', 17)} ${pad('regexes', 8)}`);
const regexStart = Date.now();
const regexRun = spawnSync(process.execPath, [join(here, 'regex-scan.mjs')], { encoding: 'utf8', timeout: WORKER_TIMEOUT_MS, maxBuffer: 1 << 24, killSignal: 'SIGKILL' });
let regexScan;
try { regexScan = JSON.parse(regexRun.stdout.trim().split('\n').pop()); } catch {
  regexScan = { unavailable: regexRun.error?.code === 'ETIMEDOUT' ? 'timed out' : (regexRun.stderr ?? '').trim().split('\n').slice(-1)[0] || `exit ${regexRun.status}` };
}
log(` ${lpad(((Date.now() - regexStart) / 1000).toFixed(1), 5)} s`);

// Verdict time on the fuzz suite's inputs (issue 6): bench/verdict-time.mjs in its own process.
process.stderr.write(`  ${pad('treeward', 17)} ${pad('verdicts', 8)}`);
const verdictStart = Date.now();
const verdictRun = spawnSync(process.execPath, [join(here, 'verdict-time.mjs')], { encoding: 'utf8', timeout: WORKER_TIMEOUT_MS, maxBuffer: 1 << 24, killSignal: 'SIGKILL' });
let verdicts;
try { verdicts = JSON.parse(verdictRun.stdout.trim().split('\n').pop()); } catch {
  verdicts = { unavailable: verdictRun.error?.code === 'ETIMEDOUT' ? 'timed out' : (verdictRun.stderr ?? '').trim().split('\n').slice(-1)[0] || `exit ${verdictRun.status}` };
}
log(` ${lpad(((Date.now() - verdictStart) / 1000).toFixed(1), 5)} s`);

// Module load and first parse: fresh processes, interleaved with bare node starts. Two entries:
// `treeward/parse` (dist/lib/parse.js, the parser alone: what the targets are about) and the whole
// library (dist/lib/index.js, parser and approver).
log('  treeward          load     (fresh node processes)');
const loadEntries = ['parse', 'lib'];
const load = { bareMs: [], ...Object.fromEntries(loadEntries.map((e) => [e, { wallMs: [], overBareMs: [], inProcImportMs: [], firstParseUs: [], secondParseUs: [] }])) };
const probe = join(here, 'load-probe.mjs');
for (let i = 0; i < LOAD_SAMPLES + 2; i++) {
  let bare = NaN;
  for (const mode of ['bare', ...loadEntries]) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, mode === 'bare' ? [probe, 'bare'] : [probe, 'import', mode, TYPICAL_LINE], { encoding: 'utf8' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (i < 2) continue; // warm the file cache
    if (mode === 'bare') { bare = ms; load.bareMs.push(ms); continue; }
    const j = JSON.parse(r.stdout);
    const e = load[mode];
    e.wallMs.push(ms);
    e.overBareMs.push(ms - bare); // paired with the bare start of the same round
    e.inProcImportMs.push(j.importNs / 1e6);
    e.firstParseUs.push(j.firstParseNs / 1e3);
    e.secondParseUs.push(j.secondParseNs / 1e3);
  }
}
const loadMs = median(load.parse.overBareMs);

// Deepest nesting treeward accepts cold (fresh process, nothing optimised yet), and what it
// throws one level deeper: a BudgetError is the budget working, a RangeError a stack overflow.
const coldNest = nestShapes.map((_, si) => {
  const probeNest = (d) => JSON.parse(spawnSync(process.execPath, [probe, 'nest', String(si), String(d)], { encoding: 'utf8' }).stdout || '{"ok":false,"error":"no output"}');
  let lo = 0; let hi = 1200;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (probeNest(mid).ok) lo = mid; else hi = mid - 1;
  }
  return { max: lo, next: probeNest(lo + 1).error };
});

// Linearity inputs: does real bash read them?
const dashAccepts = (input) => {
  const r = spawnSync('dash', ['-n'], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { ok: r.status === 0 && r.stderr === '', stderr: (r.stderr ?? r.error?.message ?? '').trim().split('\n')[0] };
};
const bashOnLine = Object.fromEntries(lineShapes.map((s) => [s.name, lineSizes.map((n) => (s.dialect === 'sh' ? dashAccepts(build(s, n)) : bashAccepts(['-n'], build(s, n))))]));
const bashOnNest = Object.fromEntries(nestShapes.map((s) => [s.name, Object.fromEntries(depths.map((d) => [d, bashAccepts(['-n'], nest(s, d))]))]));

// Side check (untimed): #!/bin/sh scripts that dash -n accepts, read by treeward as sh.
const shCheck = { files: 0, rejected: [] };
{
  const dash = spawnSync('dash', ['-c', 'true']);
  if (dash.status === 0) {
    const { parse } = await import(new URL('../dist/lib/index.js', import.meta.url).href);
    for (const f of scripts.filter((s) => s.kind === 'sh')) {
      const r = spawnSync('dash', ['-n', f.path], { encoding: 'utf8' });
      if (r.status !== 0 || r.stderr !== '') continue;
      shCheck.files++;
      const src = readFileSync(f.path, 'utf8');
      try { parse(src, { dialect: 'sh' }); } catch (e) {
        const before = src.slice(0, e.span?.[0] ?? 0);
        const line = before.split('\n').length;
        shCheck.rejected.push({ path: f.path, line, col: (e.span?.[0] ?? 0) - before.lastIndexOf('\n'), error: `${e.name}: ${e.message}`, text: src.split('\n')[line - 1]?.slice(0, 160) });
      }
    }
  } else shCheck.unavailable = 'dash not installed';
}

rmSync(tmp, { recursive: true, force: true });

// ------------------------------------------------------------------ report

const out = [];
const p = (s = '') => out.push(s);
const cpu = os.cpus()[0]?.model ?? '?';
p(`treeward bench — node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} × ${cpu}`);
const cpuEnd = cpuTicks();
if (cpuStart && cpuEnd) {
  const others = Math.max(0, (cpuEnd.busy - cpuStart.busy) - (cpuEnd.own - cpuStart.own)) / (cpuEnd.total - cpuStart.total);
  p(`other processes used ${fmt(100 * others)}% of this ${os.cpus().length}-core machine's CPU while the bench ran${others > 0.15 ? ' — figures are noisy' : ''}`);
}
p('MB = 10^6 bytes. Every figure is a median of repeated passes after warm-up; each parser runs in its own fresh process.');
p(`Agent corpus: ${relative(root, AGENT_FILE)} — ${fmt(agentRecords.length)} command lines, ${fmt(agentBytes / 1e6, 3)} MB, each line parsed on its own (all accepted by bash -n).`);
p(`Large scripts: ${fmt(scripts.length)} files, ${fmt(scriptBytes / 1e6, 2)} MB from ${SCRIPT_ROOTS.join(' ')} (#!/bin/sh or bash shebang, or bash-sourced under /usr/share),`);
p(`  each accepted by bash -n (${bashRejected} skipped: bash -n rejected them); each file parsed on its own. "concat": the first ${fmt(blobScripts.length)} of them as one ${fmt(blobBytes / 1e6, 2)} MB input, as many as fit in treeward's 1 MiB input budget (bash -n: ${blobBash.ok ? 'accepts' : `rejects: ${blobBash.stderr}`}).`);
p();

const head = [pad('parser', 17), pad('version', 30), lpad('agent cmd/s', 12), lpad('agent MB/s', 11), lpad('µs/line med', 12), lpad('p90', 7), lpad('p99', 8), lpad('rej', 6), lpad('scripts MB/s', 13), lpad('rej', 5), lpad('concat MB/s', 12)].join(' ');
p(head);
p('-'.repeat(head.length));
const footnotes = [];
for (const name of parserNames) {
  const a = results[name].agent; const s = results[name].scripts; const b = results[name].blob;
  if (a.unavailable) { p(`${pad(name, 17)} unavailable: ${a.unavailable}`); continue; }
  const aMark = a.stride > 1 ? '†' : ''; const sMark = s.stride > 1 ? '†' : '';
  if (a.stride > 1) footnotes.push(`† ${name} agent: 1 line in ${a.stride} timed (${fmt(a.lines)} of ${fmt(a.totalLines)}; a full pass was estimated at ${fmt(a.estFullPassMs / 1000, 1)} s)`);
  if (s.stride > 1) footnotes.push(`† ${name} scripts: 1 file in ${s.stride} timed (${fmt(s.files)} of ${fmt(s.totalFiles)}, ${fmt(s.bytes / 1e6, 2)} MB; full pass est. ${fmt(s.estFullPassMs / 1000, 1)} s)`);
  if (a.note) footnotes.push(`  ${name}: ${a.note}`);
  const concat = b.unavailable ? `n/a (${b.unavailable})` : `${sig(b.mbPerSec)}${b.accepted ? '' : ' (rej)'}`;
  p([pad(name, 17), pad(a.version, 30), lpad(`${fmt(a.cmdsPerSec)}${aMark}`, 12), lpad(sig(a.mbPerSec), 11), lpad(sig(a.lineUs.median), 12), lpad(sig(a.lineUs.p90), 7), lpad(sig(a.lineUs.p99), 8),
    lpad(a.rejectedCount, 6), lpad(s.unavailable ? 'n/a' : `${sig(s.mbPerSec)}${sMark}`, 13), lpad(s.unavailable ? '' : s.rejectedCount, 5), lpad(concat, 12)].join(' '));
  if (s.unavailable) footnotes.push(`  ${name} scripts: unavailable: ${s.unavailable}`);
  if (!b.unavailable && !b.accepted) footnotes.push(`  ${name} concat: rejected the concatenation (${oneLine(b.error, 120)}); time is to that rejection`);
  if (!b.unavailable && b.runs === 1) footnotes.push(`  ${name} concat: one run only (${fmt(b.ms / 1000, 1)} s)`);
}
p('rej = inputs (of those timed) the parser rejected although bash -n accepts them. µs/line: per line the median of its runs; then median/p90/p99 over lines.');
for (const f of footnotes) p(f);

const tw = results.treeward;
if (tw.agent && !tw.agent.unavailable) {
  p();
  p(`treeward median µs per line by kind: ${Object.entries(tw.agent.byKindMedianUs).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${sig(v)}`).join(', ')}`);
  const pct = (x) => (x == null ? '–' : `${fmt(100 * x)}%`);
  p(`treeward share of time in GC pauses: agent ${pct(tw.agent.gcShare)}, scripts ${pct(tw.scripts.gcShare)}, concat ${pct(tw.blob.gcShare)}`);
  p(`treeward slowest agent lines: ${tw.agent.slowest.map((x) => `${sig(x.us)} µs ${oneLine(x.line, 70)}`).join('; ')}`);
}

p();
p(`treeward module load and first parse — fresh node processes, ${LOAD_SAMPLES} rounds, each entry started right after a bare node start (an ES module that imports`);
p('  nothing); "over bare" is the median of the paired differences. The first parse is the first call after the import (cold: nothing compiled yet).');
for (const [entry, label] of [['parse', 'treeward/parse (dist/lib/parse.js, the parser alone)'], ['lib', 'treeward (dist/lib/index.js, parser and approver)']]) {
  const e = load[entry];
  p(`  ${pad(label, 56)} load ${lpad(sig(median(e.overBareMs)), 5)} ms over bare (${sig(median(e.wallMs))} vs ${sig(median(load.bareMs))} ms; fastest runs ${sig(Math.min(...e.wallMs))} vs ${sig(Math.min(...load.bareMs))}), import() ${lpad(sig(median(e.inProcImportMs)), 5)} ms; first parse ${lpad(sig(median(e.firstParseUs)), 5)} µs (max ${sig(Math.max(...e.firstParseUs))}), second ${sig(median(e.secondParseUs))} µs`);
}
p(`  first-parse line: ${oneLine(TYPICAL_LINE)}`);

if (!lin.unavailable) {
  p();
  p('treeward linearity — one input grown to 1%, 10%, 100% of 1 MB: time, ns/byte, share of it in GC pauses; ratio = (t100%/t1%) / 100, ~1 is linear;');
  p('  "ex-GC": the same ratio of the time outside GC pauses (the parser\'s own work; the rest is V8 copying and marking the tree it keeps)');
  const lh = [pad('input', 42), lpad('10 KB', 24), lpad('100 KB', 24), lpad('1 MB', 24), lpad('ratio', 7), lpad('ex-GC', 7), '  bash -n (dash -n for sh)'].join(' ');
  const bashNotes = [];
  p(lh);
  for (const row of lin.lines) {
    const cells = row.points.map((pt) => (pt.error ? pt.error.slice(0, 24) : `${sig(pt.ms)} ms ${sig((pt.ms * 1e6) / pt.bytes)} ${fmt((100 * pt.gcMs) / pt.ms)}%gc`));
    const [a, , c] = row.points;
    const ratio = a.error || c.error ? '–' : sig(c.ms / a.ms / (c.bytes / a.bytes));
    const exGc = a.error || c.error || !(a.exGcMs > 0) ? '–' : sig(c.exGcMs / a.exGcMs / (c.bytes / a.bytes));
    p([pad(row.name, 42), ...cells.map((x) => lpad(x, 24)), lpad(ratio, 7), lpad(exGc, 7), `  ${bashOnLine[row.name].map((b) => (b.ok ? 'ok' : 'no')).join('/')}`].join(' '));
    const no = bashOnLine[row.name].find((b) => !b.ok);
    if (no) bashNotes.push(`  ${row.name.endsWith('(sh)') ? 'dash' : 'bash'} -n on "${row.name}": ${no.stderr}`);
  }
  for (const n of bashNotes) p(n);
  p();
  p('treeward nesting — depth 10, 100, 1,000 (time, or the error thrown); max = deepest nesting treeward accepts, warm (in the timing process) and cold (fresh process)');
  p([pad('input', 42), ...depths.map((d) => lpad(`depth ${fmt(d)}`, 26)), lpad('max warm', 9), lpad('cold', 6), '  bash -n at 10/100/1000'].join(' '));
  const coldNotes = [];
  for (const [ri, row] of lin.nesting.entries()) {
    const cells = row.points.map((pt) => (pt.error ? (/^BudgetError/.test(pt.error) ? 'BudgetError (nesting)' : pt.error).slice(0, 26) : `${sig(pt.ms * 1e3)} µs`));
    const bashCells = depths.map((d) => (bashOnNest[row.name][d].ok ? 'ok' : `no (${bashOnNest[row.name][d].stderr.slice(0, 40)})`)).join(' / ');
    p([pad(row.name, 42), ...cells.map((x) => lpad(x, 26)), lpad(fmt(row.maxAccepted), 9), lpad(fmt(coldNest[ri].max), 6), `  ${bashCells}`].join(' '));
    coldNotes.push(`  ${row.name}: cold, depth ${fmt(coldNest[ri].max + 1)} throws ${coldNest[ri].next}`);
    const full = row.points.find((pt) => pt.error);
    if (full) coldNotes.push(`  ${row.name}: warm, depth ${fmt(full.depth)} throws ${full.error}`);
  }
  for (const n of coldNotes) p(n);
}

if (stress.length > 0) {
  p();
  p('treeward stress (issue 6) — each adversarial input at 1%, 10%, 100% of its size, each point in a fresh process. parse: median time after');
  p('  warm-up; growth = (time at 100% / time at 1%) / (bytes at 100% / bytes at 1%), about 1 when linear, below 1 when refused early. peak MB: growth of');
  p('  the process\'s peak resident memory during one cold parse (0 = within what node already held); tree MB: heap the result keeps alive at 100%.');
  p('  ex-GC: the same growth of the time outside GC pauses. ×2: the growth over the last doubling, 50% → 100% (the small sizes run from caches and');
  p('  rarely meet a GC, so growth from 1% overstates; ×2 is about 1 when the work is linear), with its ex-GC. GC: share of parse time in GC pauses at 100%.');
  p('  approve: approve() on the same input (parse included), median of 3–5 runs, and the verdict at 100%.');
  const sh = [pad('input', 38), lpad('size', 8), pad('  outcome at 100%', 24), lpad('parse 1%', 10), lpad('10%', 9), lpad('100%', 9), lpad('growth', 7), lpad('ex-GC', 6), lpad('×2', 6), lpad('ex-GC', 6), lpad('GC', 5),
    lpad('peak MB', 16), lpad('tree MB', 8), lpad('approve 1%', 11), lpad('10%', 9), lpad('100%', 9), lpad('growth', 7), '  verdict'].join(' ');
  p(sh);
  p('-'.repeat(sh.length));
  const msCell = (x) => (x == null ? '–' : `${sig(x)} ms`);
  const stressNotes = [];
  for (const row of stress) {
    const pts = row.points;
    const bad = pts.find((pt) => pt.unavailable);
    if (bad) { p(`${pad(row.name, 38)} unavailable: ${bad.unavailable}`); continue; }
    const [a, , c] = pts;
    const growth = (x, y) => (x > 0 && y > 0 ? sig(y / x / (c.bytes / a.bytes)) : '–');
    // the last doubling, 50% → 100%: (t100% / t50%) / (bytes100% / bytes50%)
    const h = row.half;
    const doubling = (y, key = 'ms') => (h && !h.unavailable && h[key] > 0 && y > 0 && h.bytes < c.bytes ? sig(y / h[key] / (c.bytes / h.bytes)) : '–');
    const sizeCell = `${fmt(c.size)}${row.unit === 'bytes' ? ' B' : ''}`;
    const outcome = `${c.outcome}${(c.expect === 'parse') !== (c.outcome === 'parsed') ? ' (!)' : ''}`;
    p([pad(row.name, 38), lpad(sizeCell, 8), pad(`  ${outcome}`, 24), lpad(msCell(a.ms), 10), lpad(msCell(pts[1].ms), 9), lpad(msCell(c.ms), 9), lpad(growth(a.ms, c.ms), 7), lpad(growth(a.exGcMs, c.exGcMs), 6), lpad(doubling(c.ms), 6), lpad(doubling(c.exGcMs, 'exGcMs'), 6),
      lpad(`${fmt((100 * c.gcMs) / c.ms)}%`, 5), lpad(pts.map((pt) => fmt(pt.peakMB)).join('/'), 16), lpad(fmt(c.retainedMB, 1), 8),
      lpad(msCell(a.approveMs), 11), lpad(msCell(pts[1].approveMs), 9), lpad(msCell(c.approveMs), 9), lpad(growth(a.approveMs, c.approveMs), 7), `  ${c.decision ?? '–'}`].join(' '));
    if (c.dialect !== 'bash') stressNotes.push(`  ${row.name}: read as ${c.dialect}`);
    if (row.note) stressNotes.push(`  ${row.name}: ${row.note}`);
    if ((c.expect === 'parse') !== (c.outcome === 'parsed')) stressNotes.push(`  (!) ${row.name}: expected ${c.expect === 'parse' ? 'to parse' : 'a refusal'}, got ${c.outcome}`);
  }
  p(`  sizes count ${[...new Set(stress.map((r) => r.unit))].join(', ')}; a fresh node process already holds about ${fmt(median(stress.flatMap((r) => r.points.map((pt) => pt.baseRssMB ?? NaN)).filter((x) => !Number.isNaN(x))))} MB resident before a parse.`);
  for (const n of stressNotes) p(n);
}

if (beyond.unavailable) p(`\ntreeward past the input budget: unavailable: ${beyond.unavailable}`);
else {
  p();
  p('treeward past the input budget (issue 6) — the parser built with a 16 MiB input budget (bench/beyond-budget.mjs), whole-line families at 1/8 to 8 times');
  p('  their full size: ns per byte (share in GC pauses), median of 3 warm runs. Flat from about 1 MB on: the work is linear, and the growth the stress');
  p('  table shows from 1% to 100% is the step where the tree outgrows V8\'s young generation and GC starts copying it.');
  p(`  ${pad('input', 38)} ${beyond.factors.map((f) => lpad(`×${f}`, 12)).join(' ')}`);
  for (const row of beyond.families) {
    p(`  ${pad(row.name, 38)} ${row.points.map((pt) => lpad(`${fmt((pt.ms * 1e6) / pt.bytes)} (${fmt((100 * pt.gcMs) / pt.ms)}%)`, 12)).join(' ')}`);
  }
}
if (regexScan.unavailable) p(`\ntreeward regular expressions: unavailable: ${regexScan.unavailable}`);
else {
  p();
  p(`treeward regular expressions (issue 6) — every literal in src/ (${regexScan.patterns}), all matches over runs of ${fmt(regexScan.length)} of one character or pair after a prefix`);
  p('  (bench/regex-scan.mjs): a pattern tried again at each character of a run is quadratic, minutes on a 1 MiB word. The slowest:');
  for (const r of regexScan.slowest) p(`  ${lpad(`${sig(r.ms)} ms`, 10)}  ${pad(r.where, 34)} ${oneLine(r.pattern, 60)} on ${oneLine(r.input, 20)}`);
  p(`  target: none over ${regexScan.thresholdMs} ms: ${regexScan.over.length === 0 ? 'MET' : `NOT MET (${regexScan.over.map((r) => r.where).join(', ')})`}`);
}
if (verdicts.unavailable) p(`\ntreeward verdict time on fuzz inputs: unavailable: ${verdicts.unavailable}`);
else {
  p();
  p(`treeward verdict time (issue 6) — approve() (parse included) on the fuzz suite's generators (test/robustness/generators.ts, seed ${verdicts.seed}): per dialect`);
  p(`  ${fmt(verdicts.perDialect)} lines (¼ random text, ½ grammar-aware lines of depth 2, ¼ of depth 3, near the edge of what the shells accept), each the median of 3 warm runs.`);
  p(`  ${pad('dialect', 8)} ${lpad('lines', 6)} ${lpad('allowed', 8)} ${lpad('median', 10)} ${lpad('p99', 10)} ${lpad('worst', 10)}  over ${verdicts.budgetMs} ms  worst line`);
  for (const [dialect, r] of Object.entries(verdicts.dialects)) {
    p(`  ${pad(dialect, 8)} ${lpad(fmt(r.lines), 6)} ${lpad(fmt(r.allowed), 8)} ${lpad(`${sig(r.medianMs)} ms`, 10)} ${lpad(`${sig(r.p99Ms)} ms`, 10)} ${lpad(`${sig(r.maxMs)} ms`, 10)}  ${lpad(String(r.over), 7)}  ${r.worstLength} chars: ${oneLine(r.worstLine, 70)}`);
  }
  const over = Object.values(verdicts.dialects).reduce((n, r) => n + r.over, 0);
  p(`  target: every verdict under ${verdicts.budgetMs} ms: ${over === 0 ? 'MET' : `NOT MET (${over} over)`}`);
  const lr = verdicts.longRuns;
  if (lr) {
    p(`  long runs: ${lr.lines} of those lines, each with a run of ${fmt(lr.runLength)} of one character or pair (blanks, \`/\`, \`?/\`, quotes, \`$(\`, …) put in: median ${sig(lr.medianMs)} ms,`);
    p(`  worst ${sig(lr.maxMs)} ms (${lr.slowest.dialect}, a run of ${oneLine(lr.slowest.unit, 8)} in ${oneLine(lr.slowest.line, 60)}); target: every verdict under ${lr.budgetMs} ms: ${lr.over === 0 ? 'MET' : `NOT MET (${lr.over} over)`}`);
  }
}

// Targets from the issue.
p();
p('targets (from the issue): "faster than every peer in both figures, ≥15 MB/s on large scripts, typical agent line < 10 µs median, module load < 5 ms, first parse < 1 ms"');
const peers = parserNames.filter((n) => n !== 'treeward' && !results[n].agent.unavailable);
const best = (fig) => peers.map((n) => ({ n, v: fig(results[n]) })).filter((x) => x.v != null && !Number.isNaN(x.v)).sort((x, y) => y.v - x.v)[0];
const targets = [];
const row = (name, measured, ok) => targets.push([name, measured, ok == null ? 'n/a' : ok ? 'MET' : 'NOT MET']);
if (!tw.agent.unavailable) {
  const bA = best((r) => r.agent.cmdsPerSec);
  row('faster than every peer: agent cmd/s', `${fmt(tw.agent.cmdsPerSec)} vs best peer ${bA ? `${bA.n} ${fmt(bA.v)}` : '–'}`, bA ? tw.agent.cmdsPerSec > bA.v : null);
  const bS = best((r) => (r.scripts.unavailable ? null : r.scripts.mbPerSec));
  row('faster than every peer: scripts MB/s', `${sig(tw.scripts.mbPerSec)} vs best peer ${bS ? `${bS.n} ${sig(bS.v)}` : '–'}`, bS ? tw.scripts.mbPerSec > bS.v : null);
  row('≥ 15 MB/s on large scripts', `${sig(tw.scripts.mbPerSec)} MB/s`, tw.scripts.mbPerSec >= 15);
  row('typical agent line < 10 µs median', `${sig(tw.agent.lineUs.median)} µs`, tw.agent.lineUs.median < 10);
}
row('module load < 5 ms (treeward/parse)', `${sig(loadMs)} ms`, loadMs < 5);
row('first parse < 1 ms (treeward/parse)', `${sig(median(load.parse.firstParseUs) / 1e3)} ms`, median(load.parse.firstParseUs) < 1000);
for (const [n, m, s] of targets) p(`  ${pad(n, 40)} ${pad(m, 42)} ${s}`);

// Issue 18's targets ("Performance targets"), each figure beside what ran with it in the same run.
p();
p(`targets of issue 18 (speed) — machine load average ${loadStart} at the start, ${loadAverage()} now (${os.cpus().length} cores); each figure beside what ran with it`);
const speed = [];
// approve() on the 1 MB stress lines (the stress table's families of 10 KB / 100 KB / 1 MB), beside parse() of the same input in the same process
for (const row of stress.filter((r) => r.unit === 'bytes')) {
  const [, b, c] = row.points;
  if (!b || !c || b.unavailable || c.unavailable || c.approveMs == null) { speed.push([`approve, ${row.name}`, 'not measured', null]); continue; }
  const grown = c.approveMs / b.approveMs;
  speed.push([`approve ≤ 300 ms at 1 MB: ${row.name}`, `${sig(c.approveMs)} ms beside parse ${sig(c.ms)} ms (${sig(c.approveMs / c.ms)}× parse), ${c.decision}`, c.approveMs <= 300]);
  speed.push(['  growth 100 KB → 1 MB ≤ 12×', `${sig(grown)}× (${sig(b.approveMs)} → ${sig(c.approveMs)} ms; parse ${sig(c.ms / b.ms)}×, bytes ${sig(c.bytes / b.bytes)}×)`, grown <= 12]);
}
// approve() with node's fs on the agent corpus, beside parse() of the same lines in the same process
if (agentVerdicts.unavailable) speed.push(['approve, agent corpus with node\'s fs', `unavailable: ${agentVerdicts.unavailable}`, null]);
else {
  const v = agentVerdicts;
  speed.push([`approve median ≤ 40 µs (agent corpus, node's fs)`, `${sig(v.approve.medianUs)} µs beside parse ${sig(v.parse.medianUs)} µs (${sig(v.approve.medianUs / v.parse.medianUs)}×), no fs ${sig(v.approveNoFs.medianUs)} µs`, v.approve.medianUs <= 40]);
  speed.push([`approve p99 ≤ 1 ms (agent corpus, node's fs)`, `${sig(v.approve.p99Us)} µs beside parse ${sig(v.parse.p99Us)} µs (${sig(v.approve.p99Us / v.parse.p99Us)}×), no fs ${sig(v.approveNoFs.p99Us)} µs`, v.approve.p99Us <= 1000]);
}
// parse: at least 3× the fastest peer, on agent lines and on scripts
if (!tw.agent.unavailable) {
  const bA = best((r) => r.agent.cmdsPerSec);
  const bS = best((r) => (r.scripts.unavailable ? null : r.scripts.mbPerSec));
  speed.push(['parse ≥ 3× the fastest peer: agent lines', bA ? `${fmt(tw.agent.cmdsPerSec)} cmd/s beside ${bA.n} ${fmt(bA.v)} (${sig(tw.agent.cmdsPerSec / bA.v)}×)` : 'no peer ran', bA ? tw.agent.cmdsPerSec >= 3 * bA.v : null]);
  speed.push(['parse ≥ 3× the fastest peer: scripts', bS ? `${sig(tw.scripts.mbPerSec)} MB/s beside ${bS.n} ${sig(bS.v)} (${sig(tw.scripts.mbPerSec / bS.v)}×)` : 'no peer ran', bS ? tw.scripts.mbPerSec >= 3 * bS.v : null]);
}
for (const [n, m, ok] of speed) p(`  ${pad(n, 58)} ${pad(m, 86)} ${ok == null ? 'n/a' : ok ? 'MET' : 'NOT MET'}`);
p('  the hook\'s targets (native ≤ 0.5× bare node, peak ≤ 60 MB, node within 6 ms of bare node, Bun within 8 ms of bare Bun): bench/hook.mjs, printed last');
if (!agentVerdicts.unavailable) {
  p(`  approve's slowest agent lines with node's fs: ${agentVerdicts.approve.worst.map((x) => `${sig(x.us)} µs ${oneLine(x.line, 60)}`).join('; ')}`);
}

// What treeward rejected that bash accepts: parser bugs.
p();
const twRejA = tw.agent.unavailable ? [] : tw.agent.rejected;
const twRejS = tw.scripts.unavailable ? [] : tw.scripts.rejected;
p(`treeward rejected ${tw.agent.unavailable ? '?' : tw.agent.rejectedCount} of ${fmt(agentRecords.length)} agent lines and ${tw.scripts.unavailable ? '?' : tw.scripts.rejectedCount} of ${fmt(scripts.length)} script files that bash -n accepts; concat: ${tw.blob.unavailable ? '?' : tw.blob.accepted ? 'accepted' : `rejected (${tw.blob.error})`}`);
const examples = [
  ...twRejA.map((r) => `  agent #${r.i} [${r.kind}] ${oneLine(r.line)}\n      ${r.error}`),
  ...twRejS.map((r) => `  ${r.path}:${r.line ?? '?'}:${r.col ?? '?'}  ${r.error}\n      ${oneLine(r.text ?? '', 150)}`),
];
for (const e of examples.slice(0, 30)) p(e);
if (examples.length > 30) p(`  … ${examples.length - 30} more in bench/out/results.json`);
if (shCheck.unavailable) p(`side check (sh dialect): unavailable: ${shCheck.unavailable}`);
else {
  p(`side check: treeward --dialect sh rejected ${shCheck.rejected.length} of ${shCheck.files} #!/bin/sh files that dash -n accepts`);
  for (const r of shCheck.rejected.slice(0, 15)) p(`  ${r.path}:${r.line}:${r.col}  ${r.error}\n      ${oneLine(r.text ?? '', 150)}`);
  if (shCheck.rejected.length > 15) p(`  … ${shCheck.rejected.length - 15} more in bench/out/results.json`);
}
p();
p(`bench took ${fmt(Number(process.hrtime.bigint() - benchStart) / 1e9, 1)} s (plus the build)`);

process.stdout.write(`\n${out.join('\n')}\n`);
mkdirSync(join(here, 'out'), { recursive: true });
writeFileSync(join(here, 'out', 'results.json'), JSON.stringify({
  date: new Date().toISOString(), node: process.version, cpu, agent: { file: relative(root, AGENT_FILE), lines: agentRecords.length, bytes: agentBytes },
  scripts: { files: scripts.map((f) => f.path), bytes: scriptBytes, bashRejected }, results, linearity: lin, stress, agentVerdicts, loadStart, beyond, regexScan, verdicts, load: { ...load, loadMs }, shCheck,
}, null, 1));
writeFileSync(join(here, 'out', 'table.txt'), `${out.join('\n')}\n`);
await import('./hook.mjs'); // the hook's start-up beside bare node and Bun (bench/hook.mjs)
