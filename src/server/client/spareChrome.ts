// One chrome (an offscreen Ink root) made ahead of time by the warm-up and handed to the first
// client that needs one: creating an Ink root and its first render are the largest part of an
// attach's first frame, and a root the warm-up has rendered is ready with its code already run.

import { OffscreenChrome } from '../../app/offscreenChrome.js';
import type { ChromeModel } from '../../app/chromeModel.js';

let spare: OffscreenChrome | undefined;

/** Keeps `chrome` for the next client (replacing an older spare). */
export function offerSpareChrome(chrome: OffscreenChrome): void {
  if (spare !== chrome) spare?.dispose();
  spare = chrome;
}

/** True while `chrome` waits as the spare (no client took it yet). */
export function isSpareChrome(chrome: OffscreenChrome): boolean {
  return spare === chrome;
}

/** The spare, drawn with `model`, or a new chrome when there is none. */
export function takeChrome(model: ChromeModel): OffscreenChrome {
  const taken = spare;
  spare = undefined;
  if (!taken) return new OffscreenChrome(model);
  taken.update(model);
  return taken;
}

/** Drops the spare (tests; a server that stops). */
export function disposeSpareChrome(): void {
  spare?.dispose();
  spare = undefined;
}
