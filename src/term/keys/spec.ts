// Reading key names as people write them (tmux style): `C-\`, `C-Space`, `M-a`, `C-M-x`, `S-Up`, `F12`, `^b`.

import { isTextName } from './chars.js';
import type { Key } from './token.js';

/** Named keys, lowercase, with tmux's spellings next to the common ones. */
const NAMED_KEYS: Readonly<Record<string, Partial<Key> & { name: string }>> = {
  space: { name: 'space' },
  enter: { name: 'enter' },
  return: { name: 'enter' },
  escape: { name: 'escape' },
  esc: { name: 'escape' },
  tab: { name: 'tab' },
  btab: { name: 'tab', shift: true },
  bspace: { name: 'backspace' },
  backspace: { name: 'backspace' },
  up: { name: 'up' },
  down: { name: 'down' },
  left: { name: 'left' },
  right: { name: 'right' },
  home: { name: 'home' },
  end: { name: 'end' },
  pageup: { name: 'pageup' },
  pgup: { name: 'pageup' },
  ppage: { name: 'pageup' },
  pagedown: { name: 'pagedown' },
  pgdn: { name: 'pagedown' },
  npage: { name: 'pagedown' },
  insert: { name: 'insert' },
  ic: { name: 'insert' },
  delete: { name: 'delete' },
  dc: { name: 'delete' },
};

/** Highest function key a spec may name (F13–F20 exist on some keyboards; legacy encodings stop there). */
const MAX_FUNCTION_KEY = 20;

export type KeySpecResult = { ok: true; key: Key } | { ok: false; error: string };

/**
 * Parses one key: modifiers `C-` (Ctrl), `M-` (Alt/Meta), `S-` (Shift) in any order and case, or `^x` for
 * Ctrl; then a single character or a key name (case-insensitive). With Ctrl a letter means the same in
 * either case, as in every terminal; without it a capital letter is Shift + that letter.
 */
export function parseKeyName(spec: string): KeySpecResult {
  let rest = spec;
  const key: Key = { name: '', ctrl: false, alt: false, shift: false };
  for (;;) {
    const modifier = /^([cms])-(?=.)/i.exec(rest);
    if (modifier === null) break;
    const letter = modifier[1].toLowerCase();
    if (letter === 'c') key.ctrl = true;
    else if (letter === 'm') key.alt = true;
    else key.shift = true;
    rest = rest.slice(2);
  }
  if (/^\^./u.test(rest) && [...rest].length === 2) {
    key.ctrl = true;
    rest = rest.slice(1);
  }
  if (rest === '') return { ok: false, error: `"${spec}" names no key` };

  const named = rest === ' ' ? NAMED_KEYS.space : (NAMED_KEYS[rest.toLowerCase()] ?? functionKey(rest));
  if (named !== undefined) return { ok: true, key: { ...key, ...named, shift: key.shift || named.shift === true } };
  if (!isTextName(rest)) {
    return {
      ok: false,
      error: `"${spec}" is not a key: use one character or a name like Space, Enter, Tab, Up, F12 (with C-, M-, S-)`,
    };
  }
  key.name = rest;
  if (/^[A-Z]$/.test(rest)) {
    key.name = rest.toLowerCase();
    if (!key.ctrl) key.shift = true;
  }
  if (!key.ctrl && !key.alt) key.char = key.shift && /^[a-z]$/.test(key.name) ? key.name.toUpperCase() : rest;
  return { ok: true, key };
}

function functionKey(text: string): { name: string } | undefined {
  const match = /^f(\d{1,2})$/i.exec(text);
  if (match === null) return undefined;
  const number = Number(match[1]);
  return number >= 1 && number <= MAX_FUNCTION_KEY ? { name: `f${number}` } : undefined;
}
