// Focus in/out events (`ESC [ I` / `ESC [ O`) for the programs that asked for them (DECSET 1004):
// when the user's terminal gains or loses focus, and when tessera's focus moves between panes.

import type { Pane } from './pane.js';

export const FOCUS_IN = '\x1b[I';
export const FOCUS_OUT = '\x1b[O';

export function sendFocusEvent(pane: Pane | undefined, focused: boolean): void {
  if (!pane?.isLive || !pane.emulator.terminal.modes.sendFocusMode) return;
  pane.write(focused ? FOCUS_IN : FOCUS_OUT);
}
