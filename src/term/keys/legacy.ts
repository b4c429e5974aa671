// The classic bytes a key sends (what every program understands without asking for more).

import { isTextName } from './chars.js';
import { CURSOR_LETTERS, PF_LETTERS, TILDE_NUMBERS } from './functional.js';
import { modifierParam, type Key } from './token.js';

/** What a pane asked of its terminal that changes how keys are sent to it. */
export interface KeyModes {
  applicationCursorKeys: boolean;
}

const ESC = '\x1b';

/**
 * The legacy encoding of a key (xterm's defaults): control characters for Ctrl combinations, an ESC in
 * front for Alt, `ESC [ 1 ; m X` for modified cursor keys. Modifiers that have no legacy form are dropped
 * (Ctrl+Enter is Enter); undefined when the key itself has none (media keys, lone modifiers).
 */
export function legacyBytes(key: Key, modes: KeyModes): string | undefined {
  const cursor = CURSOR_LETTERS.get(key.name);
  if (cursor !== undefined) {
    if (hasModifiers(key)) return `${ESC}[1;${modifierParam(key)}${cursor}`;
    return (modes.applicationCursorKeys ? `${ESC}O` : `${ESC}[`) + cursor;
  }
  const pf = PF_LETTERS.get(key.name);
  if (pf !== undefined) return hasModifiers(key) ? `${ESC}[1;${modifierParam(key)}${pf}` : `${ESC}O${pf}`;
  const tilde = TILDE_NUMBERS.get(key.name);
  if (tilde !== undefined) return hasModifiers(key) ? `${ESC}[${tilde};${modifierParam(key)}~` : `${ESC}[${tilde}~`;

  const alt = key.alt ? ESC : '';
  switch (key.name) {
    case 'enter':
      return `${alt}\r`;
    case 'tab':
      return key.shift ? `${ESC}[Z` : `${alt}\t`;
    case 'backspace':
      return alt + (key.ctrl ? '\x08' : '\x7f');
    case 'escape':
      return `${alt}${ESC}`;
    case 'space':
      return alt + (key.ctrl ? '\x00' : ' ');
  }
  if (!isTextName(key.name)) return undefined;
  if (key.ctrl) return alt + (controlChar(key.name) ?? key.name);
  if (key.char !== undefined && !key.alt) return key.char;
  return alt + (key.shift ? key.name.toUpperCase() : key.name);
}

function hasModifiers(key: Key): boolean {
  return key.ctrl || key.alt || key.shift;
}

/**
 * The control character Ctrl+`name` sends on a US layout, as xterm does: letters and @[\]^_ map onto
 * C0, and the digit row and a few punctuation keys stand in for the ones that need Shift.
 */
export function controlChar(name: string): string | undefined {
  if (/^[a-z]$/i.test(name)) return String.fromCharCode(name.toLowerCase().charCodeAt(0) - 0x60);
  const code = CONTROL_STAND_INS[name];
  return code === undefined ? undefined : String.fromCharCode(code);
}

const CONTROL_STAND_INS: Readonly<Record<string, number>> = {
  '@': 0x00,
  '2': 0x00,
  '`': 0x00,
  '[': 0x1b,
  '3': 0x1b,
  '\\': 0x1c,
  '4': 0x1c,
  ']': 0x1d,
  '5': 0x1d,
  '^': 0x1e,
  '6': 0x1e,
  '~': 0x1e,
  '_': 0x1f,
  '/': 0x1f,
  '-': 0x1f,
  '7': 0x1f,
  '?': 0x7f,
  '8': 0x7f,
};
