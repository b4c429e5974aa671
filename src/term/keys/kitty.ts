// The kitty keyboard protocol toward a pane's program: the flags it asked for, and its keys encoded
// for them. tessera translates flag 1 ("disambiguate escape codes") and nothing more, and says so
// when asked: a program that pushes more gets flag 1 reported and applied.

import { isTextName } from './chars.js';
import { kittyModifierParam, type Key } from './token.js';

/** Esc, and keys with Ctrl / Alt / Super (and modified Enter, Tab, Backspace), sent as `CSI code ; mods u`. */
export const KITTY_DISAMBIGUATE = 1;
/** The flags tessera applies; other bits a program pushes are dropped (and not reported back). */
export const KITTY_SUPPORTED_FLAGS = KITTY_DISAMBIGUATE;

/** Keys that keep their legacy byte unmodified, and take this code with modifiers. */
const LEGACY_UNLESS_MODIFIED: Readonly<Record<string, number>> = { enter: 13, tab: 9, backspace: 127, space: 32 };

/**
 * The bytes of a key press for a program that set kitty keyboard `flags`, or undefined when its
 * legacy bytes are what the protocol sends too (text, unmodified Enter/Tab/Backspace, and the
 * cursor, function and editing keys, whose `CSI 1;5A`-style forms kitty keeps).
 */
export function kittyKeyBytes(key: Key, flags: number): string | undefined {
  if ((flags & KITTY_DISAMBIGUATE) === 0) return undefined;
  const mods = kittyModifierParam(key);
  const shiftOnly = key.shift && mods === 2;
  const suffix = mods > 1 ? `;${mods}` : '';
  if (key.name === 'escape') return `\x1b[27${suffix}u`;
  const legacyCode = LEGACY_UNLESS_MODIFIED[key.name];
  if (legacyCode !== undefined) return mods > 1 && !(shiftOnly && key.name === 'space') ? `\x1b[${legacyCode}${suffix}u` : undefined;
  if (!isTextName(key.name)) return undefined;
  // Text with Shift alone is still text ('A'); any other modifier makes it a key code.
  if (mods === 1 || shiftOnly) return undefined;
  return `\x1b[${key.name.codePointAt(0)}${suffix}u`;
}
