// What a program sends for the user's own terminal: the bell and clipboard writes (OSC 52), passed to
// the terminals that show its workspace, each rate-limited per pane so a flood never reaches the user.
// (Modes a finished command left on are turned off by the emulator itself: see term/modesLeftOn.ts.)

import { BELL_BURST, BELLS_PER_SECOND, CLIPBOARD_BURST, CLIPBOARD_WRITES_PER_SECOND } from '../../limits.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { watchClipboardWrites, type ClipboardWrite } from '../../term/clipboardWrites.js';
import type { Pane } from '../panes/pane.js';
import type { PaneHome } from '../panes/paneHome.js';
import type { Workspace } from '../workspaces/workspace.js';
import { RateLimit } from './rateLimit.js';

/** An attached client, as far as passthrough needs one. */
export interface PassthroughClient {
  /** Rings the bell on the client's terminal. */
  ring(): void;
  /** Writes a whole OSC 52 sequence to the client's terminal (its clipboard). */
  setClipboard(sequence: string): void;
  /** Shows a one-line message in the client's status bar. */
  notice(text: string): void;
}

export interface PassthroughHost {
  /** The clients that show this workspace now. */
  viewers(workspace: Workspace): PassthroughClient[];
  settings(): Settings;
}

export class Passthrough {
  constructor(private readonly host: PassthroughHost) {}

  /** Starts passing a new pane's bell and clipboard writes on; stops when the pane closes. */
  watch(pane: Pane, home: PaneHome): void {
    const bells = new RateLimit(BELLS_PER_SECOND, BELL_BURST);
    const writes = new RateLimit(CLIPBOARD_WRITES_PER_SECOND, CLIPBOARD_BURST);
    let refusing = false;
    pane.own(pane.emulator.onBell(() => bells.take() && this.ring(pane, home.workspace)));
    pane.own(
      watchClipboardWrites(pane.emulator, (write) => {
        const allowed = writes.take();
        if (allowed) refusing = false;
        else if (refusing) return; // said once per flood
        else refusing = true;
        this.clipboard(pane, home.workspace, allowed ? write : { ok: false, reason: 'too many clipboard writes; the rest are dropped' });
      }),
    );
  }

  private ring(pane: Pane, workspace: Workspace): void {
    const viewers = this.host.viewers(workspace);
    for (const client of viewers) client.ring();
    const visible = viewers.length > 0 && (workspace.zoomedPaneId === undefined || workspace.zoomedPaneId === pane.id);
    if (!visible && pane.ring()) workspace.notify(); // shown on its header until it is focused
  }

  private clipboard(pane: Pane, workspace: Workspace, write: ClipboardWrite): void {
    const viewers = this.host.viewers(workspace);
    if (!write.ok) {
      for (const client of viewers) client.notice(`pane ${pane.id}: ${write.reason}`);
      return;
    }
    if (this.host.settings().clipboard !== 'allow') return;
    for (const client of viewers) client.setClipboard(`\x1b]52;${write.selection};${write.base64}\x07`);
  }
}
