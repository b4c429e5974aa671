// Runs the drawing path once while nobody waits, so the first client to attach does not pay for
// JIT compilation and Ink's first render (tens of milliseconds on a cold process).

import { OffscreenChrome } from '../app/offscreenChrome.js';
import type { ChromeModel } from '../app/chromeModel.js';
import { ansiToCells } from '../term/ansiToCells.js';
import { CellGrid } from '../term/cellGrid.js';
import { frameBytes } from '../term/frame.js';

/** Enough rounds for V8 to optimize the hot functions of the chrome and differ. */
const WARM_UP_ROUNDS = 30;

export function warmUpDrawing(): void {
  const model = (n: number): ChromeModel => ({
    cols: 120,
    rows: 40,
    headers: [{ id: 1, rect: { x: 0, y: 0, width: 120, height: 1 }, title: `warm-up ${n}`, status: 'idle', focused: true, zoomed: false, attention: false }],
    dividers: [],
    status: { workspace: 'warm-up', paneCount: 1, prefixPending: false, prefixLabel: '', hintKeys: {}, needYou: 0 },
    overlay: { kind: 'none' },
  });
  const chrome = new OffscreenChrome(model(0));
  let previous: CellGrid | null = null;
  for (let n = 1; n <= WARM_UP_ROUNDS; n++) {
    const { text } = chrome.update(model(n));
    const grid = ansiToCells(text, 120, 40);
    frameBytes(previous ? { grid: previous, cursor: { x: 0, y: 0, visible: true, shape: 0 } } : null, { grid, cursor: { x: 0, y: 1, visible: true, shape: 0 } }, { trueColor: true });
    previous = grid;
  }
  chrome.dispose();
}
