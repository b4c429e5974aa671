// The user's terminal window title, following the focused pane's title (setting `setTitle`). The
// client saves the terminal's own title when it attaches and puts it back when it leaves.

import { MAX_TITLE_CHARS } from '../../limits.js';
import { visibleText } from '../../term/visibleText.js';

export class OuterTitle {
  private shown: string | undefined;

  constructor(private readonly send: (bytes: string) => void) {}

  update(title: string, enabled: boolean): void {
    if (!enabled) return;
    // Control characters would end the sequence early and let a program write to the terminal raw:
    // they are shown as marks, like every text from outside.
    const clean = visibleText(title).slice(0, MAX_TITLE_CHARS);
    if (clean === this.shown) return;
    this.shown = clean;
    this.send(`\x1b]2;${clean}\x07`);
  }
}
