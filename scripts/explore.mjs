#!/usr/bin/env node
// `npm run explore [-- --minutes N]` (issue 10): the generators of the test
// suite on fresh seeds, for N minutes (default 10). `npm test` runs them on the
// committed seeds of test/seeds.json only, so it gives the same answer on every
// date; exploring is how new ground is covered. Each round draws a seed from
// the OS's random source and runs every generator's test file with
// TREEWARD_SEED=<seed> and TREEWARD_EXPLORE=1 (which leaves out the fixed
// cases those files also hold): the hostile lines run in the real shells, the
// regression properties, the fuzz lines against bash -n / dash -n / zsh -n,
// and the other fast-check properties. Every failing test is printed with the
// command that replays it; the exit status is 1 when anything was found.
// A finding becomes a committed case with its fix (a fixture, a probe, or the
// seed added to test/seeds.json with what it found), never a skip.

import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const usage = `usage: npm run explore [-- --minutes N] [--seed S]

Runs the test suite's generators on fresh seeds for N minutes (default 10):
hostile lines in the real shells, the regression properties, the fuzz lines
against bash -n / dash -n / zsh -n, and every other fast-check property.
Prints each finding with the command that replays it; exits 1 if it found
anything, 0 if not, 2 on a usage error. --seed S runs one round on seed S.
`;

/** The test files whose inputs are generated; each round runs them all on one seed. */
const generatorFiles = [
  'test/regression/containment.test.ts',
  'test/regression/properties.test.ts',
  'test/robustness/fuzz.test.ts',
  'test/approver/paths.test.ts',
  'test/approver/glob.test.ts',
  'test/approver/sed.test.ts',
  'test/approver/startup.test.ts',
  'test/approver/fs-faults.test.ts',
];

function parseArguments(argv) {
  let minutes = 10;
  let seed = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, glued] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => glued ?? argv[++i];
    if (name === '-h' || name === '--help') {
      process.stdout.write(usage);
      process.exit(0);
    } else if (name === '--minutes') {
      minutes = Number(value());
      if (!Number.isFinite(minutes) || minutes <= 0) fail(`--minutes takes a positive number`);
    } else if (name === '--seed') {
      seed = Number(value());
      if (!Number.isSafeInteger(seed)) fail(`--seed takes an integer`);
    } else fail(`unknown option ${arg}`);
  }
  return { minutes, seed };
}

function fail(message) {
  process.stderr.write(`explore: ${message}\n${usage}`);
  process.exit(2);
}

/** One round: every generator file on `seed`, read back through vitest's JSON report. */
function runRound(seed, deadline) {
  const dir = mkdtempSync(join(tmpdir(), 'treeward-explore-'));
  const report = join(dir, 'report.json');
  const env = { ...process.env, TREEWARD_SEED: String(seed), TREEWARD_EXPLORE: '1', CI: process.env.CI ?? '' };
  const args = ['vitest', 'run', '--reporter=json', `--outputFile=${report}`, ...generatorFiles];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-20_000); });
    // A round that runs far past the end is stopped: its findings so far are lost, not its seed.
    const timer = setTimeout(() => child.kill('SIGTERM'), Math.max(60_000, deadline - Date.now() + 180_000));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let results = null;
      try {
        results = JSON.parse(readFileSync(report, 'utf8'));
      } catch {
        // no report: the run itself failed (printed below)
      }
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, signal, stderr, results });
    });
  });
}

/** The failing tests of a round, each with its replay command. */
function findingsOf(seed, round) {
  if (!round.results) {
    return [{ file: '(vitest)', test: `the round did not finish (exit ${round.code ?? round.signal})`, message: round.stderr.trim().split('\n').slice(-20).join('\n'), replay: `TREEWARD_SEED=${seed} TREEWARD_EXPLORE=1 npx vitest run ${generatorFiles.join(' ')}` }];
  }
  const findings = [];
  for (const file of round.results.testResults ?? []) {
    const name = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') {
      findings.push({ file: name, test: '(the file failed to run)', message: file.message || file.failureMessage || '', replay: `TREEWARD_SEED=${seed} npx vitest run ${name}` });
    }
    for (const t of failed) {
      findings.push({ file: name, test: t.fullName ?? t.title, message: (t.failureMessages ?? []).join('\n'), replay: `TREEWARD_SEED=${seed} npx vitest run ${name}` });
    }
  }
  return findings;
}

function shorten(text, lines = 30) {
  const all = text.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  return all.length > lines ? [...all.slice(0, lines), `… (${all.length - lines} more lines)`].join('\n') : all.join('\n');
}

const { minutes, seed: onlySeed } = parseArguments(process.argv.slice(2));
const started = Date.now();
const deadline = started + minutes * 60_000;
const tried = [];
const allFindings = [];
let lastRound = 0;

process.stdout.write(`explore: ${onlySeed === null ? `fresh seeds for ${minutes} min` : `seed ${onlySeed}`}, each round: ${generatorFiles.length} generator files\n`);
do {
  const seed = onlySeed ?? randomInt(-(2 ** 31), 2 ** 31);
  const t0 = Date.now();
  const round = await runRound(seed, deadline);
  lastRound = Date.now() - t0;
  const findings = findingsOf(seed, round);
  const tests = (round.results?.numTotalTests ?? 0);
  tried.push(seed);
  process.stdout.write(`explore: round ${tried.length}, seed ${seed}: ${tests} tests, ${findings.length} finding(s), ${(lastRound / 1000).toFixed(0)} s\n`);
  for (const f of findings) {
    allFindings.push({ seed, ...f });
    process.stdout.write(`\nFINDING (seed ${seed}) ${f.file} › ${f.test}\n${shorten(f.message)}\nreplay: ${f.replay}\n\n`);
  }
} while (onlySeed === null && Date.now() + lastRound < deadline);

process.stdout.write(`explore: ${tried.length} round(s) in ${((Date.now() - started) / 60_000).toFixed(1)} min, seeds ${tried.join(', ')}; ${allFindings.length} finding(s)\n`);
if (allFindings.length) {
  process.stdout.write('explore: make each finding a committed case with its fix (a fixture, a live probe, or its seed in test/seeds.json with what it found)\n');
  process.exit(1);
}
