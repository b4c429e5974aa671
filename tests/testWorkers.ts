// How many test files run at once. One end-to-end file spends most of its time waiting on the programs it
// drives, so twice the cores keeps the machine working without crowding it: with two per core a 2-core
// machine is fully busy (0 % idle through the main suite, 2026-12-05), and four per core was not faster.

import { availableParallelism } from 'node:os';

/** Files in flight per core. */
const FILES_PER_CORE = 2;
/** More than this and a big machine's suite only adds contention on the shared temp dir and process table. */
const MAX_TEST_WORKERS = 8;

export const TEST_WORKERS = Math.min(MAX_TEST_WORKERS, Math.max(2, availableParallelism() * FILES_PER_CORE));
