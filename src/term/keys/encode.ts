// Re-encoding a decoded token for one pane, according to the input modes that pane asked for.

import { PASTE_END, PASTE_START } from './decode.js';
import { CURSOR_LETTERS } from './functional.js';
import { legacyBytes } from './legacy.js';
import type { KeyToken } from './token.js';

export interface PaneInputModes {
  /** DECCKM: unmodified cursor keys (and Home / End) as `ESC O x` instead of `ESC [ x`. */
  applicationCursorKeys: boolean;
  /** Mode 2004: the pane wants pastes wrapped in `ESC [ 200 ~` … `ESC [ 201 ~`. */
  bracketedPaste: boolean;
}

/**
 * The bytes to write to a pane for one token. Keys go through as the outer terminal sent them, except:
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
  if (key.extended) return legacyBytes(key, modes) ?? '';
  const unmodified = !key.ctrl && !key.alt && !key.shift;
  if (unmodified && CURSOR_LETTERS.has(key.name)) return legacyBytes(key, modes) ?? token.raw;
  return token.raw;
}
