// Scenario 4: keystroke → echo latency at the outer terminal: single keys on a quiet multiplexer,
// fast typing (a key every 15 ms, like key repeat), and single keys while another pane floods.

import {
  FLOOD_SETTLE_MS,
  IDLE_KEY_GAP_MS,
  KEY_ECHO_TIMEOUT_MS,
  KEY_GAP_MS,
  TYPING_KEY_INTERVAL_MS,
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
  title: (plan) =>
    `key → echo latency, ${plan.keys} keys idle, ${plan.keys} typed every ${TYPING_KEY_INTERVAL_MS} ms, then ${plan.keys} while another pane runs \`yes\``,
  figures: [
    { key: 'idleP50', label: 'idle p50', unit: 'ms' },
    { key: 'idleP90', label: 'idle p90', unit: 'ms' },
    { key: 'idleP99', label: 'idle p99', unit: 'ms' },
    { key: 'idleMax', label: 'idle max', unit: 'ms' },
    { key: 'typingP50', label: `a key every ${TYPING_KEY_INTERVAL_MS} ms p50`, unit: 'ms' },
    { key: 'typingP90', label: `a key every ${TYPING_KEY_INTERVAL_MS} ms p90`, unit: 'ms' },
    { key: 'typingP99', label: `a key every ${TYPING_KEY_INTERVAL_MS} ms p99`, unit: 'ms' },
    { key: 'typingMax', label: `a key every ${TYPING_KEY_INTERVAL_MS} ms max`, unit: 'ms' },
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
    const idle = latencyPercentiles(await typeKeys(outer, context.plan.keys, IDLE_KEY_GAP_MS));
    const fast = latencyPercentiles(await typeAtCadence(outer, context.plan.keys));
    await server.sendText(flooding.id, 'yes\r');
    await sleep(FLOOD_SETTLE_MS);
    const flood = latencyPercentiles(await typeKeys(outer, context.plan.keys, KEY_GAP_MS));
    return {
      idleP50: idle.p50 ?? Number.NaN,
      idleP90: idle.p90 ?? Number.NaN,
      idleP99: idle.p99 ?? Number.NaN,
      idleMax: idle.max ?? Number.NaN,
      typingP50: fast.p50 ?? Number.NaN,
      typingP90: fast.p90 ?? Number.NaN,
      typingP99: fast.p99 ?? Number.NaN,
      typingMax: fast.max ?? Number.NaN,
      floodP50: flood.p50 ?? Number.NaN,
      floodP90: flood.p90 ?? Number.NaN,
      floodP99: flood.p99 ?? Number.NaN,
      floodMax: flood.max ?? Number.NaN,
    };
  },
};

/**
 * Types `count` keys into the focused pane, one at a time, and measures how long each takes to
 * come back in the outer terminal's byte stream; `gapMs` passes between an echo and the next key.
 * @param {import('../lib/outer-terminal.js').OuterTerminal} outer
 * @param {number} count
 * @param {number} gapMs
 * @param {number} [timeoutMs]  how long one echo may take before the run fails
 * @returns {Promise<number[]>} milliseconds per key
 */
export async function typeKeys(outer, count, gapMs, timeoutMs = KEY_ECHO_TIMEOUT_MS) {
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
      if (index > 0 && index % KEYS_PER_LINE === 0) await clearTypedLine(outer, KEYS_PER_LINE, timeoutMs);
      const key = KEYS[index % KEYS.length];
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const echoed = new Promise((resolve, reject) => {
        waiting = { key, resolve };
        timer = setTimeout(() => reject(new TimeoutError(`the echo of key ${index + 1} ("${key}") did not come within ${timeoutMs} ms`)), timeoutMs);
      });
      const typedAt = performance.now();
      outer.write(key);
      try {
        latencies.push(/** @type {number} */ (await echoed) - typedAt);
      } finally {
        clearTimeout(timer);
      }
      await sleep(gapMs);
    }
  } finally {
    stop();
  }
  await clearTypedLine(outer, latencies.length % KEYS_PER_LINE || Math.min(latencies.length, KEYS_PER_LINE), timeoutMs);
  return latencies;
}

/**
 * Clears the line of `typed` keys and waits until the screen shows it cleared: a key typed before
 * that could land on a cell that already shows it (a frame that skipped the cleared line draws no
 * new character there), and its echo would never be seen.
 * @param {import('../lib/outer-terminal.js').OuterTerminal} outer
 * @param {number} typed
 * @param {number} timeoutMs
 */
async function clearTypedLine(outer, typed, timeoutMs) {
  outer.write(CLEAR_LINE);
  if (typed === 0) return;
  const line = KEYS.slice(0, typed);
  await outer.waitForScreen((lines) => !lines.some((text) => text.includes(line)), { timeoutMs, what: 'the typed keys cleared from the line' });
}

/**
 * Types `count` keys into the focused pane at a steady TYPING_KEY_INTERVAL_MS, whether or not the
 * last one has come back (as key repeat or a fast typist does), a line of KEYS at a time.
 * @param {import('../lib/outer-terminal.js').OuterTerminal} outer
 * @param {number} count
 * @returns {Promise<number[]>} milliseconds per key
 */
async function typeAtCadence(outer, count) {
  const plainText = createPlainTextFilter();
  /** @type {{ key: string, typedAt: number, resolve: (latency: number) => void }[]} */
  const waiting = [];
  const stop = outer.onRaw((chunk, at) => {
    const text = plainText(chunk);
    while (waiting.length > 0 && text.includes(waiting[0].key)) {
      const first = /** @type {{ key: string, typedAt: number, resolve: (latency: number) => void }} */ (waiting.shift());
      first.resolve(at - first.typedAt);
    }
  });
  /** @type {number[]} */
  const latencies = [];
  try {
    for (let start = 0; start < count; start += KEYS_PER_LINE) {
      /** @type {Promise<number>[]} */
      const echoes = [];
      for (let index = start; index < Math.min(count, start + KEYS_PER_LINE); index += 1) {
        const key = KEYS[index % KEYS.length];
        echoes.push(new Promise((resolve) => waiting.push({ key, typedAt: performance.now(), resolve })));
        outer.write(key);
        await sleep(TYPING_KEY_INTERVAL_MS);
      }
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const timeout = new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(`the echoes of fast typing did not come within ${KEY_ECHO_TIMEOUT_MS} ms`)), KEY_ECHO_TIMEOUT_MS);
      });
      try {
        latencies.push(...(await Promise.race([Promise.all(echoes), timeout])));
      } finally {
        clearTimeout(timer);
      }
      await clearTypedLine(outer, echoes.length, KEY_ECHO_TIMEOUT_MS);
    }
  } finally {
    stop();
  }
  return latencies;
}
