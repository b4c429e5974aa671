// How late the server's event loop gets round to its work (a frame, a key, a control command):
// measured only between two `server-info --loop-delay` calls, so an idle server is never woken for it.

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { LOOP_DELAY_MAX_WINDOW_MS, LOOP_DELAY_RESOLUTION_MS } from '../../limits.js';
import type { LoopDelayFigures } from '../../commands/serverInfo.js';

const NS_PER_MS = 1e6;

export class LoopDelayWindow {
  private histogram: IntervalHistogram | undefined;
  private startedAt = 0;
  private expiry: ReturnType<typeof setTimeout> | undefined;

  /**
   * The delay since the previous call (null on the first call, or when that window ran past
   * LOOP_DELAY_MAX_WINDOW_MS and stopped); a new window starts either way.
   */
  takeAndRestart(): LoopDelayFigures | null {
    const figures = this.histogram ? this.figures(this.histogram) : null;
    this.stop();
    this.histogram = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
    this.histogram.enable();
    this.startedAt = performance.now();
    // Nobody asked for the end of this window: stop sampling rather than wake the server forever.
    this.expiry = setTimeout(() => this.stop(), LOOP_DELAY_MAX_WINDOW_MS);
    this.expiry.unref();
    return figures;
  }

  dispose(): void {
    this.stop();
  }

  private figures(histogram: IntervalHistogram): LoopDelayFigures {
    histogram.disable();
    // Each sample is the time between two ticks of a LOOP_DELAY_RESOLUTION_MS timer: the delay is what exceeds it.
    const late = (ns: number) => (histogram.count === 0 ? 0 : Math.max(0, ns / NS_PER_MS - LOOP_DELAY_RESOLUTION_MS));
    return {
      p50Ms: late(histogram.percentile(50)),
      p99Ms: late(histogram.percentile(99)),
      maxMs: late(histogram.max),
      samples: histogram.count,
      windowMs: performance.now() - this.startedAt,
    };
  }

  private stop(): void {
    clearTimeout(this.expiry);
    this.expiry = undefined;
    this.histogram?.disable();
    this.histogram = undefined;
  }
}
