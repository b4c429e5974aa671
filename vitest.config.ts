import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './tests/testWorkers.js';

/** Three times what a slower e2e test took at load 25; a hang still ends the run. */
const TEST_DEADLINE_MS = 180_000;

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/agents/**', 'node_modules/**'],
    // A test's deadline only catches a hang: every wait inside it is on a condition. An end-to-end test runs a
    // dozen commands through the real binary, and with both cores busy (CI runs four files at once; load 25 here)
    // each takes 1-3 s: tests that took 20 s quiet took 60-70 s then and were cut off though nothing was wrong.
    testTimeout: TEST_DEADLINE_MS,
    hookTimeout: TEST_DEADLINE_MS,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
  },
});
