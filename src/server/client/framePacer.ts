// Decides when a client gets its next frame: right away, synchronously, when it has been quiet (typing feels instant),
// at most one frame per FRAME_INTERVAL_MS under load, and never while its socket is backed up.

import { FRAME_INTERVAL_MS } from '../../limits.js';

export class FramePacer {
  private lastPaint = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waitingForDrain = false;
  /** A paint is under way: a request made while drawing is covered by it. */
  private painting = false;
  private disposed = false;

  constructor(
    /** Draws; returns whether anything was sent (an empty paint must not delay the next real one). */
    private readonly paint: () => boolean,
    private readonly isBackedUp: () => boolean,
    private readonly onceDrained: (resume: () => void) => void,
  ) {}

  /** Something changed: paint soon. Many requests before the paint collapse into one frame. */
  request(): void {
    if (this.disposed || this.timer !== undefined || this.waitingForDrain || this.painting) return;
    const wait = this.lastPaint + FRAME_INTERVAL_MS - performance.now();
    // Quiet until now (typing, an echo): draw at once. Under load: at most one frame per interval.
    if (wait <= 0) this.run();
    else this.timer = setTimeout(() => this.run(), wait);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private run(): void {
    this.timer = undefined;
    if (this.disposed) return;
    if (this.isBackedUp()) {
      // The client cannot keep up (slow link): skip frames; the next one carries every change.
      this.waitingForDrain = true;
      this.onceDrained(() => {
        this.waitingForDrain = false;
        this.request();
      });
      return;
    }
    const started = performance.now();
    this.painting = true;
    try {
      if (this.paint()) this.lastPaint = started;
    } finally {
      this.painting = false;
    }
  }
}
