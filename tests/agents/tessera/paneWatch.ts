// Watching a tessera pane from outside: the history of its pill, and its screen settling.

import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentWorld } from './agentWorld.js';

/** How often list-panes / capture-pane are asked while waiting (in-process requests, a fraction of a millisecond each). */
export const PANE_POLL_MS = 25;

/** Polls `probe` until `accept` holds; fails at the deadline with the last value and `what`. */
export async function waitForValue<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last value:\n${typeof last === 'string' ? last : JSON.stringify(last, null, 2)}`);
    await sleep(PANE_POLL_MS);
  }
}

/** Resolves once the pane's screen text has not changed for `quietMs` (keys sent into a screen still painting get lost). */
export async function waitForPaneQuiet(world: AgentWorld, paneId: number, quietMs: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let text = await world.screen(paneId);
  let since = Date.now();
  for (;;) {
    await sleep(PANE_POLL_MS);
    const now = await world.screen(paneId);
    if (now !== text) {
      text = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return text;
    }
    if (Date.now() > deadline) throw new Error(`pane ${paneId}'s screen kept changing for ${timeoutMs} ms; now:\n${text}`);
  }
}

export interface StatusChange {
  status: string;
  /** ms since the trail started. */
  at: number;
  question: string | null;
  /** What `tessera explain` said right after the change was seen, and the screen then (for failure messages). */
  rule?: string;
  screen?: string;
}

/**
 * Every pill a pane showed, sampled by polling list-panes in the background. A state that lasts less than a poll can be
 * missed, but tessera holds a state 250 ms before showing it (STATE_STABLE_MS), so no shown pill is shorter than that.
 */
export class StatusTrail {
  readonly changes: StatusChange[] = [];
  private readonly started = Date.now();
  private stopped = false;
  private readonly loop: Promise<void>;
  private lastError: unknown;

  constructor(
    private readonly world: AgentWorld,
    readonly paneId: number,
  ) {
    this.loop = this.run();
  }

  get current(): string | undefined {
    return this.changes.at(-1)?.status;
  }

  /** An index into `changes`, to ask later what happened since. */
  mark(): number {
    return this.changes.length;
  }

  /** The distinct pills shown since `mark` (the one showing at `mark` first). */
  since(mark: number): string[] {
    return this.changes.slice(Math.max(0, mark - 1)).map((c) => c.status);
  }

  /** Waits until the trail itself has seen `status` (so `since()` includes it); fails with the screen and `explain`. */
  async waitFor(status: string, timeoutMs: number): Promise<StatusChange> {
    const deadline = Date.now() + timeoutMs;
    while (this.current !== status) {
      if (Date.now() > deadline) {
        const screen = await this.world.screen(this.paneId).catch((error: unknown) => String(error));
        const explain = await this.world.request('explain', { pane: String(this.paneId) }).catch((error: unknown) => String(error));
        throw new Error(
          `pane ${this.paneId} did not show '${status}' within ${timeoutMs} ms (trail: ${this.describe()}${this.lastError === undefined ? '' : `; last poll error: ${String(this.lastError)}`})\n` +
            `explain: ${JSON.stringify(explain)}\nscreen:\n${screen}`,
        );
      }
      await sleep(PANE_POLL_MS);
    }
    return this.changes.at(-1) as StatusChange;
  }

  describe(): string {
    return this.changes.map((c) => `${c.status}@${c.at}`).join(' → ');
  }

  /** Every change since `mark` with the rule that decided it and the screen it was seen on. */
  details(mark = 0): string {
    const shown = this.changes.slice(Math.max(0, mark - 1));
    return [this.describe(), ...shown.map((c) => `--- ${c.status}@${c.at}: ${c.rule ?? '?'}\n${c.screen ?? ''}`)].join('\n');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const pane = await this.world.pane(this.paneId);
        if (pane.status !== this.current) {
          const change: StatusChange = { status: pane.status, at: Date.now() - this.started, question: pane.question };
          this.changes.push(change);
          const explained = (await this.world.request('explain', { pane: String(this.paneId) })) as { rule?: string };
          change.rule = explained.rule;
          change.screen = await this.world.screen(this.paneId);
        }
      } catch (error) {
        // The server is going away at the end of a test; the trail just stops growing.
        this.lastError = error;
      }
      await sleep(PANE_POLL_MS);
    }
  }
}
