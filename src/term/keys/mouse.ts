// Mouse reports from the outer terminal, decoded: SGR (`ESC [ < b ; x ; y M/m`, what tessera asks
// for), and the older X10 (`ESC [ M` + three characters) and urxvt (`ESC [ b ; x ; y M`) forms that
// some terminals send anyway.

export type MouseButton = 'left' | 'middle' | 'right' | 'none' | 'wheel-up' | 'wheel-down' | 'wheel-left' | 'wheel-right' | 'other';

export interface MouseEvent {
  button: MouseButton;
  /** 'move' is motion (with a button held while dragging). */
  action: 'press' | 'release' | 'move';
  /** 0-based cell on the outer terminal's screen. */
  x: number;
  y: number;
  shift: boolean;
  alt: boolean;
  ctrl: boolean;
  encoding: 'sgr' | 'x10' | 'urxvt';
}

const MOTION = 32;
const WHEEL = 64;
const EXTRA = 128;
const WHEELS: MouseButton[] = ['wheel-up', 'wheel-down', 'wheel-left', 'wheel-right'];
const BUTTONS: MouseButton[] = ['left', 'middle', 'right', 'none'];
/** X10 coordinates are one character each: 32 + the 1-based position, so they end at 223. */
const X10_OFFSET = 32;

/** Decodes a mouse report's raw bytes; undefined when they are not a well-formed one. */
export function parseMouse(raw: string): MouseEvent | undefined {
  let match = /^\x1b\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/.exec(raw);
  if (match) return fromCode(Number(match[1]), Number(match[2]) - 1, Number(match[3]) - 1, match[4] === 'm', 'sgr');
  match = /^\x1b\[(\d{1,4});(\d{1,5});(\d{1,5})M$/.exec(raw);
  if (match) return fromCode(Number(match[1]) - X10_OFFSET, Number(match[2]) - 1, Number(match[3]) - 1, false, 'urxvt');
  if (raw.length === 6 && raw.startsWith('\x1b[M')) {
    const [b, x, y] = [raw.charCodeAt(3), raw.charCodeAt(4), raw.charCodeAt(5)].map((c) => c - X10_OFFSET);
    // Positions past 223 arrive as bytes that are not valid text: nothing can be said about them.
    if (x < 1 || y < 1 || x > 223 || y > 223) return undefined;
    return fromCode(b, x - 1, y - 1, false, 'x10');
  }
  return undefined;
}

function fromCode(code: number, x: number, y: number, released: boolean, encoding: MouseEvent['encoding']): MouseEvent | undefined {
  if (code < 0 || x < 0 || y < 0) return undefined;
  const low = code & 3;
  let button: MouseButton;
  if (code & EXTRA) button = 'other';
  else if (code & WHEEL) button = WHEELS[low];
  else button = BUTTONS[low];
  let action: MouseEvent['action'] = released ? 'release' : code & MOTION ? 'move' : 'press';
  // X10 and urxvt say "a button was released" with button 3 and do not say which.
  if (encoding !== 'sgr' && button === 'none' && action === 'press') action = 'release';
  return { button, action, x, y, shift: (code & 4) !== 0, alt: (code & 8) !== 0, ctrl: (code & 16) !== 0, encoding };
}
