// The paste progress label: shown at once when a large paste starts and when it ends, its figure
// redrawn at most every PASTE_PROGRESS_INTERVAL_MS (each redraw renders the chrome).

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASTE_PROGRESS_INTERVAL_MS, PASTE_PROGRESS_MIN_BYTES } from '../../../src/limits.js';
import type { PtyProcess } from '../../../src/pty/ptyProcess.js';
import { PaneInput } from '../../../src/server/panes/paneInput.js';

const TOTAL = PASTE_PROGRESS_MIN_BYTES * 4;

function fakePty(total = TOTAL) {
  let progress: { written: number; total: number } | undefined;
  const listeners = new Set<() => void>();
  const pty = {
    get inputProgress() {
      return progress;
    },
    onInputProgress(listener: () => void) {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    write: () => true,
  } as unknown as PtyProcess;
  const move = (written: number | undefined) => {
    progress = written === undefined ? undefined : { written, total };
    for (const listener of listeners) listener();
  };
  return { pty, move };
}

describe('the paste progress label', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears at once, then shows the newest figure at most once per interval, and goes at once', () => {
    const { pty, move } = fakePty();
    let now = 0;
    const shown: (string | undefined)[] = [];
    const input = new PaneInput(pty, () => shown.push(input.progressLabel), () => now);
    move(0);
    expect(shown).toEqual(['pasting 0%']);
    for (let percent = 1; percent <= 50; percent++) move((TOTAL * percent) / 100); // a burst within one interval
    expect(shown).toEqual(['pasting 0%']);
    now += PASTE_PROGRESS_INTERVAL_MS;
    vi.advanceTimersByTime(PASTE_PROGRESS_INTERVAL_MS);
    expect(shown).toEqual(['pasting 0%', 'pasting 50%']);
    move((TOTAL * 60) / 100);
    move(undefined); // done: the label goes without waiting
    expect(shown).toEqual(['pasting 0%', 'pasting 50%', undefined]);
    vi.advanceTimersByTime(PASTE_PROGRESS_INTERVAL_MS);
    expect(shown).toEqual(['pasting 0%', 'pasting 50%', undefined]);
    input.dispose();
  });

  it('shows nothing for a small input', () => {
    const { pty, move } = fakePty(PASTE_PROGRESS_MIN_BYTES - 1);
    const changed = vi.fn();
    const input = new PaneInput(pty, changed, () => 0);
    move(0);
    move(100);
    expect(input.progressLabel).toBeUndefined();
    expect(changed).not.toHaveBeenCalled();
  });
});
