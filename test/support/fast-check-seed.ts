// Every fast-check property that names no seed of its own runs on the
// `properties` seed of test/seeds.json (or TREEWARD_SEED), so `npm test` gives
// the same answer on every date; fast-check prints the seed and path of a
// failure, and `TREEWARD_SEED=<seed> npx vitest run <file>` replays it.

import fc from 'fast-check';
import { seedsFor } from './seeds.js';

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: seedsFor('properties')[0]!.seed });
