// What the mouse does for one attached client: a click focuses a pane, dragging a divider resizes,
// the wheel scrolls back (or goes to a program that asked for mouse reports), and dragging over a
// pane selects text and copies it on release. Programs that asked get reports in their own cells.

import type { Boundary } from '../../mosaic/index.js';
import type { KeyToken } from '../../term/keys/decode.js';
import type { MouseEvent } from '../../term/keys/mouse.js';
import { encodeMouse, wantsEvent } from '../../term/paneMouse.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { ScrollModes } from './scrollModes.js';

/** Lines one wheel notch scrolls (as tmux and most terminals do). */
const WHEEL_LINES = 3;

export interface MouseHost {
  workspace(): Workspace;
  readonly scrolls: ScrollModes;
  overlayOpen(): boolean;
  /** Runs an operation; a refusal becomes a message. */
  attempt(operation: () => unknown): void;
  /** The user's copy: to the clipboards; false when refused. */
  copy(text: string): boolean;
}

type Drag =
  | { kind: 'boundary'; boundary: Boundary }
  | { kind: 'program'; paneId: number }
  | { kind: 'select'; paneId: number; from: { x: number; y: number }; started: boolean };

export class MouseInput {
  private drag: Drag | undefined;

  constructor(private readonly host: MouseHost) {}

  handle(token: KeyToken): void {
    const event = token.mouse;
    if (!event || this.host.overlayOpen()) return;
    if (event.button.startsWith('wheel')) this.wheel(event);
    else if (event.action === 'press') this.press(event);
    else if (event.action === 'move') this.move(event);
    else this.release(event);
  }

  private wheel(event: MouseEvent): void {
    const hit = this.paneAt(event.x, event.y);
    if (!hit) return;
    const { pane, col, row } = hit;
    if (!this.host.scrolls.isScrolled(pane.id) && this.sendToProgram(pane, event, col, row)) return;
    const up = event.button === 'wheel-up';
    if (!this.host.scrolls.isScrolled(pane.id) && pane.isLive && pane.emulator.terminal.buffer.active.type === 'alternate') {
      // A full-screen program without history or mouse reports (less, man, vim without `mouse`):
      // arrow keys, as terminals' "alternate scroll" mode does.
      if (!up && event.button !== 'wheel-down') return;
      const arrow = (pane.inputModes.applicationCursorKeys ? '\x1bO' : '\x1b[') + (up ? 'A' : 'B');
      pane.write(arrow.repeat(WHEEL_LINES));
      return;
    }
    if (event.button === 'wheel-up') this.host.scrolls.wheel(pane, -WHEEL_LINES);
    else if (event.button === 'wheel-down') this.host.scrolls.wheel(pane, WHEEL_LINES);
  }

  private press(event: MouseEvent): void {
    this.drag = undefined;
    if (event.button !== 'left') {
      const hit = this.paneAt(event.x, event.y);
      if (hit && !this.host.scrolls.isScrolled(hit.pane.id) && this.sendToProgram(hit.pane, event, hit.col, hit.row)) {
        this.drag = { kind: 'program', paneId: hit.pane.id };
      }
      return;
    }
    const workspace = this.host.workspace();
    const boundary = workspace.boundaryAt(event.x, event.y);
    if (boundary) {
      this.drag = { kind: 'boundary', boundary };
      return;
    }
    const hit = this.paneAt(event.x, event.y);
    if (!hit) return;
    const { pane, col, row } = hit;
    if (workspace.focusedPaneId !== pane.id) this.host.attempt(() => workspace.focus(pane.id));
    if (row < 0) return; // the header: focus only
    if (!this.host.scrolls.isScrolled(pane.id) && this.sendToProgram(pane, event, col, row)) {
      this.drag = { kind: 'program', paneId: pane.id };
      return;
    }
    const scroll = this.host.scrolls.of(pane.id);
    if (scroll) {
      // A click in a scrolled pane puts the copy cursor there and drops a selection.
      scroll.view.selection = undefined;
      scroll.view.cursorTo({ line: scroll.view.top + row, col });
      this.host.scrolls.enter(pane);
    }
    this.drag = { kind: 'select', paneId: pane.id, from: { x: col, y: row }, started: false };
  }

  private move(event: MouseEvent): void {
    const drag = this.drag;
    if (!drag) {
      // Motion with no button (a program that asked for every motion): only programs care.
      const hit = this.paneAt(event.x, event.y);
      if (hit && hit.row >= 0 && !this.host.scrolls.isScrolled(hit.pane.id)) this.sendToProgram(hit.pane, event, hit.col, hit.row);
      return;
    }
    const workspace = this.host.workspace();
    if (drag.kind === 'boundary') {
      const position = drag.boundary.axis === 'row' ? event.x : event.y;
      this.host.attempt(() => workspace.moveBoundary(drag.boundary, position));
      return;
    }
    const pane = workspace.panes.get(drag.paneId);
    const rect = workspace.layout.panes.get(drag.paneId)?.content;
    if (!pane || !rect) return;
    const col = clamp(event.x - rect.x, 0, rect.width - 1);
    const row = clamp(event.y - rect.y, 0, rect.height - 1);
    if (drag.kind === 'program') {
      this.sendToProgram(pane, event, col, row, true);
      return;
    }
    const scroll = this.host.scrolls.of(pane.id) ?? this.host.scrolls.enter(pane, { byMouse: true });
    const view = scroll.view;
    if (!drag.started) {
      drag.started = true;
      view.cursorTo({ line: view.top + drag.from.y, col: drag.from.x });
      view.selection = undefined;
      view.toggleSelection('char');
    }
    // Dragging past the top or bottom edge scrolls.
    if (event.y < rect.y) view.scroll(-1);
    else if (event.y >= rect.y + rect.height) view.scroll(1);
    view.cursorTo({ line: view.top + row, col });
    this.host.scrolls.enter(pane);
  }

  private release(event: MouseEvent): void {
    const drag = this.drag;
    this.drag = undefined;
    if (!drag) return;
    const workspace = this.host.workspace();
    const pane = workspace.panes.get(drag.kind === 'boundary' ? -1 : drag.paneId);
    if (!pane) return;
    if (drag.kind === 'program') {
      const rect = workspace.layout.panes.get(pane.id)?.content;
      if (rect) this.sendToProgram(pane, event, clamp(event.x - rect.x, 0, rect.width - 1), clamp(event.y - rect.y, 0, rect.height - 1));
      return;
    }
    if (drag.kind !== 'select' || !drag.started) return;
    const scroll = this.host.scrolls.of(pane.id);
    const text = scroll?.view.selectedText() ?? '';
    if (text.length === 0 || !scroll) return;
    if (this.host.copy(text) && scroll.byMouse) this.host.scrolls.leave(pane, true);
  }

  /** The pane under a screen cell, with the cell in pane coordinates (row -1 is its header). */
  private paneAt(x: number, y: number): { pane: Pane; col: number; row: number } | undefined {
    const workspace = this.host.workspace();
    for (const [id, rects] of workspace.layout.panes) {
      const { frame, content } = rects;
      if (x < frame.x || x >= frame.x + frame.width || y < frame.y || y >= frame.y + frame.height) continue;
      const pane = workspace.panes.get(id);
      return pane ? { pane, col: x - content.x, row: y - content.y } : undefined;
    }
    return undefined;
  }

  /** Sends the event to the pane's program when it asked for this kind of report; true when it did. */
  private sendToProgram(pane: Pane, event: MouseEvent, col: number, row: number, buttonHeld = false): boolean {
    if (!pane.isLive || row < 0) return false;
    const { tracking, encoding } = pane.emulator.mouseTracking;
    if (tracking === 'none') return false;
    if (!wantsEvent(tracking, event, buttonHeld)) return true;
    const bytes = encodeMouse(event, col, row, tracking, encoding);
    if (bytes !== undefined) pane.write(bytes);
    return true;
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), Math.max(low, high));
}
