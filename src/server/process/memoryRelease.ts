// Gives memory back once the server goes quiet. V8 collects garbage only while JavaScript
// allocates, and then keeps the heap it grew to: opening 8 shells left ~27 MB of heap reserved for
// ~15 MB of live objects, and a closed pane's lines (megabytes of typed arrays) stayed resident until
// the next burst of work. So once nothing has happened for MEMORY_RELEASE_DELAY_MS (no pane output,
// no client input or command, no pane opened or closed), the server collects and compacts once
// (compactingCollection.ts): when panes closed since the last time, or the heap grew by
// MEMORY_RELEASE_GROWTH_BYTES. Typing at a shell grows the heap slowly, so pauses in typing rarely
// cost a collection.
//
// This replaces V8's own idle-time collections (its "memory reducer", off in SERVER_NODE_FLAGS):
// they come 8 s after the last big collection and run two or three of them half a second apart,
// so an idle server was woken for ~30-70 ms of collecting at a time nobody could predict, and its
// heap stayed large for those seconds. Nothing here runs while the server is idle: the timer is set
// by activity only.

import v8 from 'node:v8';
import { MEMORY_RELEASE_DELAY_MS, MEMORY_RELEASE_GROWTH_BYTES } from '../../limits.js';
import { canCollectOnRequest, collectAndCompact } from './compactingCollection.js';

export interface MemoryReleaseDeps {
  /** False when this process cannot collect on request: the release then does nothing at all. */
  canCollect: boolean;
  collect(): void;
  /** Bytes the JavaScript heap holds from the system. */
  heapSize(): number;
  now(): number;
}

const processDeps = (): MemoryReleaseDeps => ({
  canCollect: canCollectOnRequest(),
  collect: collectAndCompact,
  heapSize: () => v8.getHeapStatistics().total_heap_size,
  now: () => performance.now(),
});

export class MemoryRelease {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastActivity = 0;
  /** Panes closed since the last collection: their memory is garbage now, whatever the heap's size. */
  private freed = false;
  /** The heap's size after the last collection (or at start). */
  private baseline: number;

  constructor(private readonly deps: MemoryReleaseDeps = processDeps()) {
    this.baseline = deps.heapSize();
  }

  /** Something happened (output, input, a command); cheap enough to call for every chunk of it. */
  noteActivity(): void {
    if (!this.deps.canCollect) return;
    this.lastActivity = this.deps.now();
    if (this.timer === undefined) this.later(MEMORY_RELEASE_DELAY_MS);
  }

  /** Something big was let go (a pane closed): collect once things are quiet, even if the heap did not grow. */
  noteFreed(): void {
    this.freed = true;
    this.noteActivity();
  }

  private later(ms: number): void {
    this.timer = setTimeout(() => this.settle(), ms);
    this.timer.unref();
  }

  private settle(): void {
    const quietFor = this.deps.now() - this.lastActivity;
    if (quietFor < MEMORY_RELEASE_DELAY_MS) return this.later(MEMORY_RELEASE_DELAY_MS - quietFor);
    this.timer = undefined;
    if (!this.freed && this.deps.heapSize() - this.baseline < MEMORY_RELEASE_GROWTH_BYTES) return;
    this.freed = false;
    this.deps.collect();
    this.baseline = this.deps.heapSize();
  }
}

/** The server's one release: panes, connections and the warm-up tell it when they are busy. */
export const memoryRelease = new MemoryRelease();
