// What a pane does with input for its program: every key, paste, send-keys and emulator reply goes
// through the PTY's input queue, and a large paste shows how far it has got.

import { PASTE_PROGRESS_INTERVAL_MS, PASTE_PROGRESS_MIN_BYTES } from '../../limits.js';
import type { Disposable, PtyProcess } from '../../pty/ptyProcess.js';
import { memoryRelease } from '../process/memoryRelease.js';

export class PaneInput implements Disposable {
  private label: string | undefined;
  private readonly subscription: Disposable;
  private shownAt = -Infinity;
  private later: ReturnType<typeof setTimeout> | undefined;

  /**
   * `labelChanged` runs when the progress label ("pasting 40%") appears or goes away, and when its
   * figure changes, at most once per PASTE_PROGRESS_INTERVAL_MS: each change redraws the chrome.
   */
  constructor(
    private readonly pty: PtyProcess,
    private readonly labelChanged: () => void,
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.subscription = pty.onInputProgress(() => this.refreshLabel());
  }

  /** Queues input for the program; false when it was refused (see PtyProcess.write). */
  write(data: string): boolean {
    return this.pty.write(data);
  }

  /** "pasting 40%" while a large input is being written, else undefined. */
  get progressLabel(): string | undefined {
    return this.label;
  }

  dispose(): void {
    this.subscription.dispose();
    clearTimeout(this.later);
  }

  private refreshLabel(): void {
    // Input still going in is work in progress: no collection of the whole heap meanwhile (one
    // during a 50 MB paste held the event loop ~330 ms).
    memoryRelease.noteActivity();
    const progress = this.pty.inputProgress;
    const label =
      progress && progress.total >= PASTE_PROGRESS_MIN_BYTES
        ? `pasting ${Math.floor((100 * progress.written) / progress.total)}%`
        : undefined;
    if (label === this.label) return;
    const wait = this.shownAt + PASTE_PROGRESS_INTERVAL_MS - this.now();
    if (label !== undefined && this.label !== undefined && wait > 0) {
      // Only the figure changed, and it was just drawn: draw the newest figure a little later.
      this.later ??= setTimeout(() => {
        this.later = undefined;
        this.refreshLabel();
      }, wait);
      return;
    }
    clearTimeout(this.later);
    this.later = undefined;
    this.label = label;
    this.shownAt = this.now();
    this.labelChanged();
  }
}
