// Control sequences with huge counts, for the hostile-output tests and the bench that times them.

/** Sequences that each froze the server for seconds to minutes before their counts were clamped. */
export const HOSTILE_SEQUENCES = [
  '\x1b[10000000L',
  '\x1b[10000000M',
  '\x1b[10000000S',
  '\x1b[10000000T',
  '\x1b[99999999L\x1b[99999999M',
  'x\x1b[99999999b',
  '\x1b[2147483647I',
  '\x1b[2147483647Z',
  '\x1b[99999999@\x1b[99999999P\x1b[99999999X',
  "\x1b[99999999'}\x1b[99999999'~\x1b[99999999 @\x1b[99999999 A",
  '\x1b[1;99999999r\x1b[99999999S',
  '\x9b99999999L',
];
