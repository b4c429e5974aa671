// Key names for the send-keys command (`Enter`, `C-c`, `M-x`, `Up`, `F5` …) turned into the bytes a pane gets.

import { kittyKeyBytes } from './kitty.js';
import { legacyBytes } from './legacy.js';
import { parseKeyName } from './spec.js';

/**
 * The bytes for a key name as tmux's send-keys understands it (case-insensitive): Enter, Escape/Esc, Tab,
 * BTab, BSpace/Backspace, Space, Up/Down/Left/Right (following the pane's cursor-key mode), Home, End,
 * PageUp/PPage/PgUp, PageDown/NPage/PgDn, Insert/IC, Delete/DC, F1–F20, a single character, and any of
 * these with C-, M- and S- in front (`C-c`, `C-Space`, `C-\`, `C-@`, `M-x`, `C-M-x`, `S-Up`).
 *
 * Undefined when the word is not a key: the caller then types the word literally, as tmux does.
 */
export function namedKeyBytes(name: string, modes: { applicationCursorKeys: boolean; keyboardFlags?: number }): string | undefined {
  const parsed = parseKeyName(name);
  if (!parsed.ok) return undefined;
  // A pane that set kitty keyboard flags gets the key as such a terminal would send it.
  return kittyKeyBytes(parsed.key, modes.keyboardFlags ?? 0) ?? legacyBytes(parsed.key, modes);
}
