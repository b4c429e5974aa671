// One client's scroll mode in one pane: a ScrollView bound to the pane's emulator buffer, kept on the
// same text while new output arrives and old lines fall off the top of a full history.

import type { IBuffer, IMarker } from '@xterm/headless';
import type { Emulator } from '../../term/emulator.js';
import { ScrollView } from '../../term/scroll/scrollView.js';
import { xtermScrollBuffer } from '../../term/scroll/xtermBuffer.js';

export class PaneScroll {
  readonly view: ScrollView;
  /** The buffer shown: the one that was active on entering (a program may switch screens meanwhile). */
  readonly buffer: IBuffer;
  /** Entered with the mouse wheel: scrolling back down to the live screen leaves by itself. */
  readonly byMouse: boolean;
  /** A marker on a recent line: when the history is full, it moves up as old lines are dropped. */
  private marker: IMarker | undefined;
  private markerLine = 0;

  constructor(
    readonly emulator: Emulator,
    byMouse: boolean,
  ) {
    const terminal = emulator.terminal;
    this.buffer = terminal.buffer.active.type === 'normal' ? terminal.buffer.normal : terminal.buffer.alternate;
    this.byMouse = byMouse;
    this.view = new ScrollView(
      xtermScrollBuffer(this.buffer, () => terminal.cols),
      emulator.rows,
      { x: emulator.cursorX, y: emulator.cursorY },
    );
    this.track();
  }

  /** Catches up with the emulator (lines dropped from the history, a new pane size); call before reading the view. */
  sync(): ScrollView {
    const view = this.view;
    if (view.height !== this.emulator.rows) {
      const offset = view.offset;
      view.resize(this.emulator.rows);
      view.scroll(view.maxTop - offset - view.top);
    }
    if (this.marker) {
      if (this.marker.isDisposed) view.linesTrimmed(this.markerLine + 1);
      else if (this.marker.line < this.markerLine) view.linesTrimmed(this.markerLine - this.marker.line);
    }
    this.track();
    return view;
  }

  dispose(): void {
    this.marker?.dispose();
    this.marker = undefined;
  }

  private track(): void {
    const terminal = this.emulator.terminal;
    // Only the normal screen has a history to trim, and markers can only be placed on the active one.
    if (this.buffer.type !== 'normal' || terminal.buffer.active.type !== 'normal') return;
    if (!this.marker || this.marker.isDisposed) this.marker = terminal.registerMarker(0);
    this.markerLine = this.marker?.line ?? 0;
  }
}
