// Waiting for a condition nothing notifies us about (a file appearing, a process vanishing), with a deadline.

import { setTimeout as sleep } from 'node:timers/promises';
import { FILE_POLL_MS } from './timings.js';

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(FILE_POLL_MS);
  }
}
