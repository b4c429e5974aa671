// Draws one client's screen: chrome through the offscreen Ink root, panes straight from their
// emulators, composed and diffed so only changed cells travel.

import type { OffscreenChrome } from '../../app/offscreenChrome.js';
import type { ChromeModel } from '../../app/chromeModel.js';
import { SMALL_FRAME_BYTES } from '../../limits.js';
import { ansiToCells } from '../../term/ansiToCells.js';
import { Compositor, type CursorState, type PaneView } from '../../term/compositor.js';
import type { Emulator } from '../../term/emulator.js';
import type { Workspace } from '../workspaces/workspace.js';
import { paintMarks } from '../../term/scroll/paint.js';
import type { ScrollView } from '../../term/scroll/scrollView.js';
import { FrameHolds } from './frameHolds.js';
import { offerSpareChrome, takeChrome } from './spareChrome.js';
import type { PaneScroll } from './paneScroll.js';

const HIDDEN_CURSOR: CursorState = { x: 0, y: 0, visible: false, shape: 0 };
/** DECSCUSR 2. */
const STEADY_BLOCK = 2;

export class Painter {
  private readonly compositor: Compositor;
  private chrome: OffscreenChrome | undefined;
  private readonly holds = new FrameHolds();
  /** The chrome's model changed and the chrome has not been built again since (see chromeChanged). */
  private chromePending = false;

  constructor(
    cols: number,
    rows: number,
    private trueColor: boolean,
  ) {
    this.compositor = new Compositor(cols, rows);
  }

  /** The settings changed how colours are sent: everything is drawn again in the new form. */
  setTrueColor(trueColor: boolean): void {
    if (trueColor === this.trueColor) return;
    this.trueColor = trueColor;
    this.compositor.repaintAll();
  }

  resize(cols: number, rows: number): void {
    this.compositor.resize(cols, rows);
  }

  repaintAll(): void {
    this.compositor.repaintAll();
  }

  markDirty(emulator: Emulator): void {
    this.compositor.markDirty(emulator);
  }

  /**
   * The chrome's model changed: it is built again for the next frame (by the painter's owner, see
   * chromeIsPending), once however many changes come before it. Until then it counts as a big change.
   */
  chromeChanged(): void {
    this.chromePending = true;
  }

  get chromeIsPending(): boolean {
    return this.chromePending;
  }

  /** Re-renders the chrome when the model changed. */
  updateChrome(model: ChromeModel): void {
    this.chromePending = false;
    let text: string;
    let changed: boolean;
    if (!this.chrome) {
      this.chrome = takeChrome(model);
      text = this.chrome.text;
      changed = true;
    } else {
      ({ text, changed } = this.chrome.update(model));
    }
    if (!changed) return;
    const overlay = model.overlay.kind === 'none' ? undefined : model.overlay.rect;
    this.compositor.setChrome(ansiToCells(text, model.cols, model.rows), overlay);
  }

  /** The bytes that bring the client's terminal up to date ('' when nothing changed). `scrollOf` gives a pane's scroll mode. */
  render(workspace: Workspace, overlayOpen: boolean, scrollOf: (paneId: number) => PaneScroll | undefined): string {
    const views: PaneView[] = [];
    for (const [id, rects] of workspace.layout.panes) {
      const pane = workspace.panes.get(id);
      if (!pane) continue;
      const scroll = scrollOf(id);
      const view = scroll?.view;
      views.push({
        emulator: pane.emulator,
        content: rects.content,
        scrolled: view && scroll && { from: { buffer: scroll.buffer, top: view.top }, mark: (grid, x, y, w, h) => paintMarks(grid, x, y, w, h, view) },
      });
    }
    const scroll = scrollOf(workspace.focusedPaneId);
    const cursor = overlayOpen ? HIDDEN_CURSOR : scroll ? copyCursorOf(workspace, scroll.view) : cursorOf(workspace);
    return this.compositor.render(views, cursor, {
      trueColor: this.trueColor,
      isHeld: (emulator) => this.holds.isHeld(emulator, performance.now()),
      cursorPane: overlayOpen || scroll ? undefined : workspace.focusedPane?.emulator,
    });
  }

  /** The next frame carries little (an echo, a prompt line), not a screenful or a full redraw. */
  isSmall(): boolean {
    if (this.chromePending) return false;
    const dirty = this.compositor.dirtyPanes;
    if (dirty === undefined) return false;
    const now = performance.now();
    let bytes = 0;
    for (const emulator of dirty) bytes += this.holds.pendingBytes(emulator, now);
    return bytes <= SMALL_FRAME_BYTES;
  }

  /**
   * False when the only changes are in panes held back now (see FrameHolds): a paint would send
   * nothing. Then retryDelay() says when to ask again.
   */
  canDraw(): boolean {
    if (this.chromePending) return true;
    const dirty = this.compositor.dirtyPanes;
    if (dirty === undefined) return true;
    const now = performance.now();
    for (const emulator of dirty) if (!this.holds.wouldHold(emulator, now)) return true;
    return false;
  }

  /** Milliseconds until a pane held back this frame should be drawn (undefined when none was). */
  retryDelay(): number | undefined {
    return this.holds.takeRetryDelay(performance.now());
  }

  dispose(): void {
    // The chrome is a function of its model alone (no component keeps state), so the next client
    // can take it as it is: that client skips building an Ink root, and this one skips unmounting it.
    if (this.chrome) offerSpareChrome(this.chrome);
    this.chrome = undefined;
    this.holds.clear();
  }
}

/** In scroll mode the terminal's cursor is the copy cursor: a steady block. */
function copyCursorOf(workspace: Workspace, view: ScrollView): CursorState {
  const rect = workspace.layout.panes.get(workspace.focusedPaneId)?.content;
  const row = view.cursorRow();
  if (!rect || row < 0 || row >= rect.height || view.cursor.col >= rect.width) return HIDDEN_CURSOR;
  return { x: rect.x + view.cursor.col, y: rect.y + row, visible: true, shape: STEADY_BLOCK };
}

function cursorOf(workspace: Workspace): CursorState {
  const pane = workspace.focusedPane;
  const rect = workspace.layout.panes.get(workspace.focusedPaneId)?.content;
  if (!pane || !rect || pane.isExited) return HIDDEN_CURSOR;
  const emulator = pane.emulator;
  const x = emulator.cursorX;
  const y = emulator.cursorY;
  // x equals the width while a wrap is pending (the last column was just written): the cursor is
  // still drawn in the last column, as every terminal does.
  const inside = x <= rect.width && y < rect.height;
  return { x: rect.x + Math.min(x, rect.width - 1), y: rect.y + y, visible: emulator.cursorVisible && inside, shape: emulator.cursorShape };
}
