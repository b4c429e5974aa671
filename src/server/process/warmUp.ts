// Runs the drawing path a few times while nobody waits, so a client that attaches later does not
// pay for JIT compilation and Ink's first render, and leaves the chrome it drew as the spare that
// the first client takes (client/spareChrome.ts). Never before the first client: a cold start
// attaches at once, and warming up first would only delay it. It runs in small steps, only while
// no connection has come for a while, and stops as soon as a client attaches (that client's own
// frames warm the code up). The first rounds, which run Ink's code and a pane's frame for the
// first time and cost the most, need only a short quiet moment each, so that a client attaching
// right after a script (which keeps connecting, and so keeps the later rounds waiting) finds them done.

import { OffscreenChrome } from '../../app/offscreenChrome.js';
import type { ChromeModel } from '../../app/chromeModel.js';
import { WARM_UP_DELAY_MS, WARM_UP_FIRST_ROUNDS, WARM_UP_FIRST_ROUNDS_DELAY_MS } from '../../limits.js';
import { ansiToCells } from '../../term/ansiToCells.js';
import { Compositor } from '../../term/compositor.js';
import { Emulator } from '../../term/emulator.js';
import { memoryRelease } from './memoryRelease.js';
import { isSpareChrome, offerSpareChrome } from '../session/spareChrome.js';

/**
 * Whether this server warms up: not when its environment has TESSERA_WARM_UP=0. The warm-up costs a
 * few tenths of a second of CPU once per server, nothing for a person's server; a test suite that
 * starts hundreds of short-lived servers on two cores spent ~10 % of its CPU on it (tests/helpers/
 * outerTerminal.ts turns it off; attach.test.ts keeps it, so the real drawing rounds still run).
 */
export function warmUpWanted(env: NodeJS.ProcessEnv): boolean {
  return env.TESSERA_WARM_UP !== '0';
}

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
  /** A pane's screen and a client's compositor (from the second round), so that reading panes and composing frames run too. */
  screen?: { pane: Emulator; compositor: Compositor };
}

const COLS = 120;
const ROWS = 40;
/**
 * Another size the chrome is drawn at once, in the second round: an attach draws the spare chrome
 * again at its terminal's size, and running that code once beforehand makes the bench's attach
 * (200×50, to a server that had just started) ~3 ms quicker: 76.4 against 79.5 ms, the means of five
 * paired runs of 8 (2026-12-03; four of the five pairs favoured it).
 */
const OTHER_COLS = 160;
const OTHER_ROWS = 45;
/** What the warm-up pane shows: a prompt, colors and a wide character, as a shell's screen has them. */
const PANE_TEXT = '\x1b[1;32muser@host\x1b[0m:\x1b[34m~/project\x1b[0m$ ls\r\nREADME.md  \x1b[34msrc\x1b[0m  テスト\r\n$ ';

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
    const needed = n <= WARM_UP_FIRST_ROUNDS ? WARM_UP_FIRST_ROUNDS_DELAY_MS : WARM_UP_DELAY_MS;
    if (quietFor < needed) return later(warming, n, needed - quietFor);
    const current = round.run(warming, n);
    setImmediate(() => step(current, n + 1)).unref();
  };
  later(undefined, 1, WARM_UP_FIRST_ROUNDS_DELAY_MS);
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

/**
 * Draws the chrome and composes a frame with a pane in it, as an attached client's frames do
 * (every other round a full repaint, as an attach's first frame is); the chrome waits as the spare
 * meanwhile.
 */
const drawRound: Round<Warming> = {
  run(warming, n) {
    // A client that took the spare owns it now: warm up no further (the client's frames do).
    if (warming && !isSpareChrome(warming.chrome)) return warming;
    memoryRelease.noteActivity(); // the rounds' garbage is collected once they are over
    // The first round makes the chrome alone: each round stays short.
    if (!warming) {
      const chrome = new OffscreenChrome(model(0));
      offerSpareChrome(chrome);
      return { chrome };
    }
    if (n === 2) {
      const { text: other } = warming.chrome.update(model(n, OTHER_COLS, OTHER_ROWS));
      ansiToCells(other, OTHER_COLS, OTHER_ROWS);
    }
    const { text } = warming.chrome.update(model(n));
    const { pane, compositor } = (warming.screen ??= {
      pane: new Emulator({ cols: COLS, rows: ROWS - 2, scrollback: 100, name: 'warm-up' }),
      compositor: new Compositor(COLS, ROWS),
    });
    // A new chrome layer repaints everything (even rounds); odd rounds redraw the pane alone.
    if (n % 2 === 0) compositor.setChrome(ansiToCells(text, COLS, ROWS));
    // Parsed in a later turn: the next rounds read it.
    pane.write(PANE_TEXT);
    compositor.markDirty(pane);
    const content = { x: 0, y: 1, width: COLS, height: ROWS - 2 };
    compositor.render([{ emulator: pane, content }], { x: 2, y: 1, visible: true, shape: 0 }, { trueColor: true, cursorPane: pane });
    return warming;
  },
  // The chrome stays as the spare (or with the client that took it); the pane is the warm-up's own.
  done: (warming) => warming.screen?.pane.dispose(),
};

function model(n: number, cols = COLS, rows = ROWS): ChromeModel {
  return {
    cols,
    rows,
    headers: [{ id: 1, rect: { x: 0, y: 0, width: cols, height: 1 }, title: `warm-up ${n}`, status: 'idle', focused: true, zoomed: false, attention: false }],
    dividers: [],
    // The strip and the status bar's hints as a client's chrome has them, so their code runs too.
    strip: [{ name: 'warm-up', digit: 1, state: 'idle', current: true, diff: { added: n, removed: 0 } }],
    status: { workspace: 'warm-up', paneCount: 1, prefixPending: false, prefixLabel: 'C-\\', hintKeys: { help: '?', detach: 'd' }, needYou: 0 },
    overlay: { kind: 'none' },
  };
}
