// Runs the drawing path a few times while nobody waits, so a client that attaches later does not
// pay for JIT compilation and Ink's first render. Never before the first client: a cold start
// attaches at once, and warming up first would only delay it. It runs in small steps, and stops
// as soon as a client attaches (that client's own frames warm the code up).

import { OffscreenChrome } from '../app/offscreenChrome.js';
import type { ChromeModel } from '../app/chromeModel.js';
import { WARM_UP_DELAY_MS } from '../limits.js';
import { ansiToCells } from '../term/ansiToCells.js';
import type { CellGrid } from '../term/cellGrid.js';
import { frameBytes } from '../term/frame.js';

/** Enough rounds for V8 to optimize the hot functions of the chrome and differ. */
const WARM_UP_ROUNDS = 30;

/** Warms up once the server has been without clients for WARM_UP_DELAY_MS; returns a cancel. */
export function warmUpWhenIdle(hasClients: () => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
    timer = undefined;
    if (!hasClients()) step(hasClients, undefined, 1);
  }, WARM_UP_DELAY_MS);
  timer.unref();
  return () => clearTimeout(timer);
}

interface Warming {
  chrome: OffscreenChrome;
  previous: CellGrid | null;
}

/** One round per macrotask, so a connecting client or a control command is never kept waiting. */
function step(hasClients: () => boolean, warming: Warming | undefined, round: number): void {
  if (hasClients() || round > WARM_UP_ROUNDS) {
    warming?.chrome.dispose();
    return;
  }
  const current = warming ?? { chrome: new OffscreenChrome(model(0)), previous: null };
  const { text } = current.chrome.update(model(round));
  const grid = ansiToCells(text, 120, 40);
  const prev = current.previous ? { grid: current.previous, cursor: { x: 0, y: 0, visible: true, shape: 0 } } : null;
  frameBytes(prev, { grid, cursor: { x: 0, y: 1, visible: true, shape: 0 } }, { trueColor: true });
  current.previous = grid;
  setImmediate(() => step(hasClients, current, round + 1)).unref();
}

function model(n: number): ChromeModel {
  return {
    cols: 120,
    rows: 40,
    headers: [{ id: 1, rect: { x: 0, y: 0, width: 120, height: 1 }, title: `warm-up ${n}`, status: 'idle', focused: true, zoomed: false, attention: false }],
    dividers: [],
    status: { workspace: 'warm-up', paneCount: 1, prefixPending: false, prefixLabel: '', hintKeys: {}, needYou: 0 },
    overlay: { kind: 'none' },
  };
}
