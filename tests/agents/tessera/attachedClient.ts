// The real tessera client attached to a workspace in a PTY, read through a headless xterm: what the user sees and types.

import { setTimeout as sleep } from 'node:timers/promises';
import { OuterTerminal } from '../../helpers/outerTerminal.js';
import type { AgentWorld } from './agentWorld.js';
import { PANE_POLL_MS } from './paneWatch.js';

export const PREFIX = '\x1c';
/** The status bar while the prefix waits for its command key: its hint, or beside the approval bar the prefix in the slot. */
const PREFIX_PENDING = /waiting for a command key|^ C-\\ … /;

export class AttachedClient {
  readonly outer: OuterTerminal;

  constructor(world: AgentWorld, workspace: string, cols: number, rows: number) {
    this.outer = new OuterTerminal(['-L', world.sandbox.socketName, 'attach', '-t', workspace], { env: world.sandbox.env, cols, rows, keepOutput: false });
  }

  async bottomRow(): Promise<string> {
    await this.outer.settle();
    return this.outer.lines().at(-1) ?? '';
  }

  /** Waits until the bottom row (status bar / approval bar) matches; fails with the whole screen. */
  async waitForBottomRow(pattern: RegExp, timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await this.bottomRow();
      if (pattern.test(row)) return row;
      if (Date.now() > deadline) throw new Error(`the bottom row did not match ${pattern} within ${timeoutMs} ms; the screen:\n${this.outer.text()}`);
      await sleep(PANE_POLL_MS);
    }
  }

  /** Waits until the outer screen (panes and chrome) has held still for `quietMs`. */
  async waitForQuiet(quietMs: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.outer.settle();
    let text = this.outer.text();
    let since = Date.now();
    for (;;) {
      await sleep(PANE_POLL_MS);
      await this.outer.settle();
      const now = this.outer.text();
      if (now !== text) {
        text = now;
        since = Date.now();
      } else if (Date.now() - since >= quietMs) {
        return;
      }
      if (Date.now() > deadline) throw new Error(`the attached screen kept changing for ${timeoutMs} ms:\n${text}`);
    }
  }

  type(text: string): void {
    this.outer.write(text);
  }

  /** Prefix, then (once the status bar says it waits for a command key) `key`. */
  async prefixKey(key: string, timeoutMs: number): Promise<void> {
    this.outer.write(PREFIX);
    await this.waitForBottomRow(PREFIX_PENDING, timeoutMs);
    this.outer.write(key);
  }

  dispose(): void {
    this.outer.dispose();
  }
}
