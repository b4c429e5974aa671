import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './tests/testWorkers.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/agents/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
  },
});
