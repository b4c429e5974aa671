// A bounded memo for the chrome's text measurements: the same few hundred strings (titles, pills,
// status texts, divider runs) are measured on every render, and Ink's own caches last one render.

/** Entries kept before the older half is dropped: far more than one screen's distinct strings. */
const MEMO_ENTRIES = 4096;

/**
 * Remembers `compute(key)` for the keys asked for recently. Two generations: when the newer one
 * is full it becomes the older one, so a key in use stays and a forgotten one goes within two
 * fills, without counting uses.
 */
export function memo<V>(compute: (key: string) => V, entries = MEMO_ENTRIES): (key: string) => V {
  let newer = new Map<string, V>();
  let older = new Map<string, V>();
  return (key) => {
    let value = newer.get(key);
    if (value !== undefined || newer.has(key)) return value as V;
    value = older.has(key) ? (older.get(key) as V) : compute(key);
    if (newer.size >= entries) {
      older = newer;
      newer = new Map();
    }
    newer.set(key, value);
    return value;
  };
}
