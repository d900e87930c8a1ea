// Containment, proven in the real shells (SPEC §4): for every corpus case the
// approver allows, and for thousands of generated hostile lines (./hostile.ts,
// on the seeds of test/seeds.json) it allows, the handed-back text `cd -- '<dir>' && {⏎<line>⏎}`
// runs in bash, sh (in dash and in `bash --posix`, both) or zsh inside the bubblewrap sandbox
// (test/support/shells.ts; many lines per sandbox, every command a logging
// stub) twice:
//
//  - with the tree missing: no stub may run and nothing may change;
//  - with the tree present: every stub must run inside the tree (or in a
//    directory the case says the line itself enters, `leaves`), and every path
//    a file tool's argv names, and every path the run created, changed or
//    deleted, must be one the approver listed (`explain()`'s effects).
//
// Corpus cases are moved into the sandbox by ./sandbox-land.ts; the approver
// judges the moved case again, and the two verdicts must agree (else the move
// changed the case's meaning). Known approver bugs (./known-failures.ts) are
// reported, not failed. Needs bubblewrap: without it the file fails in CI and
// skips, with a notice, elsewhere.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, type Explanation } from '../../src/approver/approve.js';
import { baseName } from '../../src/approver/core/path-text.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import type { DialectName } from '../../src/syntax/dialect.js';
import { quoteDirectory } from '../fixtures/load.js';
import { everyShellOf, IN_WORK, requireSandbox, runLines, type Case, type Layout, type LineResult, type ShellName } from '../support/shells.js';
import { callEvents, describeListed, diffEvents, fromRunner, inside, unlisted } from './argv-effects.js';
import { caseKey, loadCorpus, type CorpusCase } from './corpus.js';
import { hostileCase, hostileLayout } from './hostile.js';
import { archiveLayout, archiveLineCase, archivePrograms } from './archive-lines.js';
import { loadedCodeCase, loadedCodeEnv, loadedCodePrograms } from './loaded-code.js';
import { optionLineCase, optionLineLayout } from './option-lines.js';
import { programCase } from './program-lines.js';
import { flowCase } from './flow-lines.js';
import { globCase, globLinePrograms } from './glob-lines.js';
import { shellStateCase, shellStatePlacedCase } from './shell-state.js';
import { KnownLedger, kindOf } from './known.js';
import { knownFailures } from './known-failures.js';
import { judgeInPlace, moveCase, moved, movedEnv, movePath, sandboxEnv, volumeOfLayout } from './sandbox-land.js';
import { exploring, seedsFor } from '../support/seeds.js';

const available = requireSandbox('test/regression/containment.test.ts');
/** The seeds of the generated lines, each with its count (each line in one dialect); those approved run twice. */
const hostileSeeds = seedsFor('hostile-lines');
/** The seeds of the generated lines of issue 12's classes (./shell-state.ts). */
const stateSeeds = seedsFor('shell-state-lines');
/** The seeds of the lines of what was left of issue 12: setters placed anywhere, HOME and XDG_*, deferred code (./shell-state.ts). */
const placedSeeds = seedsFor('shell-state-placed');
/** The seeds of the generated lines of issue 16's work-flow classes (./flow-lines.ts). */
const flowSeeds = seedsFor('flow-lines');
const GENERATED = hostileSeeds.reduce((sum, s) => sum + s.runs, 0);
const BASH_ARGS = ['-O', 'extglob'];

type Vol = ReturnType<typeof volumeOfLayout>;

interface Plan {
  /** The test's name: `containment › <class> › <case> [<dialect>]`, or `generated #n [<dialect>] (seed S)`. */
  test: string;
  /** For a generated line: how to run its seed again. */
  replay?: string;
  line: string;
  dialect: DialectName;
  vol: Vol;
  explanation: Explanation;
  /** The handed-back text run in each real shell of the dialect (sh: dash and `bash --posix`), with the tree present and missing. */
  runs: ShellRuns[];
  /** Absolute directories the line itself enters, where its commands may run. */
  leaves: string[];
  tree: string;
  /** A problem found before running (the move changed the verdict, or the hand-back is not the expected text). */
  early?: string;
  /** Run with these real programs (the interpreters of ./loaded-code.ts, the archivers of ./archive-lines.ts, the file tools of ./glob-lines.ts), not their logging stubs. */
  real?: readonly string[];
}

const withoutTree = (layout: Layout): Layout => ({
  ...layout,
  home: Object.fromEntries(Object.entries(layout.home ?? {}).filter(([k]) => k !== 'project/' && !k.startsWith('project/'))),
});

interface ShellRuns {
  shell: ShellName;
  present: Case;
  missing: Case;
}

/**
 * The runs of a handed-back line in every real shell its dialect may be: an sh line the approver allows is allowed as dash
 * and as bash in POSIX mode read it (SPEC §1 `--shell sh`), so it runs in both.
 */
function runCases(id: string, dialect: DialectName, handedBack: string, layout: Layout, env: Record<string, string>): { runs: ShellRuns[] } {
  const shells = everyShellOf([dialect]);
  return {
    runs: shells.map((shell) => {
      const at = shells.length > 1 ? `${id} (${shell})` : id;
      const base = { shell, command: handedBack, run: true, parseCheck: false, bashArgs: BASH_ARGS, env };
      return { shell, present: { ...base, id: `present:${at}`, layout }, missing: { ...base, id: `missing:${at}`, layout: withoutTree(layout) } };
    }),
  };
}

// ------------------------------------------------------------------ plans: the corpus

const corpus: CorpusCase[] = loadCorpus().flatMap((file) => file.cases);
const plans: Plan[] = [];
const counts = { corpusRuns: 0, corpusAllowed: 0, generated: 0, generatedAllowed: 0, byDialect: { bash: 0, sh: 0, zsh: 0 } as Record<DialectName, number> };

// An exploration tries fresh seeds only: the corpus is the same in every run, and `npm test` runs it.
for (const c of exploring ? [] : corpus) {
  for (const dialect of c.dialects) {
    counts.corpusRuns++;
    const m = moveCase(c, dialect);
    const explanation = explain(m.command, m.options);
    const here = judgeInPlace(c, dialect);
    const test = `containment › ${caseKey(c, dialect)}`;
    const v = explanation.verdict;
    const early = here.decision !== v.decision
      ? `moving the case into the sandbox changed the verdict: ${here.decision === 'deny' ? `deny ${here.id}` : 'allow'} in place, ${v.decision === 'deny' ? `deny ${v.id} (${v.reason})` : 'allow'} moved`
      : undefined;
    if (v.decision !== 'allow') {
      if (early) plans.push({ test, line: m.command, dialect, vol: m.vol, explanation, runs: [], leaves: [], tree: moved.tree, early });
      continue;
    }
    counts.corpusAllowed++;
    const want = `cd -- ${quoteDirectory(m.dir)} && {\n${m.command}\n}`;
    const handBack = v.command === want ? early : `${early ? `${early}; ` : ''}the handed-back text is ${JSON.stringify(v.command)}, not ${JSON.stringify(want)}`;
    plans.push({
      test, line: m.command, dialect, vol: m.vol, explanation, ...runCases(test, dialect, v.command, m.layout, m.env),
      leaves: c.leaves.map(movePath), tree: moved.tree, ...(handBack ? { early: handBack } : {}),
    });
  }
}

// ------------------------------------------------------------------ plans: generated hostile lines

const hostileVol = volumeOfLayout(hostileLayout);
const hostileOptions = (dialect: DialectName) => ({
  dialect, tree: moved.tree, home: moved.home, tempDir: moved.tempDir, runDirs: [], env: { ...sandboxEnv, ...movedEnv }, fs: fileSystemFrom(hostileVol as never),
});
const generators = [
  ...hostileSeeds.map((s) => ({ ...s, cases: hostileCase, name: 'generated' })),
  ...stateSeeds.map((s) => ({ ...s, cases: shellStateCase, name: 'generated shell-state' })),
  ...placedSeeds.map((s) => ({ ...s, cases: shellStatePlacedCase, name: 'generated shell-state-placed' })),
  ...flowSeeds.map((s) => ({ ...s, cases: flowCase, name: 'generated flow' })),
];
for (const { seed, runs, replay, cases, name } of generators) {
  fc.sample(cases, { seed, numRuns: runs }).forEach(({ line, dialect }, n) => {
    counts.generated++;
    const explanation = explain(line, hostileOptions(dialect));
    if (explanation.verdict.decision !== 'allow') return;
    counts.generatedAllowed++;
    counts.byDialect[dialect]++;
    const test = `${name} #${n} [${dialect}] (seed ${seed})`;
    plans.push({
      test, replay, line, dialect, vol: hostileVol, explanation, ...runCases(test, dialect, explanation.verdict.command, hostileLayout, movedEnv), leaves: [], tree: moved.tree,
    });
  });
}
// issue 13's classes: programs handed a path in every spelling; one that names a protected path is never allowed
const programSeeds = seedsFor('program-lines');
const programCounts = { generated: 0, allowed: 0 };
for (const { seed, runs, replay } of programSeeds) {
  fc.sample(programCase, { seed, numRuns: runs }).forEach(({ line, dialect, protectedPath }, n) => {
    programCounts.generated++;
    const explanation = explain(line, hostileOptions(dialect));
    if (explanation.verdict.decision !== 'allow') return;
    programCounts.allowed++;
    const test = `generated program line #${n} [${dialect}] (seed ${seed})`;
    const early = protectedPath ? 'the line hands a program a protected path, and the approver allowed it' : undefined;
    plans.push({
      test, replay, line, dialect, vol: hostileVol, explanation, ...runCases(test, dialect, explanation.verdict.command, hostileLayout, movedEnv),
      leaves: [], tree: moved.tree, ...(early ? { early } : {}),
    });
  });
}
// issue 13 item 6: files named like options in the tree, globs that may match them, POSIXLY_CORRECT, obsolete option forms
const optionSeeds = seedsFor('option-lines');
const optionCounts = { generated: 0, allowed: 0 };
const optionVolumes = new Map<string, Vol>();
for (const { seed, runs, replay } of optionSeeds) {
  fc.sample(optionLineCase, { seed, numRuns: runs }).forEach(({ line, dialect, names }, n) => {
    optionCounts.generated++;
    const layout = optionLineLayout(names);
    const key = names.join('\0');
    const vol = optionVolumes.get(key) ?? volumeOfLayout(layout);
    optionVolumes.set(key, vol);
    const explanation = explain(line, { ...hostileOptions(dialect), fs: fileSystemFrom(vol as never) });
    if (explanation.verdict.decision !== 'allow') return;
    optionCounts.allowed++;
    const test = `generated option line #${n} [${dialect}] (seed ${seed}, names ${JSON.stringify(names)})`;
    plans.push({ test, replay, line, dialect, vol, explanation, ...runCases(test, dialect, explanation.verdict.command, layout, movedEnv), leaves: [], tree: moved.tree });
  });
}
// issue 13 item 3: a file written, then loaded by another name, run with the real python3, node, perl and make
const loadedSeeds = seedsFor('loaded-code-lines');
const loadedCounts = { generated: 0, allowed: 0 };
for (const { seed, runs, replay } of loadedSeeds) {
  fc.sample(loadedCodeCase, { seed, numRuns: runs }).forEach(({ line, dialect, payload }, n) => {
    loadedCounts.generated++;
    const explanation = explain(line, { ...hostileOptions(dialect), env: { ...sandboxEnv, ...movedEnv, ...loadedCodeEnv } });
    if (explanation.verdict.decision !== 'allow') return;
    loadedCounts.allowed++;
    const test = `generated loaded-code line #${n} [${dialect}] (seed ${seed})`;
    const early = payload === 'protected' ? 'the line loads code it wrote that writes a protected path, and the approver allowed it' : undefined;
    plans.push({
      test, replay, line, dialect, vol: hostileVol, explanation, ...runCases(test, dialect, explanation.verdict.command, hostileLayout, { ...movedEnv, ...loadedCodeEnv }),
      leaves: [], tree: moved.tree, real: loadedCodePrograms, ...(early ? { early } : {}),
    });
  });
}
// issue 13 item 5: archives the line makes and extracts, then writes through, removes below or runs, with the real tar, bsdtar, zip and unzip
const archiveSeeds = seedsFor('archive-lines');
const archiveCounts = { generated: 0, allowed: 0 };
const archiveVol = volumeOfLayout(archiveLayout);
for (const { seed, runs, replay } of archiveSeeds) {
  fc.sample(archiveLineCase, { seed, numRuns: runs }).forEach(({ line, dialect }, n) => {
    archiveCounts.generated++;
    const explanation = explain(line, { ...hostileOptions(dialect), fs: fileSystemFrom(archiveVol as never) });
    if (explanation.verdict.decision !== 'allow') return;
    archiveCounts.allowed++;
    const test = `generated archive line #${n} [${dialect}] (seed ${seed})`;
    plans.push({
      test, replay, line, dialect, vol: archiveVol, explanation, ...runCases(test, dialect, explanation.verdict.command, archiveLayout, movedEnv),
      leaves: [], tree: moved.tree, real: archivePrograms,
    });
  });
}
// issue 16: a glob removal after commands that can or cannot make a link or a directory, run with the real file tools
const globSeeds = seedsFor('glob-lines');
const globCounts = { generated: 0, allowed: 0 };
for (const { seed, runs, replay } of globSeeds) {
  fc.sample(globCase, { seed, numRuns: runs }).forEach(({ line, dialect }, n) => {
    globCounts.generated++;
    const explanation = explain(line, hostileOptions(dialect));
    if (explanation.verdict.decision !== 'allow') return;
    globCounts.allowed++;
    const test = `generated glob line #${n} [${dialect}] (seed ${seed})`;
    plans.push({
      test, replay, line, dialect, vol: hostileVol, explanation, ...runCases(test, dialect, explanation.verdict.command, hostileLayout, movedEnv),
      leaves: [], tree: moved.tree, real: globLinePrograms,
    });
  });
}
const seedList = [...hostileSeeds, ...stateSeeds, ...placedSeeds, ...flowSeeds, ...programSeeds, ...optionSeeds, ...loadedSeeds, ...archiveSeeds, ...globSeeds]
  .map((s) => `${s.seed} (${s.runs})`).join(', ');

// ------------------------------------------------------------------ judging a plan

function problemsOf(p: Plan, results: Map<string, LineResult>): string[] {
  const out: string[] = [];
  if (p.early) out.push(p.early);
  for (const run of p.runs) out.push(...runProblems(p, run, results).map((problem) => (p.runs.length > 1 ? `[${run.shell}] ${problem}` : problem)));
  return out;
}

function runProblems(p: Plan, run: ShellRuns, results: Map<string, LineResult>): string[] {
  const out: string[] = [];
  const missing = results.get(run.missing.id);
  if (!missing?.ran || missing.error) out.push(`the run with the tree missing failed in the sandbox: ${missing?.error ?? 'no result'}`);
  else {
    const calls = missing.ran.calls.map((c) => `${c.argv.join(' ')} (in ${c.cwd})`);
    const changed = diffEvents(missing.ran, IN_WORK).map((e) => `${e.kind} of ${e.path} (${e.from})`);
    if (calls.length) out.push(`with the tree missing, commands still ran: ${calls.join('; ')}`);
    if (changed.length) out.push(`with the tree missing, files still changed: ${changed.join('; ')}`);
  }
  const present = results.get(run.present.id);
  if (!present?.ran || present.error) out.push(`the run with the tree present failed in the sandbox: ${present?.error ?? 'no result'}`);
  else {
    for (const call of present.ran.calls) {
      const cwd = fromRunner(call.cwd, IN_WORK);
      const ok = cwd === p.tree || inside(cwd, p.tree) || p.leaves.some((l) => cwd === l || inside(cwd, l));
      if (!ok) out.push(`\`${call.argv.join(' ')}\` ran in ${cwd}, outside the tree${p.leaves.length ? ` and ${p.leaves.join(', ')}` : ''}`);
    }
    // an archiver that ran for real is judged by what it changed, not by the argv model's whole directory (its members are listed one by one)
    const modelled = p.real === archivePrograms ? present.ran.calls.filter((call) => !archivePrograms.includes(baseName(call.argv[0] ?? ''))) : present.ran.calls;
    const events = [...diffEvents(present.ran, IN_WORK), ...modelled.flatMap((call) => callEvents(call, p.vol, IN_WORK))];
    const missed = unlisted(events, p.explanation.effects, p.vol);
    if (missed.length) {
      const listed = p.explanation.effects.map(describeListed).join(' | ') || 'nothing';
      for (const ev of missed) out.push(`the shell made a ${ev.kind} of ${ev.path}${ev.recursive ? ' and below' : ''} (${ev.from}), which the approver did not list (it listed: ${listed})`);
    }
  }
  return out;
}

// ------------------------------------------------------------------ the tests

const ledger = new KnownLedger();

describe.skipIf(!available)('containment in the real shells', () => {
  let results = new Map<string, LineResult>();
  const t0 = Date.now();

  beforeAll(async () => {
    const cases = plans.filter((p) => !p.real).flatMap((p) => p.runs.flatMap((run) => [run.missing, run.present]));
    console.log(`containment: hostile-line seeds ${seedList}`);
    results = await runLines(cases, { timeoutSec: 2 });
    // the loaded-code lines run their interpreters for real, the archive lines their archivers, the glob lines their file tools:
    // what the written file does, what lands from an extraction and what a landed script does, what the line made, is what is proven
    for (const real of [loadedCodePrograms, archivePrograms, globLinePrograms]) {
      const realCases = plans.filter((p) => p.real === real).flatMap((p) => p.runs.flatMap((run) => [run.missing, run.present]));
      for (const [id, result] of await runLines(realCases, { timeoutSec: 4, real: [...real] })) results.set(id, result);
    }
    console.log(`containment: ${cases.length} sandbox runs in ${Date.now() - t0} ms`);
    // thousands of sandbox runs: on a loaded machine they take longer than the default hook limit
  }, 900_000);

  afterAll(() => {
    console.log(`containment: corpus ${counts.corpusRuns} case×dialect, ${counts.corpusAllowed} allowed and run twice; ` +
      `generated ${counts.generated} hostile lines (seeds ${seedList}), ${counts.generatedAllowed} allowed and run twice ` +
      `(bash ${counts.byDialect.bash}, sh ${counts.byDialect.sh}, zsh ${counts.byDialect.zsh}); ` +
      `program lines ${programCounts.generated}, ${programCounts.allowed} allowed and run twice; ` +
      `option lines ${optionCounts.generated}, ${optionCounts.allowed} allowed and run twice; ` +
      `loaded-code lines ${loadedCounts.generated}, ${loadedCounts.allowed} allowed and run twice with the real interpreters; ` +
      `archive lines ${archiveCounts.generated}, ${archiveCounts.allowed} allowed and run twice with the real archivers; ` +
      `glob lines ${globCounts.generated}, ${globCounts.allowed} allowed and run twice with the real file tools; ${Date.now() - t0} ms`);
    if (ledger.report.failed.length) console.log(ledger.summary('containment'));
  });

  it('runs a corpus that allows lines in every dialect, and generated lines the approver allows', () => {
    if (!exploring) expect(counts.corpusAllowed).toBeGreaterThan(300);
    if (GENERATED >= 1000) expect(counts.generatedAllowed, 'too few generated lines are allowed to prove much').toBeGreaterThan(GENERATED / 5);
  });

  for (const p of plans.filter((x) => !x.test.startsWith('generated'))) {
    it(p.test, () => {
      const found = problemsOf(p, results);
      const problem = found.length ? `${p.test}: ${JSON.stringify(p.line)}\n  ${found.join('\n  ')}` : null;
      const failure = ledger.settle(p.test, problem, p.line);
      if (failure) expect.fail(failure);
    });
  }

  it(`holds for every generated hostile line the approver allows (seeds ${seedList})`, () => {
    const failures: string[] = [];
    for (const p of plans.filter((x) => x.test.startsWith('generated'))) {
      const found = problemsOf(p, results);
      const problem = found.length ? `${p.test}: ${JSON.stringify(p.line)}\n  ${found.join('\n  ')}\n  replay: ${p.replay}` : null;
      const failure = ledger.settle(p.test, problem, p.line);
      if (failure) failures.push(failure);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it.skipIf(exploring)('leaves no known-failure entry of containment naming a case that does not exist', () => {
    const names = new Set(plans.map((p) => p.test));
    const stray = knownFailures.filter((k) => k.test !== undefined && kindOf(k.test) === 'containment' && !names.has(k.test)).map((k) => k.test);
    expect(stray).toEqual([]);
  });
});
