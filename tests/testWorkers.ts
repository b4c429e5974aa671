// How many test files run at once. An end-to-end test spends most of its time waiting on the programs it
// drives (one file at a time, the suite kept ~22 % of one core busy), so the files in flight outnumber the
// cores. Two per core left a quiet 2-core machine half idle; four per core passed at load 19 (the e2e and
// fidelity files, 8 at once beside two other suites). vitest's default there is cores - 1 = one worker.

import { availableParallelism } from 'node:os';

/** Files in flight per core. */
const FILES_PER_CORE = 4;
/** More than this and a big machine's suite only adds contention on the shared temp dir and process table. */
const MAX_TEST_WORKERS = 8;

export const TEST_WORKERS = Math.min(MAX_TEST_WORKERS, Math.max(2, availableParallelism() * FILES_PER_CORE));
