// The names of keys that type no text (arrows, Home, F1…) and the numbers and letters terminals send for them.

/** CSI sequences ending in a letter: `ESC [ A` or, with modifiers, `ESC [ 1 ; m A`. 'Z' is Shift+Tab. */
export const CSI_LETTER_KEYS: Readonly<Record<string, string>> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  E: 'begin',
  F: 'end',
  H: 'home',
  P: 'f1',
  Q: 'f2',
  R: 'f3',
  S: 'f4',
  Z: 'tab',
};

/** SS3 sequences (`ESC O x`): cursor keys in application mode, F1–F4, and the keypad in application mode. */
export const SS3_KEYS: Readonly<Record<string, string>> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  E: 'begin',
  F: 'end',
  H: 'home',
  P: 'f1',
  Q: 'f2',
  R: 'f3',
  S: 'f4',
  M: 'enter',
  X: '=',
  j: '*',
  k: '+',
  l: ',',
  m: '-',
  n: '.',
  o: '/',
  p: '0',
  q: '1',
  r: '2',
  s: '3',
  t: '4',
  u: '5',
  v: '6',
  w: '7',
  x: '8',
  y: '9',
};

/** `ESC [ n ~` keys (VT220 style; 7 and 8 are rxvt's Home and End). */
export const TILDE_KEYS: ReadonlyMap<number, string> = new Map([
  [1, 'home'],
  [2, 'insert'],
  [3, 'delete'],
  [4, 'end'],
  [5, 'pageup'],
  [6, 'pagedown'],
  [7, 'home'],
  [8, 'end'],
  [11, 'f1'],
  [12, 'f2'],
  [13, 'f3'],
  [14, 'f4'],
  [15, 'f5'],
  [17, 'f6'],
  [18, 'f7'],
  [19, 'f8'],
  [20, 'f9'],
  [21, 'f10'],
  [23, 'f11'],
  [24, 'f12'],
  [25, 'f13'],
  [26, 'f14'],
  [28, 'f15'],
  [29, 'f16'],
  [31, 'f17'],
  [32, 'f18'],
  [33, 'f19'],
  [34, 'f20'],
]);

/** The number each `~` key is sent with (the first listed wins, so Home and End use 1 and 4). */
export const TILDE_NUMBERS: ReadonlyMap<string, number> = new Map(
  [...TILDE_KEYS].reverse().map(([number, name]) => [name, number] as const),
);

/** Keys the legacy encoding sends as a CSI letter (SS3 when unmodified in application cursor mode). */
export const CURSOR_LETTERS: ReadonlyMap<string, string> = new Map([
  ['up', 'A'],
  ['down', 'B'],
  ['right', 'C'],
  ['left', 'D'],
  ['begin', 'E'],
  ['end', 'F'],
  ['home', 'H'],
]);

/** F1–F4: SS3 P–S unmodified, `ESC [ 1 ; m P` with modifiers. */
export const PF_LETTERS: ReadonlyMap<string, string> = new Map([
  ['f1', 'P'],
  ['f2', 'Q'],
  ['f3', 'R'],
  ['f4', 'S'],
]);

const KITTY_KEYPAD = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', '/', '*', '-', '+', 'enter', '=', ','];
const KITTY_KEYPAD_MOVES = ['left', 'right', 'up', 'down', 'pageup', 'pagedown', 'home', 'end', 'insert', 'delete', 'begin'];
const KITTY_F13 = 57376;
const KITTY_KP_0 = 57399;
const KITTY_KP_LEFT = 57417;

/**
 * Key codes of the kitty keyboard protocol that are not characters: the ones a legacy terminal could
 * also send (F13–F35, the keypad) get that key's name; the rest (media keys, lone modifiers) are unnamed.
 */
export function kittyFunctionalName(code: number): string | undefined {
  if (code >= KITTY_F13 && code < KITTY_KP_0) return `f${13 + code - KITTY_F13}`;
  if (code >= KITTY_KP_0 && code < KITTY_KP_LEFT) return KITTY_KEYPAD[code - KITTY_KP_0];
  if (code >= KITTY_KP_LEFT && code < KITTY_KP_LEFT + KITTY_KEYPAD_MOVES.length) {
    return KITTY_KEYPAD_MOVES[code - KITTY_KP_LEFT];
  }
  return undefined;
}
