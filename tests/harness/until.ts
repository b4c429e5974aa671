// Waiting on a condition (never a fixed sleep): reads a value until it is acceptable or the deadline passes.

/** Generous: a loaded 2-core machine can be slow; the usual wait is a few ms. */
const UNTIL_TIMEOUT_MS = 20_000;
const POLL_MS = 20;

export async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string, timeoutMs = UNTIL_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
