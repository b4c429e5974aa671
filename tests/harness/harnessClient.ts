// A client attached to the in-process server: its frames go into a headless xterm (the screen the user
// would see), its keys go straight to the server's session for it. The terminal answers the server's
// queries (colors, cursor) as a real one would.

import { Unicode11Addon } from '@xterm/addon-unicode11';
import pkg from '@xterm/headless';
import type { ClientTransport } from '../../src/server/session/sessionHost.js';
import type { AttachedClient } from '../../src/server/server.js';

const { Terminal } = pkg;
type HeadlessTerminal = InstanceType<typeof Terminal>;

/** How long waitFor waits by default: generous, since a loaded machine can be slow; the usual wait is a few ms. */
export const HARNESS_WAIT_MS = 10_000;

export class HarnessClient {
  readonly screen: HeadlessTerminal;
  private attached: AttachedClient | undefined;
  private pendingWrites = 0;
  /** Set when the server ended this client (detach, kill-server): why, and the exit code it gave. */
  ended: { reason: string; exitCode: number } | undefined;
  /** The host's workspace the server told this client to show (an `open-host` message), if it did. */
  openedHost: { host: string; workspace: string; from: string; pane?: number } | undefined;
  /** Every byte the server sent this client, in order. */
  output = '';

  constructor(cols: number, rows: number) {
    this.screen = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
    this.screen.loadAddon(new Unicode11Addon());
    this.screen.unicode.activeVersion = '11';
    // The terminal's answers to the server's questions (colors, cursor position) go back as input.
    this.screen.onData((reply) => this.attached?.input(reply));
  }

  /** The transport the server writes this client's frames to. */
  readonly transport: ClientTransport = {
    sendOutput: (bytes) => {
      this.output += bytes;
      this.pendingWrites++;
      this.screen.write(bytes, () => this.pendingWrites--);
    },
    backlog: () => 0,
    route: () => ({ frames: 'socket', keys: 'socket' }),
    onceDrained: (callback) => setImmediate(callback),
    end: (reason, exitCode) => {
      this.ended = { reason, exitCode };
    },
    openHost: (target) => {
      this.openedHost = target;
    },
  };

  connect(attached: AttachedClient): void {
    this.attached = attached;
  }

  /** Types into the terminal: bytes as the user's terminal would send them. */
  press(keys: string): void {
    if (!this.attached) throw new Error('the client is not attached');
    this.attached.input(keys);
  }

  resize(cols: number, rows: number): void {
    this.screen.resize(cols, rows);
    this.attached?.resize(cols, rows);
  }

  /** The client goes away (its terminal closed). */
  leave(): void {
    this.attached?.gone();
    this.attached = undefined;
  }

  /** The screen's rows as text (wide characters once, trailing blanks kept). */
  lines(): string[] {
    const buffer = this.screen.buffer.active;
    return Array.from({ length: this.screen.rows }, (_, y) => buffer.getLine(buffer.viewportY + y)?.translateToString(false) ?? '');
  }

  text(): string {
    return this.lines().join('\n');
  }

  /** The bottom row: the status bar (or the approval bar while a question waits). */
  statusRow(): string {
    return this.lines()[this.screen.rows - 1];
  }

  /** Waits until the screen (after every frame so far is drawn) satisfies `condition`. */
  /** Presses `keys` (a split, say) and waits until `count` fake-shell prompts show. */
  async pressUntilPrompts(keys: string, count: number, prompt: string): Promise<void> {
    this.press(keys);
    await this.waitFor(() => this.text().split(prompt).length - 1 === count, `${count} prompts`);
  }

  async waitFor(condition: string | RegExp | (() => boolean), what = String(condition), timeoutMs = HARNESS_WAIT_MS): Promise<void> {
    const test = typeof condition === 'function' ? condition : typeof condition === 'string' ? () => this.text().includes(condition) : () => condition.test(this.text());
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.drawn();
      if (test()) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen shows:\n${this.text()}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** Resolves once everything sent so far is on the screen. */
  drawn(): Promise<void> {
    return new Promise((resolve) => this.screen.write('', () => resolve()));
  }

  dispose(): void {
    this.leave();
    this.screen.dispose();
  }
}
