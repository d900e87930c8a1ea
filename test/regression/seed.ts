// The rotating seed of the regression suite's generated inputs (fast-check
// properties and hostile lines). It changes every day, and between CI runs of
// one day, so each run covers new ground; a failing run prints it, and
// `TREEWARD_SEED=<n> npx vitest run test/regression` replays that run exactly.

function fromEnvironment(): number | null {
  const raw = process.env.TREEWARD_SEED;
  if (raw === undefined || raw === '') return null;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`TREEWARD_SEED must be an integer, not ${JSON.stringify(raw)}`);
  return n | 0;
}

/** The day (UTC) mixed with the CI run's number when there is one. */
function rotating(): number {
  const day = Math.floor(Date.now() / 86_400_000);
  const run = Number(process.env.GITHUB_RUN_ID ?? process.env.CI_PIPELINE_ID ?? process.env.BUILD_NUMBER ?? 0) || 0;
  // a small integer hash, so neighbouring days give unrelated seeds
  let h = (day * 2654435761) ^ (run * 40503);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return (h ^ (h >>> 16)) | 0;
}

export const seed: number = fromEnvironment() ?? rotating();

/** How to run this seed again, for failure messages. */
export const replay = `TREEWARD_SEED=${seed} npx vitest run test/regression`;
