// The outer terminal's modes tessera turns on while attached, and the sequence that undoes them all.

import { MOUSE_OFF } from './mouseModes.js';

/**
 * Save the window title (tessera sets it to the focused pane's), alternate screen, cleared; bracketed
 * paste so pastes reach panes as one piece; focus events for the programs that ask for them.
 */
export const ENTER_SEQUENCE = '\x1b[22;0t\x1b[?1049h\x1b[H\x1b[2J\x1b[?2004h\x1b[?1004h';

/**
 * Restores everything a pane or tessera may have left on, whether or not it was: end a cut-off
 * synchronized frame, reset colors, show a default cursor, and turn off paste, mouse, focus and
 * keyboard-protocol modes before leaving the alternate screen.
 */
export const RESTORE_SEQUENCE =
  '\x1b[?2026l' + // end a synchronized frame the server may have cut off
  '\x1b[0m' + // default colors and attributes
  '\x1b[?2004l' + // bracketed paste off
  MOUSE_OFF + // mouse reporting off (tessera's own, turned on by the server when the mouse setting is on)
  '\x1b[?1004l' + // focus events off
  '\x1b[<u' + // pop a kitty keyboard mode
  '\x1b[>4;0m' + // modifyOtherKeys off
  '\x1b[0 q' + // default cursor shape
  '\x1b[?25h' + // cursor visible
  '\x1b[?1049l' + // back to the normal screen
  '\x1b[23;0t'; // the window title it had before
