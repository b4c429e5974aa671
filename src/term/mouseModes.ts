// The outer terminal's mouse modes tessera uses: button presses, releases and drags (1002), reported
// in SGR form (1006), which has no coordinate limit and says which button was released.

export const MOUSE_ON = '\x1b[?1002h\x1b[?1006h';
/** Turns off every mouse mode a terminal may have on (tessera's or one a pane once asked for). */
export const MOUSE_OFF = '\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l';
