// Scenario 5: eight shells sit at their prompts; what does the multiplexer do meanwhile?

import { IDLE_SETTLE_MS, IDLE_WINDOW_MS } from '../settings.js';
import { sleep } from '../lib/deadline.js';
import { totalCpuTimeMs } from '../lib/proc.js';
import { openSession } from '../lib/session.js';

const IDLE_PANES = 8;

/** @type {import('./scenario.js').Scenario<{}, undefined>} */
export const idle = {
  name: 'idle',
  title: () => `${IDLE_PANES} idle shell panes for ${IDLE_WINDOW_MS / 1000} s`,
  figures: [
    { key: 'outerBytes', label: 'bytes to the outer terminal', unit: 'bytes' },
    { key: 'cpu', label: 'multiplexer CPU time', unit: 'ms' },
  ],
  async run(context) {
    const { outer, serverPid } = await openSession(context, IDLE_PANES);
    await sleep(IDLE_SETTLE_MS);
    const muxPids = [serverPid, outer.pid];
    const cpuAtStart = totalCpuTimeMs(muxPids);
    const bytesAtStart = outer.bytes;
    await sleep(IDLE_WINDOW_MS);
    return { outerBytes: outer.bytes - bytesAtStart, cpu: totalCpuTimeMs(muxPids) - cpuAtStart };
  },
};
