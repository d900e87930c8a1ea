// The seeds of the generated inputs (issue 10): `npm test` gives the same
// answer on every date and machine, so each generator runs on the seeds
// committed in test/seeds.json, every seed that ever found a bug among them.
// Fresh seeds belong to `npm run explore` (scripts/explore.mjs), which sets
// TREEWARD_SEED (and TREEWARD_EXPLORE=1); a replay sets TREEWARD_SEED alone.
// With TREEWARD_SEED set, every generator runs that one seed instead of its
// list, `runs` inputs (or TREEWARD_RUNS), and says so.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Generator =
  | 'hostile-lines' | 'shell-state-lines' | 'wrapper-chains' | 'random-trees' | 'fuzz-any-text' | 'fuzz-shells' | 'properties' | 'unknown-programs'
  | 'program-lines' | 'option-lines' | 'shell-state-placed' | 'flow-lines' | 'loaded-code-lines' | 'archive-lines' | 'glob-lines';

interface PinnedSeed {
  seed: number;
  /** Inputs for this seed, when not the generator's `runs`. */
  runs?: number;
  /** What the seed found, when it found something: the date, the input and the fix. */
  found?: string;
}

interface GeneratorEntry {
  file: string;
  what: string;
  runs: number;
  seeds: PinnedSeed[];
}

export interface SeedRun {
  seed: number;
  runs: number;
  /** The command that runs this seed again, for failure messages. */
  replay: string;
}

const seedsFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'seeds.json');
const table = (JSON.parse(readFileSync(seedsFile, 'utf8')) as { generators: Record<Generator, GeneratorEntry> }).generators;

function integerFromEnvironment(name: string): number | null {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, not ${JSON.stringify(raw)}`);
  return n;
}

/** The seed given to this run (a replay or an exploration), or null: the committed list. */
export const givenSeed: number | null = (() => {
  const n = integerFromEnvironment('TREEWARD_SEED');
  return n === null ? null : n | 0;
})();

/** Whether this run is `npm run explore`'s: only generated inputs matter, fixed cases are left to `npm test`. */
export const exploring = process.env['TREEWARD_EXPLORE'] === '1';

function replayOf(generator: Generator, seed: number, runs: number): string {
  const entry = table[generator];
  const runsPart = runs === entry.runs ? '' : `TREEWARD_RUNS=${runs} `;
  return `TREEWARD_SEED=${seed} ${runsPart}npx vitest run ${entry.file}`;
}

/** The seeds a generator runs on in this run, each with its number of inputs and its replay command. */
export function seedsFor(generator: Generator): SeedRun[] {
  const entry = table[generator];
  if (!entry) throw new Error(`test/seeds.json has no generator ${generator}`);
  const runsOverride = integerFromEnvironment('TREEWARD_RUNS');
  if (givenSeed !== null) {
    const runs = runsOverride ?? entry.runs;
    return [{ seed: givenSeed, runs, replay: replayOf(generator, givenSeed, runs) }];
  }
  return entry.seeds.map(({ seed, runs }) => {
    const n = runsOverride ?? runs ?? entry.runs;
    return { seed, runs: n, replay: replayOf(generator, seed, n) };
  });
}

/** The total of inputs a generator's seeds give, for the suite's own count checks. */
export function totalRuns(generator: Generator): number {
  return seedsFor(generator).reduce((sum, s) => sum + s.runs, 0);
}
