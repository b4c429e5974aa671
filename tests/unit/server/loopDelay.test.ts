import { afterEach, describe, expect, it } from 'vitest';
import { LoopDelayWindow } from '../../../src/server/process/loopDelay.js';

const windows: LoopDelayWindow[] = [];
afterEach(() => {
  for (const w of windows.splice(0)) w.dispose();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('LoopDelayWindow', () => {
  it('starts on the first call and reports the delay since then on the next, a blocked loop included', async () => {
    const window = new LoopDelayWindow();
    windows.push(window);
    expect(window.takeAndRestart()).toBeNull();
    await wait(50);
    const blockedFor = 80;
    const start = performance.now();
    while (performance.now() - start < blockedFor) {
      // the event loop is stuck here, as it would be in a long synchronous piece of work
    }
    await wait(50);
    const figures = window.takeAndRestart();
    expect(figures).not.toBeNull();
    expect(figures!.samples).toBeGreaterThan(0);
    expect(figures!.maxMs).toBeGreaterThanOrEqual(blockedFor - 20);
    expect(figures!.p50Ms).toBeLessThanOrEqual(figures!.p99Ms);
    expect(figures!.p99Ms).toBeLessThanOrEqual(figures!.maxMs);
    expect(figures!.windowMs).toBeGreaterThanOrEqual(blockedFor + 90);
    // The next window starts afresh.
    await wait(30);
    expect(window.takeAndRestart()!.windowMs).toBeLessThan(figures!.windowMs);
  });
});
