// Each workspace's diff summary for the strip, computed from git in the background and never waited for: a frame
// shows the last known summary (or none yet), and the answer, when it comes, redraws the chrome.
// A summary is asked for again only when it is older than DIFF_SUMMARY_MAX_AGE_MS and someone draws the strip,
// so nothing runs while nothing changes on screen. git starts a moment after the frame that asked
// (DIFF_SUMMARY_START_DELAY_MS), so starting it never delays that frame.

import { DIFF_SUMMARY_MAX_AGE_MS, DIFF_SUMMARY_START_DELAY_MS } from '../../limits.js';

export interface DiffCounts {
  added: number;
  removed: number;
  /** Its branch is merged into its base (src/git/mergedBranch.ts). */
  merged?: boolean;
}

/** How a folder's diff is counted (src/git/diffSummary.ts); rejects or gives undefined when it is not a repository. */
export type Summarize = (dir: string, base: string | undefined) => Promise<DiffCounts | undefined>;

interface Known {
  dir: string;
  counts: DiffCounts | undefined;
  at: number;
  /** Asked of git (or about to be): no second run starts meanwhile. */
  running: boolean;
  /** Cancels the run that has not started yet. */
  cancelStart?: () => void;
}

/** Runs `start` later; returns a cancel. Tests pass one that runs at once or on demand. */
export type Later = (start: () => void) => () => void;

const afterDelay: Later = (start) => {
  const timer = setTimeout(start, DIFF_SUMMARY_START_DELAY_MS);
  // A summary nobody waited for never keeps the server alive.
  timer.unref();
  return () => clearTimeout(timer);
};

export class DiffSummaries {
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly summarize: Summarize,
    /** A summary changed: redraw the strips. */
    private readonly changed: () => void,
    private readonly now: () => number = Date.now,
    private readonly later: Later = afterDelay,
  ) {}

  /** The last known summary of a workspace's folder; asks git again in the background when it is stale. */
  get(name: string, dir: string, base?: string): DiffCounts | undefined {
    let known = this.known.get(name);
    if (!known || known.dir !== dir) {
      known?.cancelStart?.();
      known = { dir, counts: undefined, at: -Infinity, running: false };
      this.known.set(name, known);
    }
    if (!known.running && this.now() - known.at >= DIFF_SUMMARY_MAX_AGE_MS) this.refresh(name, known, base);
    return known.counts;
  }

  /** Forgets a removed workspace. */
  forget(name: string): void {
    this.known.get(name)?.cancelStart?.();
    this.known.delete(name);
  }

  private refresh(name: string, known: Known, base: string | undefined): void {
    known.running = true;
    known.cancelStart = this.later(() => {
      known.cancelStart = undefined;
      this.run(name, known, base);
    });
  }

  private run(name: string, known: Known, base: string | undefined): void {
    this.summarize(known.dir, base)
      .catch(() => undefined)
      .then((counts) => {
        known.running = false;
        known.at = this.now();
        const same = counts?.added === known.counts?.added && counts?.removed === known.counts?.removed && counts?.merged === known.counts?.merged;
        known.counts = counts;
        if (!same && this.known.get(name) === known) this.changed();
      });
  }
}
