// The `approvalKeys` field of a custom agent: key names per answer ("Enter", "Escape", "y", "Down Enter") as bytes.

import { namedKeyBytes } from '../../term/keys/named.js';
import type { ApprovalKeys } from '../detection.js';
import { MAX_KEYS_PER_ANSWER } from './customAgent.js';
import { fail, isRecord, unknownKey, type Read } from './fields.js';

const ANSWERS = ['allow', 'deny', 'abort'] as const;
/** Long enough for any reasonable list of key names. */
const MAX_KEYS_TEXT_LENGTH = 200;
/**
 * Arrow keys are encoded for normal cursor-key mode. The bytes are fixed when settings are read, not when the keys
 * are sent, and a dialog that needs arrows is fragile anyway (opencode's highlight wraps around).
 */
const KEY_MODES = { applicationCursorKeys: false };

export function parseApprovalKeys(value: unknown, where: string): Read<ApprovalKeys> {
  if (!isRecord(value)) {
    return fail(where, 'must be an object with allow, deny and abort key names, e.g. {"allow": "y", "deny": "n", "abort": "Escape"}');
  }
  const unknown = unknownKey(value, ANSWERS, where);
  if (unknown !== undefined) return unknown;
  const keys: ApprovalKeys = { allow: '', deny: '', abort: '' };
  for (const answer of ANSWERS) {
    const bytes = keyBytes(value[answer], `${where}.${answer}`);
    if (!bytes.ok) return bytes;
    keys[answer] = bytes.value;
  }
  return { ok: true, value: keys };
}

/** Key names separated by spaces, each as the send-keys command reads it (`Enter`, `Escape`, `y`, `C-c`, `Down`). */
export function keyBytes(value: unknown, where: string): Read<string> {
  if (typeof value !== 'string') return fail(where, 'must be a string of key names such as "Enter", "Escape" or "y"');
  if (value.length > MAX_KEYS_TEXT_LENGTH) return fail(where, `is longer than ${MAX_KEYS_TEXT_LENGTH} characters`);
  const names = value.split(/\s+/).filter((name) => name !== '');
  if (names.length === 0) return fail(where, 'names no key: use names such as "Enter", "Escape" or "y"');
  if (names.length > MAX_KEYS_PER_ANSWER) return fail(where, `has more than ${MAX_KEYS_PER_ANSWER} keys`);
  let bytes = '';
  for (const name of names) {
    const key = namedKeyBytes(name, KEY_MODES);
    if (key === undefined) {
      const hint = 'use one character or a name such as Enter, Escape, Space, Tab, Up, C-c (several separated by spaces)';
      return fail(where, `has '${name}', which is not a key: ${hint}`);
    }
    bytes += key;
  }
  return { ok: true, value: bytes };
}
