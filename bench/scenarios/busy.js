// Scenario: the throughput scenario's `cat` on a machine whose other cores are busy (issue 9: a
// flood must finish no later than tmux's and cost at most 1.5× its CPU there too).

import { busyOtherCores } from '../lib/cpu-hogs.js';
import { formatBytes } from '../lib/format.js';
import { timeCats, writeCatFiles } from './cat-files.js';

/** @type {import('./scenario.js').Scenario<{ bytes: number }, import('./cat-files.js').CatFile[]>} */
export const busy = {
  name: 'busy',
  title: (plan) => `cat ${formatBytes(plan.bytes)} of colored text in one pane while the other cores are busy`,
  figures: [
    { key: 'time', label: 'until the last line shows', unit: 'ms' },
    { key: 'cpu', label: 'multiplexer CPU time (server + client)', unit: 'ms' },
  ],
  prepare: ({ benchEnv, plan }) => writeCatFiles(benchEnv.files, [{ name: 'busy', bytes: plan.bytes, seed: 2 }]),
  run: async (context) => {
    busyOtherCores(context.scope);
    const { time, cpu } = await timeCats({ ...context, deadlineMs: context.plan.deadlineMs }, context.fixture);
    return { time, cpu };
  },
  note: 'busy: one process spins on every core but one for the whole run (session start included), as another user\'s job would.',
};
