// Draws one client's screen: chrome through the offscreen Ink root, panes straight from their
// emulators, composed and diffed so only changed cells travel.

import { OffscreenChrome } from '../../app/offscreenChrome.js';
import type { ChromeModel } from '../../app/chromeModel.js';
import { SYNC_OUTPUT_TIMEOUT_MS } from '../../limits.js';
import { ansiToCells } from '../../term/ansiToCells.js';
import { Compositor, type CursorState, type PaneView } from '../../term/compositor.js';
import type { Emulator } from '../../term/emulator.js';
import type { Workspace } from '../workspace.js';

const HIDDEN_CURSOR: CursorState = { x: 0, y: 0, visible: false, shape: 0 };

export class Painter {
  private readonly compositor: Compositor;
  private chrome: OffscreenChrome | undefined;
  /** When each pane in synchronized-output mode started holding its frame. */
  private readonly heldSince = new Map<Emulator, number>();

  constructor(
    cols: number,
    rows: number,
    private readonly trueColor: boolean,
  ) {
    this.compositor = new Compositor(cols, rows);
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

  /** Re-renders the chrome when the model changed. */
  updateChrome(model: ChromeModel): void {
    let text: string;
    let changed: boolean;
    if (!this.chrome) {
      this.chrome = new OffscreenChrome(model);
      text = this.chrome.text;
      changed = true;
    } else {
      ({ text, changed } = this.chrome.update(model));
    }
    if (!changed) return;
    const overlay = model.overlay.kind === 'help' ? model.overlay.rect : undefined;
    this.compositor.setChrome(ansiToCells(text, model.cols, model.rows), overlay);
  }

  /** The bytes that bring the client's terminal up to date ('' when nothing changed). */
  render(workspace: Workspace, overlayOpen: boolean): string {
    const views: PaneView[] = [];
    for (const [id, rects] of workspace.layout.panes) {
      const pane = workspace.panes.get(id);
      if (pane) views.push({ emulator: pane.emulator, content: rects.content });
    }
    return this.compositor.render(views, overlayOpen ? HIDDEN_CURSOR : cursorOf(workspace), {
      trueColor: this.trueColor,
      isHeld: (emulator) => this.isHeld(emulator),
    });
  }

  /** Some pane holds back a synchronized frame: paint again once it may have timed out. */
  hasHeldPanes(): boolean {
    return this.heldSince.size > 0;
  }

  /** True while a pane is inside a synchronized-output frame that has not timed out. */
  private isHeld(emulator: Emulator): boolean {
    if (!emulator.synchronizedOutput) {
      this.heldSince.delete(emulator);
      return false;
    }
    const since = this.heldSince.get(emulator);
    const now = performance.now();
    if (since === undefined) {
      this.heldSince.set(emulator, now);
      return true;
    }
    return now - since < SYNC_OUTPUT_TIMEOUT_MS;
  }

  dispose(): void {
    this.chrome?.dispose();
    this.heldSince.clear();
  }
}

function cursorOf(workspace: Workspace): CursorState {
  const pane = workspace.focusedPane;
  const rect = workspace.layout.panes.get(workspace.focusedPaneId)?.content;
  if (!pane || !rect || pane.isExited) return HIDDEN_CURSOR;
  const emulator = pane.emulator;
  const x = emulator.cursorX;
  const y = emulator.cursorY;
  const inside = x < rect.width && y < rect.height;
  return { x: rect.x + Math.min(x, rect.width - 1), y: rect.y + y, visible: emulator.cursorVisible && inside, shape: emulator.cursorShape };
}
