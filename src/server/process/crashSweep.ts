// What the sweep after a crash did, told to the user: the first client that attaches sees it in its
// status bar, and `tessera server-info` reports it for as long as the server runs.

import type { SweepResult } from '../../pty/pidRecords.js';

export interface CrashSweepReport {
  /** Pane process groups of the crashed server that were still running and have been ended. */
  ended: number;
  /** When the sweep ran (ISO time). */
  at: string;
  /** One line for the user. */
  message: string;
}

/** The report of a sweep that ended something; undefined when there was nothing left to end. */
export function reportCrashSweep(result: SweepResult, now: Date = new Date()): CrashSweepReport | undefined {
  if (result.killed.length === 0) return undefined;
  const count = result.killed.length;
  const noun = count === 1 ? 'pane process' : 'pane processes';
  return {
    ended: count,
    at: now.toISOString(),
    message: `Ended ${count} ${noun} left running by a server that crashed`,
  };
}

/** Hands the report's message to the first client that asks, and only to it. */
export class CrashSweepNotice {
  private delivered = false;

  constructor(readonly report: CrashSweepReport | undefined) {}

  takeForFirstClient(): string | undefined {
    if (this.delivered || !this.report) return undefined;
    this.delivered = true;
    return this.report.message;
  }
}
