// The prefix key: reading it from the settings and recognising it in every encoding a terminal may use.

import { legacyBytes } from './legacy.js';
import { parseKeyName } from './spec.js';
import type { Key, KeyToken } from './token.js';

export type KeyMatcher = (token: KeyToken) => boolean;

/** Modes used to compare keys: cursor keys are compared in their normal (not application) form. */
const COMPARE_MODES = { applicationCursorKeys: false };

/**
 * Reads a key spec such as `C-\`, `C-Space`, `C-b`, `M-a` or `F12` and returns a matcher, or an error
 * message saying what is wrong with the spec.
 *
 * Two keys are the same when their legacy bytes are: that is all a legacy terminal can tell apart, so
 * `C-\` also matches Ctrl+4 (both send 0x1c) whether it arrives as 0x1c, as kitty's `ESC [ 92 ; 5 u` or as
 * modifyOtherKeys' `ESC [ 27 ; 5 ; 92 ~`. Where the richer encodings can tell more, they must agree too:
 * Shift on a letter counts (C-S-b is not C-b), Super / Hyper / Meta never match, releases never match.
 */
export function parseKeySpec(spec: string): KeyMatcher | string {
  const parsed = parseKeyName(spec.trim());
  if (!parsed.ok) return parsed.error;
  const wanted = parsed.key;
  const bytes = legacyBytes(wanted, COMPARE_MODES);
  if (bytes === undefined) return `"${spec}" has no byte sequence a terminal could send`;
  return (token) => {
    const key = token.kind === 'key' ? token.key : undefined;
    if (key === undefined || key.event === 'release' || key.super || key.hyper || key.meta) return false;
    if (isLetter(key) && key.shift !== wanted.shift) return false;
    return legacyBytes(key, COMPARE_MODES) === bytes;
  };
}

/** The legacy bytes of a key spec (sent to a pane when the prefix is pressed twice); undefined if invalid. */
export function keyToBytes(spec: string): string | undefined {
  const parsed = parseKeyName(spec.trim());
  return parsed.ok ? legacyBytes(parsed.key, COMPARE_MODES) : undefined;
}

function isLetter(key: Key): boolean {
  return /^[a-z]$/.test(key.name);
}

/**
 * What makes two key specs the same key (the same test parseKeySpec's matchers apply): their legacy
 * bytes, and Shift where a letter's bytes cannot show it (C-b and C-S-b). Undefined if invalid.
 */
export function keyIdentity(spec: string): string | undefined {
  const parsed = parseKeyName(spec.trim());
  if (!parsed.ok) return undefined;
  const bytes = legacyBytes(parsed.key, COMPARE_MODES);
  if (bytes === undefined) return undefined;
  return isLetter(parsed.key) && parsed.key.shift ? `${bytes}+shift` : bytes;
}
