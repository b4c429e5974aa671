// The outer terminal's mouse modes tessera uses: button presses, releases and drags (1002), reported
// in SGR form (1006), which has no coordinate limit and says which button was released. Every motion
// (1003) only while a pane on screen asks for it, so an idle mouse costs nothing otherwise.

export const MOUSE_ON = '\x1b[?1002h\x1b[?1006h';
/** Every motion, button held or not (a terminal keeps one tracking mode: this replaces 1002). */
export const MOUSE_ANY_MOTION_ON = '\x1b[?1003h\x1b[?1006h';
/** Turns off every mouse mode a terminal may have on (tessera's or one a pane once asked for). */
export const MOUSE_OFF = '\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l';
