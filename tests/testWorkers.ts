// How many test files run at once. An end-to-end test spends most of its time waiting on the programs it
// drives (run one file at a time, the whole suite kept ~22 % of one core busy), so twice the cores keeps the
// machine working without crowding it: on 2 cores the suite passed in ~2.5 min quiet and ~3 min with both
// cores busy, against ~9 min one file at a time (vitest's default there is cores - 1 = one worker).

import { availableParallelism } from 'node:os';

/** Files in flight per core. */
const FILES_PER_CORE = 2;
/** More than this and a big machine's suite only adds contention on the shared temp dir and process table. */
const MAX_TEST_WORKERS = 8;

export const TEST_WORKERS = Math.min(MAX_TEST_WORKERS, Math.max(2, availableParallelism() * FILES_PER_CORE));
