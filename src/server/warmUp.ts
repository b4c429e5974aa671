// Runs the drawing path a few times while nobody waits, so a client that attaches later does not
// pay for JIT compilation and Ink's first render, and leaves the chrome it drew as the spare that
// the first client takes (client/spareChrome.ts). Never before the first client: a cold start
// attaches at once, and warming up first would only delay it. It runs in small steps, only while
// no connection has come for a while, and stops as soon as a client attaches (that client's own
// frames warm the code up). The first round, the one that runs Ink's code for the first time and
// costs the most (~20 ms), needs only a short quiet moment, so that a client attaching right after
// a script (which keeps connecting, and so keeps the later rounds waiting) finds the chrome ready.

import { OffscreenChrome } from '../app/offscreenChrome.js';
import type { ChromeModel } from '../app/chromeModel.js';
import { WARM_UP_DELAY_MS, WARM_UP_FIRST_ROUND_DELAY_MS } from '../limits.js';
import { ansiToCells } from '../term/ansiToCells.js';
import type { CellGrid } from '../term/cellGrid.js';
import { frameBytes } from '../term/frame.js';
import { memoryRelease } from './memoryRelease.js';
import { isSpareChrome, offerSpareChrome } from './client/spareChrome.js';

/** Enough rounds for V8 to optimize the hot functions of the chrome and differ. */
const WARM_UP_ROUNDS = 30;

export interface WarmUpWatch {
  /** True while a client is attached: its own frames warm the code up. */
  hasClients(): boolean;
  /** When the last connection (a client or a control command) came, in performance.now() time. */
  lastConnectionAt(): number;
}

interface Warming {
  chrome: OffscreenChrome;
  previous: CellGrid | null;
}

/**
 * Warms up once the server has been without clients and without connections for
 * WARM_UP_DELAY_MS, one round per macrotask; a round waits again while connections keep coming (a
 * script calling control commands), so the warm-up never sits in front of one. Returns a cancel.
 */
export function warmUpWhenIdle<W = Warming>(
  watch: WarmUpWatch,
  now: () => number = () => performance.now(),
  round: Round<W> = drawRound as unknown as Round<W>,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const later = (warming: W | undefined, n: number, ms: number) => {
    timer = setTimeout(() => {
      timer = undefined;
      step(warming, n);
    }, ms);
    timer.unref();
  };
  const step = (warming: W | undefined, n: number): void => {
    if (cancelled || watch.hasClients() || n > WARM_UP_ROUNDS) {
      if (warming !== undefined) round.done(warming);
      return;
    }
    const quietFor = now() - watch.lastConnectionAt();
    const needed = n === 1 ? WARM_UP_FIRST_ROUND_DELAY_MS : WARM_UP_DELAY_MS;
    if (quietFor < needed) return later(warming, n, needed - quietFor);
    const current = round.run(warming, n);
    setImmediate(() => step(current, n + 1)).unref();
  };
  later(undefined, 1, WARM_UP_FIRST_ROUND_DELAY_MS);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** One round of warming up, and what ends it (tests count rounds instead of drawing). */
export interface Round<W> {
  run(warming: W | undefined, n: number): W;
  done(warming: W): void;
}

/** Draws the chrome and diffs a frame, as an attached client's frames do; the chrome waits as the spare meanwhile. */
const drawRound: Round<Warming> = {
  run(warming, n) {
    // A client that took the spare owns it now: warm up no further (the client's frames do).
    if (warming && !isSpareChrome(warming.chrome)) return warming;
    memoryRelease.noteActivity(); // the rounds' garbage is collected once they are over
    const current = warming ?? { chrome: new OffscreenChrome(model(0)), previous: null };
    offerSpareChrome(current.chrome);
    const { text } = current.chrome.update(model(n));
    const grid = ansiToCells(text, 120, 40);
    const prev = current.previous ? { grid: current.previous, cursor: { x: 0, y: 0, visible: true, shape: 0 } } : null;
    frameBytes(prev, { grid, cursor: { x: 0, y: 1, visible: true, shape: 0 } }, { trueColor: true });
    current.previous = grid;
    return current;
  },
  // The chrome stays as the spare (or with the client that took it).
  done: () => undefined,
};

function model(n: number): ChromeModel {
  return {
    cols: 120,
    rows: 40,
    headers: [{ id: 1, rect: { x: 0, y: 0, width: 120, height: 1 }, title: `warm-up ${n}`, status: 'idle', focused: true, zoomed: false, attention: false }],
    dividers: [],
    // The strip and the status bar's hints as a client's chrome has them, so their code runs too.
    strip: [{ name: 'warm-up', digit: 1, state: 'idle', current: true, diff: { added: n, removed: 0 } }],
    status: { workspace: 'warm-up', paneCount: 1, prefixPending: false, prefixLabel: 'C-\\', hintKeys: { help: '?', detach: 'd' }, needYou: 0 },
    overlay: { kind: 'none' },
  };
}
