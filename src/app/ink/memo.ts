// A bounded memo for the chrome's text work: the same few hundred strings (titles, pills, status
// texts, divider runs) are measured, and the same rows drawn, on every render, and Ink's own
// caches last one render.

/** Entries kept before the older half is dropped: far more than one screen's distinct strings. */
const MEMO_ENTRIES = 4096;

/**
 * Remembers values for the keys asked for recently. Two generations: when the newer one is full
 * it becomes the older one, so a key in use stays and a forgotten one goes within two fills,
 * without counting uses.
 */
export class Memo<V> {
  private newer = new Map<string, V>();
  private older = new Map<string, V>();

  constructor(private readonly entries = MEMO_ENTRIES) {}

  /** The value remembered for `key`, else `compute()` (remembered from now on). */
  get(key: string, compute: () => V): V {
    let value = this.newer.get(key);
    if (value !== undefined || this.newer.has(key)) return value as V;
    value = this.older.has(key) ? (this.older.get(key) as V) : compute();
    if (this.newer.size >= this.entries) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
    return value;
  }
}

/** `compute(key)`, remembered (see Memo). */
export function memo<V>(compute: (key: string) => V, entries = MEMO_ENTRIES): (key: string) => V {
  const remembered = new Memo<V>(entries);
  return (key) => remembered.get(key, () => compute(key));
}
