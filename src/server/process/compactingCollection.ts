// A full garbage collection that also compacts the heap, so the pages it empties go back to the
// system. A plain `gc()` frees the garbage but leaves the survivors spread over the pages they were
// in: with the server's small young generation (SERVER_NODE_FLAGS) most of them are old-space pages
// holding a little each, and 8 idle panes kept ~27 MB of heap reserved for ~15 MB of live objects.
// V8 compacts like this only in its own idle-time collections (the "memory reducer", which the
// server turns off to decide itself when to collect: memoryRelease.ts), so the collection asks for
// it with V8's `--compact-on-every-full-gc` for this one collection. V8 reads that flag when a
// collection starts, so setting it back right after leaves every other collection as it was.

import v8 from 'node:v8';

export const COMPACT_FLAG = 'compact-on-every-full-gc';

const exposedGc = (): (() => void) | undefined => {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as () => void) : undefined;
};

/** Whether this process may collect on request: the server's Node flags include `--expose-gc`. */
export const canCollectOnRequest = (): boolean => exposedGc() !== undefined;

/** Collects and compacts once (nothing without `--expose-gc`). */
export function collectAndCompact(): void {
  const gc = exposedGc();
  if (!gc) return;
  v8.setFlagsFromString(`--${COMPACT_FLAG}`);
  try {
    gc();
  } finally {
    v8.setFlagsFromString(`--no-${COMPACT_FLAG}`);
  }
}
