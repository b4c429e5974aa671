// Scenario 1: one pane `cat`s a big file of colored text.

import { formatBytes } from '../lib/format.js';
import { timeCats, writeCatFiles } from './cat-files.js';

/** @type {import('./scenario.js').Scenario<{ bytes: number }, import('./cat-files.js').CatFile[]>} */
export const throughput = {
  name: 'throughput',
  title: (plan) => `cat ${formatBytes(plan.bytes)} of colored text in one pane`,
  figures: [
    { key: 'time', label: 'until the last line shows', unit: 'ms' },
    { key: 'outerBytes', label: 'bytes to the outer terminal', unit: 'bytes' },
    { key: 'longestGap', label: 'longest time without a screen update', unit: 'ms' },
    { key: 'cpu', label: 'multiplexer CPU time (server + client)', unit: 'ms' },
  ],
  prepare: ({ benchEnv, plan }) => writeCatFiles(benchEnv.files, [{ name: 'throughput', bytes: plan.bytes, seed: 1 }]),
  run: (context) => timeCats({ ...context, deadlineMs: context.plan.deadlineMs }, context.fixture),
};
