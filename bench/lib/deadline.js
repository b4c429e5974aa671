// Waiting with a deadline: nothing in the benchmark waits forever.

import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

/** A wait that ran past its deadline; a scenario run that throws it is recorded as "timeout". */
export class TimeoutError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/**
 * `promise`, or a TimeoutError saying what did not happen within `timeoutMs`.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} timeoutMs
 * @param {string} what  what was awaited, e.g. "the prompt to show"
 * @returns {Promise<T>}
 */
export function withDeadline(promise, timeoutMs, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const expired = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what}: no result within ${timeoutMs} ms`)), timeoutMs);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, expired])).finally(() => clearTimeout(timer));
}

/**
 * Calls `probe` every `intervalMs` until it returns something other than undefined.
 * @template T
 * @param {() => Promise<T | undefined> | T | undefined} probe
 * @param {{ timeoutMs: number, intervalMs: number, what: string }} options
 * @returns {Promise<T>}
 */
export async function pollUntil(probe, { timeoutMs, intervalMs, what }) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() >= deadline) throw new TimeoutError(`${what}: not within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
