// Test helper: how long the event loop was blocked while some work ran.

/** Longest gap between ticks of a `tickMs` timer while `work` runs: a blocked event loop shows here. */
export async function longestStall(work: () => Promise<void>, tickMs = 5): Promise<number> {
  let last = performance.now();
  let worst = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, tickMs);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  return Math.max(worst, performance.now() - last);
}
