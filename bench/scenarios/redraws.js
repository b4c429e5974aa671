// Scenario 3: four agent-like TUIs repaint at 30 fps; CPU of the multiplexer and the frames that
// actually reach the outer terminal.

import { fileURLToPath } from 'node:url';
import { TUI_COLS, TUI_FPS, TUI_ROWS, TUI_TAIL_SECONDS } from '../settings.js';
import { sleep } from '../lib/deadline.js';
import { totalCpuTimeMs } from '../lib/proc.js';
import { openSession } from '../lib/session.js';
import { shellQuote } from '../lib/shell-quote.js';
import { createGate, releaseWhenReady } from '../lib/start-gate.js';
import { findFrameTags } from '../workloads/frame-tag.js';

const AGENT_TUI = fileURLToPath(new URL('../workloads/agent-tui.js', import.meta.url));
const AGENT_PANES = 4;

/** @type {import('./scenario.js').Scenario<{ seconds: number }, undefined>} */
export const redraws = {
  name: 'redraws',
  title: (plan) => `${AGENT_PANES} agent-like ${TUI_COLS}×${TUI_ROWS} TUIs repaint at ${TUI_FPS} fps for ${plan.seconds} s`,
  figures: [
    { key: 'cpu', label: 'multiplexer CPU (% of one core)', unit: 'percent' },
    { key: 'fps', label: `frames shown per pane (of ${TUI_FPS})`, unit: 'fps' },
    { key: 'outerBytesPerSecond', label: 'bytes to the outer terminal per s', unit: 'bytes' },
  ],
  note: 'frames shown: distinct frame counters seen on the outer screen, which is read after every chunk the multiplexer writes.',
  async run(context) {
    const { benchEnv, plan } = context;
    const { server, outer, panes, serverPid } = await openSession(context, AGENT_PANES);
    /** @type {string[]} */
    const gates = [];
    for (const [index, pane] of panes.entries()) {
      const gate = await createGate(benchEnv.files, benchEnv.uniqueName('tui'));
      gates.push(gate);
      const args = ['--pane', String(index), '--seconds', String(plan.seconds + TUI_TAIL_SECONDS), '--gate', gate];
      await server.sendText(pane.id, `${[process.execPath, AGENT_TUI, ...args].map(shellQuote).join(' ')}\r`);
    }
    const muxPids = [serverPid, outer.pid];
    /** @type {Set<number>[]} */
    const seen = panes.map(() => new Set());
    const stopCounting = outer.onParsed(() => {
      for (const { pane, frame } of findFrameTags(outer.screenLines())) seen[pane]?.add(frame);
    });
    try {
      const startedAt = await releaseWhenReady(gates);
      const cpuAtStart = totalCpuTimeMs(muxPids);
      const bytesAtStart = outer.bytes;
      await sleep(plan.seconds * 1000);
      const cpu = totalCpuTimeMs(muxPids) - cpuAtStart;
      const bytes = outer.bytes - bytesAtStart;
      const elapsedMs = performance.now() - startedAt;
      const framesPerPane = seen.reduce((sum, frames) => sum + frames.size, 0) / seen.length;
      return {
        cpu: (cpu / elapsedMs) * 100,
        fps: framesPerPane / (elapsedMs / 1000),
        outerBytesPerSecond: bytes / (elapsedMs / 1000),
      };
    } finally {
      stopCounting();
    }
  },
};
