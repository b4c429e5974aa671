// The warm-up runs only while nobody needs the server: its first rounds not before
// WARM_UP_FIRST_ROUNDS_DELAY_MS without connections, the others not before WARM_UP_DELAY_MS, not
// while control commands keep coming, and never once a client is attached. What it drew waits as
// the spare chrome for the first client.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WARM_UP_DELAY_MS, WARM_UP_FIRST_ROUNDS, WARM_UP_FIRST_ROUNDS_DELAY_MS } from '../../../src/limits.js';
import { warmUpWanted, warmUpWhenIdle, type Round } from '../../../src/server/process/warmUp.js';

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

  it('waits while connections keep coming, runs its first rounds in a short pause, the rest once quiet', async () => {
    let lastConnection = performance.now();
    const { round, rounds, finished } = counting();
    warmUpWhenIdle({ hasClients: () => false, lastConnectionAt: () => lastConnection }, () => performance.now(), round);
    const connectEvery = async (ms: number, times: number) => {
      for (let i = 0; i < times; i++) {
        await vi.advanceTimersByTimeAsync(ms);
        lastConnection = performance.now(); // a script's control command
      }
    };
    await connectEvery(WARM_UP_FIRST_ROUNDS_DELAY_MS / 2, 10);
    expect(rounds).toEqual([]);
    // A script's pause between two commands: long enough for the first rounds only.
    await connectEvery(WARM_UP_DELAY_MS / 2, 5);
    expect(rounds).toEqual(Array.from({ length: WARM_UP_FIRST_ROUNDS }, (_, i) => i + 1));
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

  it('is wanted unless the environment says TESSERA_WARM_UP=0', () => {
    expect(warmUpWanted({})).toBe(true);
    expect(warmUpWanted({ TESSERA_WARM_UP: '1' })).toBe(true);
    expect(warmUpWanted({ TESSERA_WARM_UP: '0' })).toBe(false);
  });
});
