// One client's scroll mode in one pane: a ScrollView bound to the pane's emulator buffer, kept on the
// same text while new output arrives and old lines fall off the top of a full history.

import type { Emulator } from '../../term/emulator.js';
import type { PaneLines } from '../../term/history/paneLines.js';
import { ScrollView } from '../../term/scroll/scrollView.js';

export class PaneScroll {
  readonly view: ScrollView;
  /** The buffer shown: the one that was active on entering (a program may switch screens meanwhile). */
  readonly buffer: PaneLines;
  /** Entered with the mouse wheel: scrolling back down to the live screen leaves by itself. */
  readonly byMouse: boolean;
  /** The buffer's count of lines dropped from its front when the view last caught up. */
  private dropped: number;

  constructor(
    readonly emulator: Emulator,
    byMouse: boolean,
  ) {
    this.buffer = emulator.activeLines;
    this.byMouse = byMouse;
    this.view = new ScrollView(this.buffer, emulator.rows, { x: emulator.cursorX, y: emulator.cursorY });
    this.dropped = this.buffer.dropped;
  }

  /** Catches up with the emulator (lines dropped from the history, a new pane size); call before reading the view. */
  sync(): ScrollView {
    const view = this.view;
    if (view.height !== this.emulator.rows) {
      const offset = view.offset;
      view.resize(this.emulator.rows);
      view.scroll(view.maxTop - offset - view.top);
    }
    const dropped = this.buffer.dropped;
    if (dropped > this.dropped) view.linesTrimmed(dropped - this.dropped);
    this.dropped = dropped;
    return view;
  }

  dispose(): void {
    // Nothing to release: the view only reads the pane's lines.
  }
}
