// Scenario 3: four agent-like TUIs repaint at 30 fps; CPU of the multiplexer and the frames that
// actually reach the outer terminal.

import { fileURLToPath } from 'node:url';
import { TUI_COLS, TUI_FPS, TUI_ROWS, TUI_TAIL_SECONDS } from '../settings.js';
import { sleep } from '../lib/deadline.js';
import { preciseCpuTimeMs } from '../lib/proc.js';
import { openSession } from '../lib/session.js';
import { shellQuote } from '../lib/shell-quote.js';
import { createGate, releaseWhenReady } from '../lib/start-gate.js';
import { findFrameTags } from '../workloads/frame-tag.js';

const AGENT_TUI = fileURLToPath(new URL('../workloads/agent-tui.js', import.meta.url));
const AGENT_PANES = 4;

/**
 * The TUIs run `firstSeconds` (the CPU of that window is the "first seconds" figure), then
 * `settleSeconds` more that are not measured, then `seconds` over which every other figure is taken:
 * what four agents redrawing for minutes cost. In a new server V8 is still compiling the hot code
 * for the first ~15-20 s (its log shows functions of the frame path, which run ~30 times a second,
 * optimized that late): a cost paid once per server, shown by the first figure, not what
 * redrawing costs.
 * @type {import('./scenario.js').Scenario<{ seconds: number, firstSeconds: number, settleSeconds: number }, undefined>}
 */
export const redraws = {
  name: 'redraws',
  title: (plan) =>
    `${AGENT_PANES} agent-like ${TUI_COLS}×${TUI_ROWS} TUIs repaint at ${TUI_FPS} fps; measured over ${plan.seconds} s from ${plan.firstSeconds + plan.settleSeconds} s in`,
  figures: [
    { key: 'cpu', label: 'multiplexer CPU (% of one core)', unit: 'percent' },
    { key: 'cpuFirst', label: 'the same in its first seconds', unit: 'percent' },
    { key: 'fps', label: `frames shown per pane (of ${TUI_FPS})`, unit: 'fps' },
    { key: 'outerBytesPerSecond', label: 'bytes to the outer terminal per s', unit: 'bytes' },
  ],
  note: 'CPU: once the redrawing has gone on for a while (in its first seconds a new tessera server still compiles its hot code: the second line); frames shown: distinct frame counters seen on the outer screen, which is read after every chunk the multiplexer writes.',
  async run(context) {
    const { benchEnv, plan } = context;
    const { server, outer, panes, serverPid } = await openSession(context, AGENT_PANES);
    /** @type {string[]} */
    const gates = [];
    for (const [index, pane] of panes.entries()) {
      const gate = await createGate(benchEnv.files, benchEnv.uniqueName('tui'));
      gates.push(gate);
      const args = ['--pane', String(index), '--seconds', String(plan.firstSeconds + plan.settleSeconds + plan.seconds + TUI_TAIL_SECONDS), '--gate', gate];
      await server.sendText(pane.id, `${[process.execPath, AGENT_TUI, ...args].map(shellQuote).join(' ')}\r`);
    }
    const muxPids = [serverPid, outer.pid];
    /** @type {Set<number>[]} */
    const seen = panes.map(() => new Set());
    const stopCounting = outer.onParsed(() => {
      for (const { pane, frame } of findFrameTags(outer.screenLines())) seen[pane]?.add(frame);
    });
    try {
      const releasedAt = await releaseWhenReady(gates);
      const cpuAtRelease = preciseCpuTimeMs(muxPids);
      await sleep(plan.firstSeconds * 1000);
      const cpuFirst = ((preciseCpuTimeMs(muxPids) - cpuAtRelease) / (performance.now() - releasedAt)) * 100;
      await sleep(plan.settleSeconds * 1000);
      const startedAt = performance.now();
      const cpuAtStart = preciseCpuTimeMs(muxPids);
      for (const frames of seen) frames.clear();
      const bytesAtStart = outer.bytes;
      await sleep(plan.seconds * 1000);
      const cpu = preciseCpuTimeMs(muxPids) - cpuAtStart;
      const bytes = outer.bytes - bytesAtStart;
      const elapsedMs = performance.now() - startedAt;
      const framesPerPane = seen.reduce((sum, frames) => sum + frames.size, 0) / seen.length;
      return {
        cpu: (cpu / elapsedMs) * 100,
        cpuFirst,
        fps: framesPerPane / (elapsedMs / 1000),
        outerBytesPerSecond: bytes / (elapsedMs / 1000),
      };
    } finally {
      stopCounting();
    }
  },
};
