// The agents suite: real agent CLIs against the local fake model (run `node tests/agents/ensure-installed.mjs` first).
//
// Each agent is a project of its own running the agent test files with TESSERA_AGENT_KINDS set to it
// (harness/kind.ts), so vitest runs the agents side by side: one file held the four agents one after
// another, and the run waited on its ~200 s (~270 s with both cores busy) while the other workers had
// finished. `--project claude` runs one agent's tests; the harness project runs the fake model's tests
// and the stream recorder (skipped unless TESSERA_RECORD_STREAMS=1).

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../testWorkers.js';
import { AGENT_KINDS } from './harness/kind.js';

/** The files that test each agent (each reads its kind from TESSERA_AGENT_KINDS). */
const PER_AGENT_FILES = ['cli-approvals.test.ts', 'tessera-agents.test.ts', 'tessera-resume.test.ts'];

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    exclude: ['node_modules/**'],
    // A test waits on a CLI's start and a turn or two; on a loaded 2-core machine each can take a minute (harness/timings.ts).
    testTimeout: 300_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
    projects: [
      ...AGENT_KINDS.map((kind) => ({ extends: true as const, test: { name: kind, include: PER_AGENT_FILES, env: { TESSERA_AGENT_KINDS: kind } } })),
      { extends: true as const, test: { name: 'harness', include: ['**/*.test.ts'], exclude: ['node_modules/**', ...PER_AGENT_FILES] } },
    ],
  },
});
