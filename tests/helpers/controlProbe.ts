// Test helper: control commands sent straight to a sandbox's server over its socket, timed at the
// client side without a Node start per command, so what is measured is the server's own delay.

import type { TesseraSandbox } from './outerTerminal.js';

export interface LatencySummary {
  count: number;
  median: number;
  p95: number;
  max: number;
  /** When each answer arrived (performance.now()), in order: what a test compares with its own events. */
  answeredAt: number[];
}

/** How many answers arrived between two moments (performance.now()): a server that is frozen meanwhile has none. */
export function answersBetween(s: LatencySummary, from: number, to: number): number {
  return s.answeredAt.filter((at) => at >= from && at <= to).length;
}

/** Sends one command on a fresh connection; resolves with its result and how long it took. */
export async function timedRequest(sandbox: TesseraSandbox, command: string, args: Record<string, unknown> = {}): Promise<{ ms: number; result: unknown }> {
  const begin = performance.now();
  const result = await sandbox.request(command, args);
  return { ms: performance.now() - begin, result };
}

/** Asks `list-panes` over and over (one at a time) until stopped, and summarizes how long each took. */
export class ControlProbe {
  private readonly times: number[] = [];
  private readonly answeredAt: number[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(
    private readonly sandbox: TesseraSandbox,
    pauseMs = 25,
  ) {
    this.loop = (async () => {
      while (this.running) {
        this.times.push((await timedRequest(this.sandbox, 'list-panes', {})).ms);
        this.answeredAt.push(performance.now());
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    })();
  }

  async stop(): Promise<LatencySummary> {
    this.running = false;
    await this.loop;
    const sorted = [...this.times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { count: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, answeredAt: [...this.answeredAt] };
  }
}

export function describeLatency(what: string, s: LatencySummary): string {
  return `${what}: ${s.count} list-panes, median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`;
}
