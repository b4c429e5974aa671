// A thin line between a program's terminal output and the terminal that draws it: what an SSH session
// over a slow link does. It carries at most `bytesPerSecond`, holds at most `inFlightBytes` on its way
// (the network's buffers and the TCP window; the sender is paused beyond that, as a full socket
// would), and hands bytes over only once they have "arrived". A terminal fed by it answers a query
// (DSR, DA) only when the bytes before the query have arrived, as a real one at the far end would.

/** How often the line hands over what has arrived: small against any frame interval. */
export const LINE_TICK_MS = 5;

export class ThrottledLine {
  /** @type {Buffer[]} */
  #queue = [];
  #queued = 0;
  #paused = false;
  /** @type {NodeJS.Timeout | undefined} */
  #timer;
  #lastTick = 0;
  /** Bytes the line could carry since the last tick but had nothing to carry: not saved up. */
  #credit = 0;
  #disposed = false;
  /** The most bytes ever on their way at once. */
  peakInFlight = 0;

  /**
   * @param {{ bytesPerSecond: number, inFlightBytes: number, deliver: (chunk: Buffer) => void, pause: () => void, resume: () => void }} options
   */
  constructor(options) {
    this.options = options;
  }

  /** Bytes waiting on the line. */
  get inFlight() {
    return this.#queued;
  }

  /**
   * The sender wrote `chunk`.
   * @param {Buffer} chunk
   */
  push(chunk) {
    if (this.#disposed || chunk.length === 0) return;
    this.#queue.push(chunk);
    this.#queued += chunk.length;
    this.peakInFlight = Math.max(this.peakInFlight, this.#queued);
    if (!this.#paused && this.#queued >= this.options.inFlightBytes) {
      this.#paused = true;
      this.options.pause();
    }
    if (this.#timer === undefined) {
      this.#lastTick = performance.now();
      this.#credit = 0;
      this.#timer = setInterval(() => this.#tick(), LINE_TICK_MS);
    }
  }

  dispose() {
    this.#disposed = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#queue = [];
  }

  #tick() {
    const now = performance.now();
    this.#credit += ((now - this.#lastTick) / 1000) * this.options.bytesPerSecond;
    this.#lastTick = now;
    while (this.#queue.length > 0 && this.#credit >= 1) {
      const head = /** @type {Buffer} */ (this.#queue[0]);
      const take = Math.min(head.length, Math.floor(this.#credit));
      const piece = take === head.length ? head : head.subarray(0, take);
      if (take === head.length) this.#queue.shift();
      else this.#queue[0] = head.subarray(take);
      this.#queued -= take;
      this.#credit -= take;
      this.options.deliver(piece);
    }
    if (this.#paused && this.#queued < this.options.inFlightBytes) {
      this.#paused = false;
      this.options.resume();
    }
    if (this.#queue.length === 0) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
