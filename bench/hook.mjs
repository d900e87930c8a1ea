#!/usr/bin/env node
// The hook's start-up (issue 4, issue 18, SPEC §6): whole-process wall time of
// `treeward hook` on an allow and on a deny, beside a bare `node -e ''` in the
// same run, the same under Bun (run as `treeward install` writes it), and the
// native executable (dist/native/treeward); peak memory of each. Run by `npm
// run bench` (after the parser bench) or alone with `npm run bench:hook`;
// needs dist/treeward.cjs, and dist/native/treeward for the native rows (both
// scripts build it).
//
// Runs are interleaved (bare, allow, deny, … then again) so that load from
// other processes falls on every row alike; the figure is the median of
// TREEWARD_HOOK_RUNS runs (default 40), p90 beside it. CPU time (user +
// system) and peak memory are the kernel's accounting of the child
// (python3's RUSAGE_CHILDREN, else GNU time), in 20 separate runs per row.
// Results also go to bench/out/hook.json.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
// TREEWARD_HOOK_BINARY measures another build of the bin (its bundle and cache beside it)
const binary = process.env.TREEWARD_HOOK_BINARY ? resolve(process.env.TREEWARD_HOOK_BINARY) : join(root, 'dist', 'treeward.cjs');
const bun = join(root, 'node_modules', '.bin', 'bun');
// the flags `treeward install` gives Bun (bunHookFlags in src/cli/install.ts): no .env, no bunfig.toml from the tree
const bunFlags = ['--no-env-file', '--config=/dev/null'];
// TREEWARD_HOOK_NATIVE measures another native executable
const native = process.env.TREEWARD_HOOK_NATIVE ? resolve(process.env.TREEWARD_HOOK_NATIVE) : join(dirname(binary), 'native', 'treeward');
const runs = Number(process.env.TREEWARD_HOOK_RUNS) || 40;
const cpuRuns = 20;
// SPEC §6 and issue 18: the node hook within 6 ms of bare node, the Bun hook within 8 ms of bare Bun,
// the native executable at most half a bare node start, peak memory at most 60 MB
const targets = { nodeMs: 6, bunMs: 8, nativeRatio: 0.5, peakMb: 60 };

if (!existsSync(binary)) {
  process.stderr.write(`bench/hook.mjs: ${binary} is missing; run \`npm run build\` first\n`);
  process.exit(1);
}

// ------------------------------------------------------------ a tree and two requests

const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'treeward-hook-bench-')));
const tree = join(scratch, 'tree');
const home = join(scratch, 'home');
for (const dir of [join(tree, '.git'), join(tree, 'src'), home]) mkdirSync(dir, { recursive: true });
writeFileSync(join(tree, '.git', 'HEAD'), 'ref: refs/heads/main\n');
const claudeRequest = (command) => JSON.stringify({
  session_id: '4b0c9a52-7e1d-4f5a-9c3b-8d2e6f1a0b74', transcript_path: join(home, 'transcript.jsonl'), cwd: tree, permission_mode: 'default',
  hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command, description: 'bench', timeout: 120000 }, tool_use_id: 'toolu_bench',
});
const allowLine = 'git status --short && npm test -- --run 2>&1 | tail -n 40';
const denyLine = 'rm -rf .git';
const env = { HOME: home, SHELL: '/bin/bash', PATH: process.env.PATH ?? '/usr/bin:/bin', TMPDIR: scratch, CLAUDE_PROJECT_DIR: tree };
// every other row writes the audit log (to the scratch home's ~/.local/state/treeward), as a hook does by default; these rows do not
const noLog = join(scratch, 'no-log.json');
writeFileSync(noLog, '{"log": false}\n');

/** The rows: what runs, with which stdin, and what it must print (a check that the hook did what is measured). */
const rows = [
  { runtime: 'node', name: "bare `node -e ''`", argv: [process.execPath, '-e', ''], input: '' },
  { runtime: 'node', name: 'hook, allow', argv: [process.execPath, binary, 'hook'], input: claudeRequest(allowLine), expect: '"allow"' },
  { runtime: 'node', name: 'hook, deny', argv: [process.execPath, binary, 'hook'], input: claudeRequest(denyLine), expect: '"deny"' },
  { runtime: 'node', name: 'hook, allow, no code cache', argv: [process.execPath, binary, 'hook'], input: claudeRequest(allowLine), expect: '"allow"', env: { TREEWARD_CODE_CACHE: '0' } },
  { runtime: 'node', name: 'hook, allow, log off', argv: [process.execPath, binary, 'hook', '--config', noLog], input: claudeRequest(allowLine), expect: '"allow"' },
];
if (existsSync(bun)) {
  rows.push(
    { runtime: 'bun', name: 'bare `bun -e 0`', argv: [bun, '-e', '0'], input: '' },
    { runtime: 'bun', name: 'hook, allow', argv: [bun, ...bunFlags, binary, 'hook'], input: claudeRequest(allowLine), expect: '"allow"' },
    { runtime: 'bun', name: 'hook, deny', argv: [bun, ...bunFlags, binary, 'hook'], input: claudeRequest(denyLine), expect: '"deny"' },
    { runtime: 'bun', name: 'hook, allow, no bytecode', argv: [bun, ...bunFlags, binary, 'hook'], input: claudeRequest(allowLine), expect: '"allow"', env: { TREEWARD_CODE_CACHE: '0' } },
  );
}
if (existsSync(native)) {
  rows.push(
    { runtime: 'native', name: 'hook, allow', argv: [native, 'hook'], input: claudeRequest(allowLine), expect: '"allow"' },
    { runtime: 'native', name: 'hook, deny', argv: [native, 'hook'], input: claudeRequest(denyLine), expect: '"deny"' },
    { runtime: 'native', name: 'hook, allow, log off', argv: [native, 'hook', '--config', noLog], input: claudeRequest(allowLine), expect: '"allow"' },
  );
}

// ------------------------------------------------------------ measuring

function runOnce(row) {
  const start = process.hrtime.bigint();
  const r = spawnSync(row.argv[0], row.argv.slice(1), { input: row.input, env: { ...env, ...row.env }, cwd: tree, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 || (row.expect && !r.stdout.includes(row.expect))) {
    throw new Error(`${row.runtime} ${row.name}: exit ${r.status}, printed ${JSON.stringify(r.stdout.slice(0, 300))} ${r.stderr.slice(0, 300)}`);
  }
  return ms;
}

const peakTool = spawnSync('python3', ['-c', '0']).status === 0 ? 'python3' : existsSync('/usr/bin/time') ? 'time' : null;

/**
 * CPU time (user + system, ms) of each of `count` runs, and the peak resident
 * set (MB) over them, from the kernel's accounting of the child: python3's
 * RUSAGE_CHILDREN (microseconds), else GNU time (ten-millisecond ticks).
 * CPU time moves less than wall time when other processes load the machine.
 */
function cpuAndPeak(row, count) {
  const childEnv = { ...env, ...row.env };
  if (peakTool === 'python3') {
    const script = [
      'import json,resource,subprocess,sys',
      'data=sys.stdin.buffer.read(); cpu=[]',
      'for _ in range(int(sys.argv[1])):',
      '    a=resource.getrusage(resource.RUSAGE_CHILDREN)',
      '    subprocess.run(sys.argv[2:],input=data,stdout=subprocess.DEVNULL)',
      '    b=resource.getrusage(resource.RUSAGE_CHILDREN)',
      '    cpu.append((b.ru_utime-a.ru_utime+b.ru_stime-a.ru_stime)*1000)',
      'print(json.dumps({"cpu":cpu,"peak":resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024}))',
    ].join('\n');
    const r = spawnSync('python3', ['-c', script, String(count), ...row.argv], { input: row.input, env: childEnv, cwd: tree, encoding: 'utf8' });
    return JSON.parse(r.stdout);
  }
  if (peakTool === 'time') {
    const cpu = [];
    let peak = 0;
    for (let i = 0; i < count; i++) {
      const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...row.argv], { input: row.input, env: childEnv, cwd: tree, encoding: 'utf8' });
      const [user, system, kb] = r.stderr.trim().split('\n').pop().split(' ').map(Number);
      cpu.push((user + system) * 1000);
      peak = Math.max(peak, kb / 1024);
    }
    return { cpu, peak };
  }
  return { cpu: [], peak: null };
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The 1, 5 and 15 minute load averages (Linux), null elsewhere. */
function loadAverage() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return null;
  }
}
const load = loadAverage();

try {
  for (const row of rows) runOnce(row); // warm the page cache, check every row answers as expected
  const samples = rows.map(() => []);
  for (let i = 0; i < runs; i++) rows.forEach((row, k) => samples[k].push(runOnce(row)));
  const accounted = rows.map((row) => cpuAndPeak(row, cpuRuns));

  const results = rows.map((row, k) => ({
    runtime: row.runtime, name: row.name, medianMs: median(samples[k]), p90Ms: quantile(samples[k], 0.9),
    cpuMs: accounted[k].cpu.length ? median(accounted[k].cpu) : null, peakMb: accounted[k].peak, samplesMs: samples[k],
  }));
  const bare = (runtime) => results.find((r) => r.runtime === runtime && r.name.startsWith('bare'));

  const out = [];
  const p = (s = '') => out.push(s);
  const loadAfter = loadAverage();
  const cores = availableParallelism();
  p(`treeward hook start-up — whole process, median of ${runs} interleaved runs (p90), ${process.version}${existsSync(bun) ? `, bun ${spawnSync(bun, ['--version'], { encoding: 'utf8' }).stdout.trim()}` : ''}`);
  p(`machine: ${cores} cores${load ? `, load average ${load} at the start, ${loadAfter} at the end` : ''}`);
  p(`${'runtime'.padEnd(8)}${'case'.padEnd(30)}${'wall ms'.padStart(9)}${'p90'.padStart(8)}${'vs bare'.padStart(10)}${'× node'.padStart(8)}${'cpu ms'.padStart(9)}${'vs bare'.padStart(10)}${'peak RSS'.padStart(11)}`);
  const signed = (x) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  const node = bare('node');
  for (const r of results) {
    // the native executable has no bare start of its own: it is compared with bare node
    const base = bare(r.runtime) ?? node;
    const delta = r === base ? '' : signed(r.medianMs - base.medianMs);
    const cpuDelta = r === base || r.cpuMs == null || base.cpuMs == null ? '' : signed(r.cpuMs - base.cpuMs);
    p(`${r.runtime.padEnd(8)}${r.name.padEnd(30)}${r.medianMs.toFixed(1).padStart(9)}${r.p90Ms.toFixed(1).padStart(8)}${delta.padStart(10)}${(r.medianMs / node.medianMs).toFixed(2).padStart(8)}${(r.cpuMs == null ? '–' : r.cpuMs.toFixed(1)).padStart(9)}${cpuDelta.padStart(10)}${(r.peakMb == null ? '–' : `${r.peakMb.toFixed(1)} MB`).padStart(11)}`);
  }
  if (!existsSync(bun)) p('bun: not installed (npm ci installs the devDependency)');
  if (!existsSync(native)) p(`native: ${native} is missing (npm run build:native makes it)`);
  const verdict = (met) => (met ? 'MET' : 'NOT MET');
  const hookRows = (runtime) => results.filter((r) => r.runtime === runtime && (r.name === 'hook, allow' || r.name === 'hook, deny'));
  const within = (runtime, limit) => {
    const base = bare(runtime);
    const rows = hookRows(runtime);
    const each = rows.map((r) => `${r.name.slice(6)} ${signed(r.medianMs - base.medianMs)} ms (${r.medianMs.toFixed(1)} beside ${base.medianMs.toFixed(1)} ms)`).join(', ');
    return `${each} ${verdict(rows.every((r) => r.medianMs - base.medianMs <= limit))}`;
  };
  if (existsSync(native)) {
    const rows = hookRows('native');
    const each = rows.map((r) => `${r.name.slice(6)} ${(r.medianMs / node.medianMs).toFixed(2)}× (${r.medianMs.toFixed(1)} beside bare node ${node.medianMs.toFixed(1)} ms)`).join(', ');
    p(`target: native hook at most ${targets.nativeRatio}× a bare node start: ${each} ${verdict(rows.every((r) => r.medianMs <= targets.nativeRatio * node.medianMs))}`);
  }
  p(`target: node hook median within ${targets.nodeMs} ms of bare node: ${within('node', targets.nodeMs)}`);
  if (existsSync(bun)) p(`target: Bun hook median within ${targets.bunMs} ms of bare Bun: ${within('bun', targets.bunMs)}`);
  for (const runtime of ['node', 'native']) {
    const on = results.find((r) => r.runtime === runtime && r.name === 'hook, allow');
    const off = results.find((r) => r.runtime === runtime && r.name === 'hook, allow, log off');
    if (on && off) p(`target: the audit log adds at most ~1 ms to a ${runtime} hook: ${signed(on.medianMs - off.medianMs)} ms wall, ${on.cpuMs == null || off.cpuMs == null ? '–' : signed(on.cpuMs - off.cpuMs)} ms cpu ${verdict(on.medianMs - off.medianMs <= 1)}`);
  }
  const peaksAll = results.filter((r) => !r.name.startsWith('bare') && r.peakMb != null);
  const peaks = peaksAll.length
    ? `max ${Math.max(...peaksAll.map((r) => r.peakMb)).toFixed(1)} MB${existsSync(native) ? ` (native ${Math.max(...peaksAll.filter((r) => r.runtime === 'native').map((r) => r.peakMb)).toFixed(1)} MB)` : ''} ${verdict(peaksAll.every((r) => r.peakMb <= targets.peakMb))}`
    : 'not measured (no python3 or GNU time)';
  p(`target: peak memory at most ${targets.peakMb} MB: ${peaks}`);
  if (existsSync(native)) p(`native executable: ${native}, ${(statSync(native).size / 1e6).toFixed(1)} MB`);

  process.stdout.write(`\n${out.join('\n')}\n`);
  mkdirSync(join(here, 'out'), { recursive: true });
  writeFileSync(join(here, 'out', 'hook.json'), JSON.stringify({ date: new Date().toISOString(), node: process.version, cores, load, loadAfter, runs, targets, results }, null, 1));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
