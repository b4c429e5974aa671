// What a pane does with input for its program: every key, paste, send-keys and emulator reply goes
// through the PTY's input queue, and a large paste shows how far it has got.

import { PASTE_PROGRESS_MIN_BYTES } from '../limits.js';
import type { Disposable, PtyProcess } from '../pty/ptyProcess.js';

export class PaneInput implements Disposable {
  private label: string | undefined;
  private readonly subscription: Disposable;

  /** `labelChanged` runs when the progress label ("pasting 40%") appears, changes or goes away. */
  constructor(
    private readonly pty: PtyProcess,
    private readonly labelChanged: () => void,
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
  }

  private refreshLabel(): void {
    const progress = this.pty.inputProgress;
    const label =
      progress && progress.total >= PASTE_PROGRESS_MIN_BYTES
        ? `pasting ${Math.floor((100 * progress.written) / progress.total)}%`
        : undefined;
    if (label === this.label) return;
    this.label = label;
    this.labelChanged();
  }
}
