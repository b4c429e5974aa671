// Rows of a pane's screen that hold a question already answered. A line-oriented agent leaves its question on
// screen with the answer typed after it ("Allow this command? (y/n) y"); read again, that row would look like a new
// question. Each answered row is followed as the screen scrolls (an xterm marker) and blanked in what the detector
// reads, until the row shows something else (a TUI removed its dialog) or leaves the screen's history.

import type { IDisposable, IMarker, Terminal as XTerm } from '@xterm/headless';

interface AnsweredRow {
  /** Follows the row through scrolling; absent on the alternate screen, which does not scroll into history. */
  marker: IMarker | undefined;
  /** The row's index in the buffer when the marker is absent. */
  line: number;
  buffer: 'normal' | 'alternate';
  /** What the row held when it was answered: it may grow (the typed answer is echoed after it), never change. */
  text: string;
}

/** Most answered rows remembered: rows scroll away long before, this only bounds a pathological pane. */
const MAX_ANSWERED_ROWS = 64;

export class AnsweredRows {
  private readonly rows: AnsweredRow[] = [];
  private readonly bufferWatch: IDisposable;

  constructor(private readonly terminal: XTerm) {
    // Leaving the alternate screen clears it: what was answered there is gone, even if the same words come back.
    this.bufferWatch = terminal.buffer.onBufferChange((buffer) => {
      if (buffer.type !== 'normal') return;
      for (let i = this.rows.length - 1; i >= 0; i--) if (this.rows[i].buffer === 'alternate') this.forget(i);
    });
  }

  /** Screen row `row`, now showing `text`, holds the question just answered. */
  add(row: number, text: string): void {
    if (text.trim() === '') return;
    const buffer = this.terminal.buffer.active;
    const marker = buffer.type === 'normal' ? this.terminal.registerMarker(row - buffer.cursorY) : undefined;
    this.rows.push({ marker, line: buffer.baseY + row, buffer: buffer.type, text });
    if (this.rows.length > MAX_ANSWERED_ROWS) this.forget(0);
  }

  /**
   * The screen's rows with every answered row (and the rows it wraps onto) blanked. Rows that changed or left
   * the history are forgotten.
   */
  blank(lines: readonly string[], wrapped: readonly boolean[]): string[] {
    const out = [...lines];
    const buffer = this.terminal.buffer.active;
    for (let i = this.rows.length - 1; i >= 0; i--) {
      const answered = this.rows[i];
      const line = answered.marker ? answered.marker.line : answered.line;
      if (answered.buffer !== buffer.type || answered.marker?.isDisposed === true || line < 0) {
        this.forget(i);
        continue;
      }
      const row = line - buffer.baseY;
      if (row < 0 || row >= out.length) continue; // scrolled up into the history: still answered if it comes back
      if (!out[row].startsWith(answered.text)) {
        this.forget(i);
        continue;
      }
      out[row] = '';
      for (let next = row + 1; next < out.length && wrapped[next]; next++) out[next] = '';
    }
    return out;
  }

  dispose(): void {
    this.bufferWatch.dispose();
    for (const row of this.rows.splice(0)) row.marker?.dispose();
  }

  private forget(index: number): void {
    const [row] = this.rows.splice(index, 1);
    row?.marker?.dispose();
  }
}
