// Mouse reports for a program that asked for them (DECSET 9 / 1000 / 1002 / 1003), encoded the way it
// asked (default, UTF-8 1005, SGR 1006 or urxvt 1015), in the pane's own coordinates.

import type { IDisposable, Terminal } from '@xterm/headless';
import type { MouseEvent } from './keys/mouse.js';

export type MouseTracking = 'none' | 'x10' | 'vt200' | 'drag' | 'any';
export type MouseEncoding = 'default' | 'utf8' | 'sgr' | 'urxvt';

const ENCODING_MODES: Record<number, MouseEncoding> = { 1005: 'utf8', 1006: 'sgr', 1015: 'urxvt' };
/** The classic encoding puts each coordinate in one byte: 32 + position, at most 255. */
const DEFAULT_MAX_POSITION = 223;
const UTF8_MAX_POSITION = 2015;

/** Follows which encoding a program asked for (xterm tracks it too, but does not expose it). */
export function trackMouseEncoding(terminal: Terminal): { readonly encoding: MouseEncoding } & IDisposable {
  let encoding: MouseEncoding = 'default';
  const set = (on: boolean) => (params: (number | number[])[]) => {
    for (const param of params) {
      const mode = typeof param === 'number' ? ENCODING_MODES[param] : undefined;
      if (mode === undefined) continue;
      if (on) encoding = mode;
      else if (encoding === mode) encoding = 'default';
    }
    return false;
  };
  const hooks = [
    terminal.parser.registerCsiHandler({ prefix: '?', final: 'h' }, set(true)),
    terminal.parser.registerCsiHandler({ prefix: '?', final: 'l' }, set(false)),
    terminal.parser.registerEscHandler({ final: 'c' }, () => {
      encoding = 'default';
      return false;
    }),
  ];
  return {
    get encoding() {
      return encoding;
    },
    dispose: () => hooks.forEach((h) => h.dispose()),
  };
}

/** Whether a program in this tracking mode wants this kind of event at all. */
export function wantsEvent(tracking: MouseTracking, event: MouseEvent, buttonHeld: boolean): boolean {
  switch (tracking) {
    case 'none':
      return false;
    case 'x10':
      return event.action === 'press' && !event.button.startsWith('wheel');
    case 'vt200':
      return event.action !== 'move';
    case 'drag':
      return event.action !== 'move' || buttonHeld;
    case 'any':
      return true;
  }
}

const BUTTON_CODES: Record<MouseEvent['button'], number> = {
  left: 0,
  middle: 1,
  right: 2,
  none: 3,
  other: 3,
  'wheel-up': 64,
  'wheel-down': 65,
  'wheel-left': 66,
  'wheel-right': 67,
};

/** The bytes of one report at pane cell (x, y), 0-based; undefined when the encoding cannot say that position. */
export function encodeMouse(event: MouseEvent, x: number, y: number, tracking: MouseTracking, encoding: MouseEncoding): string | undefined {
  const sgr = encoding === 'sgr';
  let code = BUTTON_CODES[event.button];
  // Only SGR says which button was released; the others report "some button" (3).
  if (event.action === 'release' && !sgr) code = 3;
  if (event.action === 'move') code += 32;
  // X10 compatibility mode (DECSET 9) reports no modifiers.
  if (tracking !== 'x10') code += (event.shift ? 4 : 0) + (event.alt ? 8 : 0) + (event.ctrl ? 16 : 0);
  const col = x + 1;
  const row = y + 1;
  if (sgr) return `\x1b[<${code};${col};${row}${event.action === 'release' ? 'm' : 'M'}`;
  if (encoding === 'urxvt') return `\x1b[${code + 32};${col};${row}M`;
  const max = encoding === 'utf8' ? UTF8_MAX_POSITION : DEFAULT_MAX_POSITION;
  if (col > max || row > max) return undefined;
  return `\x1b[M${String.fromCharCode(code + 32)}${String.fromCharCode(col + 32)}${String.fromCharCode(row + 32)}`;
}
