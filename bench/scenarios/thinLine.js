// Scenario: keystroke → echo over a thin line (an SSH session over a slow link: 2 Mbit/s, 1 MB in
// flight, the outer terminal answering queries only once what came before them has arrived, see
// lib/throttled-line.js) while another pane floods colored text; how often the flood is still drawn
// meanwhile; and how long after Ctrl-C of the flood its prompt shows.

import { THIN_LINE, THIN_LINE_ECHO_TIMEOUT_MS, THIN_LINE_SETTLE_MS, KEY_GAP_MS, PROMPTS_TIMEOUT_MS } from '../settings.js';
import { sleep } from '../lib/deadline.js';
import { formatBytes } from '../lib/format.js';
import { countPrompts, openSession } from '../lib/session.js';
import { latencyPercentiles } from '../lib/stats.js';
import { typeKeys } from './keystroke.js';

/** Endless numbered lines, every word colored (frames are big): `line N` grows as long as the pane is drawn anew. */
const FLOOD =
  "awk 'BEGIN { for (n = 1; ; n++) { printf \"line %d\", n; for (w = 0; w < 16; w++) printf \" \\033[38;5;%dmword%d....\", 16 + (n * 16 + w) % 216, w; print \"\\033[0m\" } }'\r";
/** How often the screen is searched for the flood's newest line while keys are typed. */
const FLOOD_SAMPLE_MS = 20;

/** @type {import('./scenario.js').Scenario<{ keys: number }, undefined>} */
export const thinLine = {
  name: 'thin-line',
  title: (plan) =>
    `key → echo over a ${(THIN_LINE.bytesPerSecond * 8) / 1e6} Mbit/s line with ${formatBytes(THIN_LINE.inFlightBytes)} in flight while another pane floods, ${plan.keys} keys`,
  figures: [
    { key: 'echoP50', label: 'echo p50', unit: 'ms' },
    { key: 'echoP99', label: 'echo p99', unit: 'ms' },
    { key: 'echoMax', label: 'echo max', unit: 'ms' },
    { key: 'floodLongestGap', label: 'longest time the flood was not drawn anew', unit: 'ms' },
    { key: 'peakInFlight', label: 'most bytes on the line at once', unit: 'bytes' },
    { key: 'promptAfterCtrlC', label: 'Ctrl-C of the flood → its prompt shows', unit: 'ms' },
  ],
  note: 'the outer terminal reads through a throttled line; echo is measured from the key to its arrival at the far end.',
  async run(context) {
    const { server, outer, panes } = await openSession(context, 2, THIN_LINE);
    const typing = panes.find((pane) => pane.focused) ?? panes[0];
    const flooding = panes.find((pane) => pane.id !== typing.id) ?? panes[1];
    await server.sendText(flooding.id, FLOOD);
    await sleep(THIN_LINE_SETTLE_MS);

    // The flood's newest line, looked for on the screen as keys are typed: the longest time it stood still.
    let newest = 0;
    let movedAt = performance.now();
    let longestGap = 0;
    const sampler = setInterval(() => {
      const seen = Math.max(0, ...outer.screenLines().flatMap((line) => [...line.matchAll(/line (\d+)/g)].map((match) => Number(match[1]))));
      const now = performance.now();
      if (seen > newest) {
        longestGap = Math.max(longestGap, now - movedAt);
        newest = seen;
        movedAt = now;
      }
    }, FLOOD_SAMPLE_MS);
    let echo;
    try {
      echo = latencyPercentiles(await typeKeys(outer, context.plan.keys, KEY_GAP_MS, THIN_LINE_ECHO_TIMEOUT_MS));
    } finally {
      clearInterval(sampler);
    }
    longestGap = Math.max(longestGap, performance.now() - movedAt);

    const stoppedAt = performance.now();
    await server.sendText(flooding.id, '\x03');
    const promptAt = await outer.waitForScreen((lines) => countPrompts(lines) >= 2, { timeoutMs: PROMPTS_TIMEOUT_MS, what: 'the prompt after Ctrl-C of the flood' });
    return {
      echoP50: echo.p50 ?? Number.NaN,
      echoP99: echo.p99 ?? Number.NaN,
      echoMax: echo.max ?? Number.NaN,
      floodLongestGap: longestGap,
      peakInFlight: outer.line?.peakInFlight ?? Number.NaN,
      promptAfterCtrlC: promptAt - stoppedAt,
    };
  },
};
