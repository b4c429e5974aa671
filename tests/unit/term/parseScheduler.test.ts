// The shared parse scheduler: panes take turns slice by slice, and other work runs between turns.

import { describe, expect, it } from 'vitest';
import { cancelParse, requestParse, type ParseTask } from '../../../src/term/parseScheduler.js';

/** A task with `slices` slices of `ms` of busy work each, recording when each ran. */
function busyTask(name: string, slices: number, ms: number, log: string[]): ParseTask & { done: Promise<void> } {
  let left = slices;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    done,
    parseNext() {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // busy, like parsing a slice
      }
      log.push(name);
      left--;
      if (left === 0) finish();
      return left > 0;
    },
  };
}

describe('parse scheduler', () => {
  it('gives waiting panes a slice each in turn', async () => {
    const log: string[] = [];
    const a = busyTask('a', 6, 0.1, log);
    const b = busyTask('b', 3, 0.1, log);
    requestParse(a);
    requestParse(b);
    await Promise.all([a.done, b.done]);
    expect(log.slice(0, 6)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });

  it('lets timers and I/O run between turns of a long parse', async () => {
    const log: string[] = [];
    const slow = busyTask('slow', 40, 2, log); // 80 ms of parsing in all
    requestParse(slow);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The timer ran between two turns: the parse was not finished when it fired.
    const slicesBefore = log.length;
    await slow.done;
    expect(slicesBefore).toBeLessThan(40);
  });

  it('forgets a cancelled task', async () => {
    const log: string[] = [];
    const gone = busyTask('gone', 5, 0, log);
    const kept = busyTask('kept', 2, 0, log);
    requestParse(gone);
    cancelParse(gone);
    requestParse(kept);
    await kept.done;
    expect(log).toEqual(['kept', 'kept']);
  });
});

describe('parse scheduler, urgent output', () => {
  it('parses output asked for first (an echo) ahead of a pane that floods, in the very next turn', async () => {
    const log: string[] = [];
    const flood = busyTask('flood', 40, 1, log);
    requestParse(flood);
    await new Promise((resolve) => setImmediate(resolve)); // the flood is under way
    expect(log.length).toBeGreaterThan(0);
    const mark = log.length;
    const echo = busyTask('echo', 1, 0.1, log);
    requestParse(echo, true);
    await echo.done;
    expect(log[mark]).toBe('echo'); // not after the flood's next slice
    await flood.done;
    expect(log.filter((name) => name === 'flood')).toHaveLength(40);
  });
});
