// The prefix key in force: its label for people, its bytes for a pane, and the test for a pressed key.

import { keyToBytes, parseKeySpec } from '../../term/keys/prefix.js';
import type { KeyToken } from '../../term/keys/token.js';

export interface PrefixKey {
  label: string;
  bytes: string;
  matches(token: KeyToken): boolean;
}

/** The prefix a spec names, or a message saying why it names none. */
export function resolvePrefix(spec: string): PrefixKey | string {
  const matches = parseKeySpec(spec);
  if (typeof matches === 'string') return `prefix "${spec}" is not a key tessera understands (${matches})`;
  return { label: spec, bytes: keyToBytes(spec) ?? '', matches };
}
