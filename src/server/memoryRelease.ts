// Gives memory back once panes close. V8 collects garbage when JavaScript allocates, so the lines of
// a closed pane (megabytes of typed arrays) would otherwise stay resident until the next burst of
// work; a full collection shortly after the last close frees them at once. Opening panes leaves
// garbage too (~8 MB for 8 shells: start-up buffers, the first frames), so a burst of opens ends
// with one collection as well. It needs `gc`, which the
// server's Node flags expose (SERVER_NODE_FLAGS); without it this does nothing.

import { MEMORY_RELEASE_DELAY_MS } from '../limits.js';

let timer: ReturnType<typeof setTimeout> | undefined;

/** A pane opened or closed: collect garbage after MEMORY_RELEASE_DELAY_MS without another. */
export function releaseMemorySoon(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') return;
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    gc();
  }, MEMORY_RELEASE_DELAY_MS);
  timer.unref();
}
