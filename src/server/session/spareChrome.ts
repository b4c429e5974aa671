// One chrome (an offscreen Ink root) kept for the next client that needs one: the warm-up's, or
// the one a client that left drew. Creating an Ink root and its first render are the largest part
// of an attach's first frame, and a root that has rendered is ready with its code already run.

import { OffscreenChrome } from '../../app/offscreenChrome.js';
import type { ChromeModel } from '../../app/chromeModel.js';

let spare: OffscreenChrome | undefined;

/** Keeps `chrome` for the next client (replacing an older spare, which is disposed). */
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

/** Drops the spare (tests). */
export function disposeSpareChrome(): void {
  spare?.dispose();
  spare = undefined;
}
