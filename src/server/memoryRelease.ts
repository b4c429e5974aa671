// Gives memory back once panes close. V8 collects garbage when JavaScript allocates, so the lines of
// a closed pane (megabytes of typed arrays) would otherwise stay resident until the next burst of
// work; a full collection shortly after the last close frees them at once. It needs `gc`, which the
// server's Node flags expose (SERVER_NODE_FLAGS); without it this does nothing.

import { MEMORY_RELEASE_DELAY_MS } from '../limits.js';

let timer: ReturnType<typeof setTimeout> | undefined;

/** A pane closed: collect garbage after MEMORY_RELEASE_DELAY_MS without another close. */
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
