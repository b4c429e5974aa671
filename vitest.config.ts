import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './tests/testWorkers.js';

/** Three times what a slower e2e test took at load 25; a hang still ends the run. */
const TEST_DEADLINE_MS = 180_000;

/**
 * Unit and in-process files run many to a worker process instead of one process each (isolate: false):
 * a fresh process per file cost ~0.45 s of CPU before its first test, and the module graph was loaded
 * again for every file; the unit files took 212 s of CPU that way and take 86 s shared. Each such file
 * must leave the process as it found it: tests/sharedProcess.ts puts the environment back and fails a
 * file that leaves a fake clock behind. Ink's chalk reads its colour level once per process, so the
 * colours the server uses are set for the whole project. The end-to-end and fidelity files keep a
 * process each: they start servers and terminals whose leftovers a shared process could not be sure to
 * shed.
 */
const SHARED_PROCESS = {
  isolate: false,
  setupFiles: ['tests/sharedProcess.ts'],
  env: { FORCE_COLOR: '3', COLORTERM: 'truecolor' },
};
const SHARED_FOLDERS = ['tests/unit', 'tests/inprocess'];
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig({
  test: {
    // A test's deadline only catches a hang: every wait inside it is on a condition. An end-to-end test runs a
    // dozen commands through the real binary, and with both cores busy (CI runs four files at once; load 25 here)
    // each takes 1-3 s: tests that took 20 s quiet took 60-70 s then and were cut off though nothing was wrong.
    testTimeout: TEST_DEADLINE_MS,
    hookTimeout: TEST_DEADLINE_MS,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: SHARED_FOLDERS.flatMap((folder) => TEST_FILES.map((files) => `${folder}/${files}`)), ...SHARED_PROCESS },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: TEST_FILES.map((files) => `tests/${files}`),
          exclude: ['tests/agents/**', 'node_modules/**', ...SHARED_FOLDERS.map((folder) => `${folder}/**`)],
        },
      },
    ],
  },
});
