// Waiting for a program to finish drawing: its "ready" pattern is on screen and nothing compared
// (cells, cursor) has changed for a quiet period. Deadline polling, never fixed sleeps.

import type { OuterTerminal } from '../helpers/outerTerminal.js';
import { readScreen, screenFingerprint, screenText, type Rect, type ScreenRecord } from './cellCompare.js';

/** How long a screen must stay unchanged to count as drawn: far above tessera's ~16 ms frame pacing. */
export const QUIET_MS = 300;
/** Deadline for a case to draw: generous, since `npm test` runs other suites on the same 2 cores. */
export const DRAW_TIMEOUT_MS = 25_000;
const POLL_MS = 25;

export interface SettleOptions {
  /** The part of the terminal to read (a multiplexer's pane rectangle); default the whole screen. */
  rect?: Rect;
  ready: RegExp;
  quietMs?: number;
  timeoutMs?: number;
  /** Named in the timeout message, e.g. "direct" or "tessera". */
  label: string;
}

/** Resolves with the settled screen, or fails with what the screen showed at the deadline. */
export async function settledScreen(terminal: OuterTerminal, options: SettleOptions): Promise<ScreenRecord> {
  const quietMs = options.quietMs ?? QUIET_MS;
  const deadline = Date.now() + (options.timeoutMs ?? DRAW_TIMEOUT_MS);
  let last = '';
  let changedAt = Date.now();
  let screen = readScreen(terminal.term, options.rect);
  while (Date.now() < deadline) {
    await terminal.settle();
    screen = readScreen(terminal.term, options.rect);
    const fingerprint = screenFingerprint(screen);
    if (fingerprint !== last) {
      last = fingerprint;
      changedAt = Date.now();
    } else if (Date.now() - changedAt >= quietMs && options.ready.test(screenText(screen))) {
      return screen;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const why = options.ready.test(screenText(screen)) ? 'the screen kept changing' : `the screen never matched ${String(options.ready)}`;
  throw new Error(`${options.label}: ${why} within the deadline; it shows:\n${screenText(screen)}`);
}
