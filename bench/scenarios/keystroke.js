// Scenario 4: keystroke → echo latency at the outer terminal, idle and while another pane floods.

import {
  FLOOD_SETTLE_MS,
  KEY_ECHO_TIMEOUT_MS,
  KEY_GAP_MS,
  LINE_CLEAR_SETTLE_MS,
} from '../settings.js';
import { sleep, TimeoutError } from '../lib/deadline.js';
import { createPlainTextFilter } from '../lib/plain-text.js';
import { openSession } from '../lib/session.js';
import { latencyPercentiles } from '../lib/stats.js';

/**
 * The keys typed, in turn. Capitals that neither the prompt, `yes`, nor usual status text contain;
 * all different, so a redraw of the current line never holds the key being waited for.
 */
const KEYS = 'QWXZKVPGRUJ';
/** The line is cleared (C-u) once every key has been typed on it. */
const KEYS_PER_LINE = KEYS.length;
const CLEAR_LINE = '\x15';

/** @type {import('./scenario.js').Scenario<{ keys: number }, undefined>} */
export const keystroke = {
  name: 'keystroke',
  title: (plan) => `key → echo latency, ${plan.keys} keys idle, then ${plan.keys} while another pane runs \`yes\``,
  figures: [
    { key: 'idleP50', label: 'idle p50', unit: 'ms' },
    { key: 'idleP90', label: 'idle p90', unit: 'ms' },
    { key: 'idleP99', label: 'idle p99', unit: 'ms' },
    { key: 'idleMax', label: 'idle max', unit: 'ms' },
    { key: 'floodP50', label: 'flood p50', unit: 'ms' },
    { key: 'floodP90', label: 'flood p90', unit: 'ms' },
    { key: 'floodP99', label: 'flood p99', unit: 'ms' },
    { key: 'floodMax', label: 'flood max', unit: 'ms' },
  ],
  note: 'each row is that percentile of one repetition\'s keys; the columns show its median (min–max) over repetitions.',
  async run(context) {
    const { server, outer, panes } = await openSession(context, 2);
    const typing = panes.find((pane) => pane.focused) ?? panes[0];
    const flooding = panes.find((pane) => pane.id !== typing.id) ?? panes[1];
    const idle = latencyPercentiles(await typeKeys(outer, context.plan.keys));
    await server.sendText(flooding.id, 'yes\r');
    await sleep(FLOOD_SETTLE_MS);
    const flood = latencyPercentiles(await typeKeys(outer, context.plan.keys));
    return {
      idleP50: idle.p50 ?? Number.NaN,
      idleP90: idle.p90 ?? Number.NaN,
      idleP99: idle.p99 ?? Number.NaN,
      idleMax: idle.max ?? Number.NaN,
      floodP50: flood.p50 ?? Number.NaN,
      floodP90: flood.p90 ?? Number.NaN,
      floodP99: flood.p99 ?? Number.NaN,
      floodMax: flood.max ?? Number.NaN,
    };
  },
};

/**
 * Types `count` keys into the focused pane, one at a time, and measures how long each takes to
 * come back in the outer terminal's byte stream.
 * @param {import('../lib/outer-terminal.js').OuterTerminal} outer
 * @param {number} count
 * @returns {Promise<number[]>} milliseconds per key
 */
async function typeKeys(outer, count) {
  const plainText = createPlainTextFilter();
  /** @type {{ key: string, resolve: (at: number) => void } | undefined} */
  let waiting;
  const stop = outer.onRaw((chunk, at) => {
    const text = plainText(chunk);
    if (waiting !== undefined && text.includes(waiting.key)) {
      waiting.resolve(at);
      waiting = undefined;
    }
  });
  /** @type {number[]} */
  const latencies = [];
  try {
    for (let index = 0; index < count; index += 1) {
      if (index > 0 && index % KEYS_PER_LINE === 0) {
        outer.write(CLEAR_LINE);
        await sleep(LINE_CLEAR_SETTLE_MS);
      }
      const key = KEYS[index % KEYS.length];
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const echoed = new Promise((resolve, reject) => {
        waiting = { key, resolve };
        timer = setTimeout(() => reject(new TimeoutError(`the echo of key ${index + 1} ("${key}") did not come within ${KEY_ECHO_TIMEOUT_MS} ms`)), KEY_ECHO_TIMEOUT_MS);
      });
      const typedAt = performance.now();
      outer.write(key);
      try {
        latencies.push(/** @type {number} */ (await echoed) - typedAt);
      } finally {
        clearTimeout(timer);
      }
      await sleep(KEY_GAP_MS);
    }
  } finally {
    stop();
    outer.write(CLEAR_LINE);
    await sleep(LINE_CLEAR_SETTLE_MS);
  }
  return latencies;
}
