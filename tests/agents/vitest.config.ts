// The agents suite: real agent CLIs against the local fake model (run `node tests/agents/ensure-installed.mjs` first).

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../testWorkers.js';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    // A test waits on a CLI's start and a turn or two; on a loaded 2-core machine each can take a minute (harness/timings.ts).
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
  },
});
