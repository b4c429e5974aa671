// An attached client sits idle most of its life. V8's "memory reducer" wakes it anyway: about 8 s
// after the heap last grew it runs two or three full collections half a second apart, whether or not
// anything happened since (10–25 ms of CPU in the bench's 10-s idle window, on the main thread and
// V8's helpers). The client's heap is a few megabytes, nothing worth giving back, and its ordinary
// collections still run as it allocates. The server turns the reducer off with a Node flag
// (SERVER_NODE_FLAGS); the client runs in the user's own `node`, so it turns off what starts the
// reducer for a small heap, at run time. That must happen before the client's bundle loads: loading
// it grows the heap and starts the reducer's timer, which a flag set later no longer stops.

import type v8 from 'node:v8';

/** V8's flag (read each time the heap grows) that lets a small heap start the memory reducer. */
export const SMALL_HEAP_REDUCER_FLAG = 'memory-reducer-for-small-heaps';

/**
 * Turns the idle-time collections of a small heap off for this process. `load` is the launcher's
 * require: node:v8 loads only here, on the way to the full client, never for a quick query.
 */
export function quietIdleHeap(load: (id: 'node:v8') => unknown): void {
  (load('node:v8') as typeof v8).setFlagsFromString(`--no-${SMALL_HEAP_REDUCER_FLAG}`);
}
