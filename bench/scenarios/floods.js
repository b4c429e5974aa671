// Scenario 2: four panes `cat` colored files at the same instant.

import { formatBytes } from '../lib/format.js';
import { timeCats, writeCatFiles } from './cat-files.js';

const FLOOD_PANES = 4;

/** @type {import('./scenario.js').Scenario<{ bytesEach: number }, import('./cat-files.js').CatFile[]>} */
export const floods = {
  name: 'floods',
  title: (plan) => `${FLOOD_PANES} panes cat ${formatBytes(plan.bytesEach)} each at once`,
  figures: [
    { key: 'time', label: 'until every last line shows', unit: 'ms' },
    { key: 'outerBytes', label: 'bytes to the outer terminal', unit: 'bytes' },
    { key: 'cpu', label: 'multiplexer CPU time (server + client)', unit: 'ms' },
    { key: 'loopP50', label: "server's event-loop delay, p50", unit: 'ms' },
    { key: 'loopP99', label: "server's event-loop delay, p99", unit: 'ms' },
  ],
  note: "event-loop delay: tessera's own measurement (server-info --loop-delay, from just before the start to just after the last line shows); tmux has none.",
  prepare: ({ benchEnv, plan }) =>
    writeCatFiles(
      benchEnv.files,
      Array.from({ length: FLOOD_PANES }, (_, index) => ({ name: `flood-${index + 1}`, bytes: plan.bytesEach, seed: 2 + index })),
    ),
  run: (context) => timeCats({ ...context, deadlineMs: context.plan.deadlineMs }, context.fixture),
};
