// The warm-up runs only while nobody needs the server: not before WARM_UP_DELAY_MS without
// connections, not while control commands keep coming, and never once a client is attached.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WARM_UP_DELAY_MS } from '../../../src/limits.js';
import { warmUpWhenIdle, type Round } from '../../../src/server/warmUp.js';

function counting() {
  const rounds: number[] = [];
  let finished = 0;
  const round: Round<{ n: number }> = {
    run: (_warming, n) => {
      rounds.push(n);
      return { n };
    },
    done: () => {
      finished += 1;
    },
  };
  return { round, rounds, finished: () => finished };
}

describe('the warm-up', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('waits while connections keep coming, then runs all its rounds', async () => {
    let lastConnection = performance.now();
    const { round, rounds, finished } = counting();
    warmUpWhenIdle({ hasClients: () => false, lastConnectionAt: () => lastConnection }, () => performance.now(), round);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS / 2);
      lastConnection = performance.now(); // a script's control command
    }
    expect(rounds).toEqual([]);
    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS * 2);
    expect(rounds.length).toBeGreaterThan(10);
    expect(rounds[0]).toBe(1);
    expect(finished()).toBe(1);
  });

  it('pauses between rounds when a connection comes, and stops for good once a client attaches', async () => {
    let lastConnection = performance.now();
    let attached = false;
    const { round, rounds, finished } = counting();
    const watch = { hasClients: () => attached, lastConnectionAt: () => lastConnection };
    const wrapped: Round<{ n: number }> = {
      run: (warming, n) => {
        if (n === 3) lastConnection = performance.now(); // a command arrives during round 3
        return round.run(warming, n);
      },
      done: round.done,
    };
    warmUpWhenIdle(watch, () => performance.now(), wrapped);
    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS);
    for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toEqual([1, 2, 3]); // round 4 waits for quiet again
    attached = true;
    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS * 2);
    expect(rounds).toEqual([1, 2, 3]);
    expect(finished()).toBe(1);
  });

  it('does nothing once cancelled', async () => {
    const { round, rounds } = counting();
    const cancel = warmUpWhenIdle({ hasClients: () => false, lastConnectionAt: () => 0 }, () => performance.now(), round);
    cancel();
    await vi.advanceTimersByTimeAsync(WARM_UP_DELAY_MS * 3);
    expect(rounds).toEqual([]);
  });
});
