// The strip's diff summaries: asked of git in the background, a moment after the frame that asked,
// never twice at once, and redrawn only when the counts change.

import { describe, expect, it } from 'vitest';
import { DiffSummaries, type DiffCounts, type Later } from '../../../src/server/workspaces/diffSummaries.js';

/** A `later` that holds each start until the test runs it. */
function heldStarts(): { later: Later; runAll(): void; waiting(): number } {
  const starts = new Set<() => void>();
  return {
    later: (start) => {
      starts.add(start);
      return () => starts.delete(start);
    },
    runAll: () => {
      const now = [...starts];
      starts.clear();
      for (const start of now) start();
    },
    waiting: () => starts.size,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('DiffSummaries', () => {
  it('starts git only after the frame that asked, then shows the answer', async () => {
    const asked: string[] = [];
    let redraws = 0;
    const starts = heldStarts();
    const summaries = new DiffSummaries(
      async (dir) => {
        asked.push(dir);
        return { added: 3, removed: 1 } satisfies DiffCounts;
      },
      () => redraws++,
      () => 0,
      starts.later,
    );
    expect(summaries.get('w', '/repo')).toBeUndefined();
    // Asked for, but nothing has started yet: the frame that asked goes out first.
    expect(asked).toEqual([]);
    expect(summaries.get('w', '/repo')).toBeUndefined();
    expect(starts.waiting()).toBe(1);
    starts.runAll();
    await settle();
    expect(asked).toEqual(['/repo']);
    expect(redraws).toBe(1);
    expect(summaries.get('w', '/repo')).toEqual({ added: 3, removed: 1 });
  });

  it('drops a start that has not run when the workspace is forgotten or moves', async () => {
    const asked: string[] = [];
    const starts = heldStarts();
    const summaries = new DiffSummaries(
      async (dir) => {
        asked.push(dir);
        return undefined;
      },
      () => {},
      () => 0,
      starts.later,
    );
    summaries.get('gone', '/a');
    summaries.forget('gone');
    summaries.get('moved', '/b');
    summaries.get('moved', '/c');
    starts.runAll();
    await settle();
    expect(asked).toEqual(['/c']);
  });
});
