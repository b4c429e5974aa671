// Re-encoding a decoded token for one pane, according to the input modes that pane asked for.

import { InputDecoder, PASTE_END, PASTE_START } from './decode.js';
import { CURSOR_LETTERS, PF_LETTERS } from './functional.js';
import { kittyKeyBytes } from './kitty.js';
import { legacyBytes } from './legacy.js';
import type { KeyToken } from './token.js';

export interface PaneInputModes {
  /** DECCKM: unmodified cursor keys (and Home / End) as `ESC O x` instead of `ESC [ x`. */
  applicationCursorKeys: boolean;
  /** Mode 2004: the pane wants pastes wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`. */
  bracketedPaste: boolean;
  /** Kitty keyboard protocol flags the pane set (`CSI > 1 u`): Esc and modified keys as `CSI code ; mods u`. */
  keyboardFlags?: number;
}

/**
 * The bytes to write to a pane for one token. Keys go through as the outer terminal sent them, except:
 * a pane that set kitty keyboard flags gets Esc and modified keys in its `CSI code ; mods u` form;
 * unmodified cursor keys follow the pane's cursor-key mode; CSI u and modifyOtherKeys forms (which the
 * pane never asked for) become their legacy bytes; key releases send nothing. A paste is bracketed only
 * for a pane that asked. Focus, mouse and replies to tessera's own queries are not forwarded ('').
 */
export function encodeForPane(token: KeyToken, modes: PaneInputModes): string {
  switch (token.kind) {
    case 'paste': {
      const text = token.paste ?? '';
      return modes.bracketedPaste ? PASTE_START + text + PASTE_END : text;
    }
    case 'focus-in':
    case 'focus-out':
    case 'mouse':
    case 'reply':
      return '';
    case 'unknown':
      return token.raw;
    case 'key':
      break;
  }
  const key = token.key;
  if (key === undefined) return token.raw;
  if (key.event === 'release') return '';
  const kitty = kittyKeyBytes(key, modes.keyboardFlags ?? 0);
  if (kitty !== undefined) return kitty;
  if (key.extended) return legacyBytes(key, modes) ?? '';
  const unmodified = !key.ctrl && !key.alt && !key.shift;
  if (unmodified && CURSOR_LETTERS.has(key.name)) return legacyBytes(key, modes) ?? token.raw;
  // F1–F4 in xterm's form (ESC O P), whatever the terminal sent (kitty's CSI P, CSI 13 ~; rxvt's CSI 11 ~).
  if (PF_LETTERS.has(key.name)) return legacyBytes(key, modes) ?? token.raw;
  return token.raw;
}

/**
 * Keys tessera types itself (an approval answer), written as legacy bytes, in the form this pane
 * asked for: unchanged for a pane with no keyboard flags, Esc as `CSI 27 u` for one that set kitty's.
 */
export function keysForPane(bytes: string, modes: PaneInputModes): string {
  if (!modes.keyboardFlags) return bytes;
  const decoder = new InputDecoder();
  return [...decoder.feed(bytes), ...decoder.flush()].map((token) => encodeForPane(token, modes)).join('');
}
