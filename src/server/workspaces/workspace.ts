// A workspace: named panes arranged in a split tree, with one focused pane and maybe one zoomed.

import {
  boundaryAt,
  canSplit,
  closePane as closeInTree,
  equalize,
  fitsMinimum,
  layoutTree,
  moveBoundary,
  nextPreset,
  paneIds,
  paneInDirection,
  resizePane as resizeInTree,
  presetTree,
  splitPane as splitInTree,
  swapInTree,
  type Boundary,
  type Layout,
  type LayoutNode,
  type LayoutPreset,
  type Rect,
  type ScreenDirection,
  type SplitSide,
} from '../../mosaic/index.js';
import type { WaitingWork, WorkspaceKind } from '../../store/workspaceRecord.js';
import { sendFocusEvent } from '../panes/focusEvents.js';
import { RefusedError } from '../refusedError.js';
import type { Pane } from '../panes/pane.js';

/** Rows below the panes: the workspace strip (every workspace, one row) and the status bar. */
export const STATUS_BAR_ROWS = 2;
/** The same panes in the same arrangement, whatever the sizes. */
function sameShape(a: LayoutNode, b: LayoutNode): boolean {
  if (a.kind === 'pane' || b.kind === 'pane') return a.kind === 'pane' && b.kind === 'pane' && a.paneId === b.paneId;
  return a.direction === b.direction && a.children.length === b.children.length && a.children.every((child, i) => sameShape(child, b.children[i]));
}

/** Panes remembered in a workspace's focus history; older ones are forgotten. */
const MAX_FOCUS_HISTORY = 64;

/** Re-exported for the files that import it from here; new code imports it from refusedError.ts. */
export { RefusedError } from '../refusedError.js';

/** Per-workspace choices that apply to every agent pane in it. */
export interface WorkspaceSettings {
  /** Written into every agent pane (never a plain shell) once that agent is ready, once per launch. */
  prompt?: string;
  /** Agents start with their "skip permission prompts" flag: they run tools without asking. */
  bypassPermissions: boolean;
  /** The shell for this workspace's terminal panes (a command line), instead of the app default. */
  shell?: string;
}

/** Where a workspace's folder came from, and when it was made: kept in its record. */
export interface WorkspaceOrigin {
  kind: WorkspaceKind;
  /** worktree: the source repository's folder; clone: the URL. */
  repo?: string;
  branch?: string;
  base?: string;
  template?: string;
  /** ISO 8601. */
  created: string;
}

/** The panes a workspace starts with: one new pane, or a restored tree of them. */
export interface InitialPanes {
  panes: Pane[];
  tree: LayoutNode;
  focusedPaneId: number;
  zoomedPaneId?: number;
}

export function singlePane(pane: Pane): InitialPanes {
  return { panes: [pane], tree: { kind: 'pane', paneId: pane.id }, focusedPaneId: pane.id };
}

type Listener = () => void;

export class Workspace {
  /** Changed only by the registry's rename (which re-keys its maps and records). */
  name: string;
  readonly cwd: string;
  readonly panes = new Map<number, Pane>();
  focusedPaneId: number;
  zoomedPaneId: number | undefined;
  private tree: LayoutNode;
  /** Panes that had the focus before, most recent first: closing a pane gives the focus back. */
  private focusOrder: number[] = [];
  private cols: number;
  private rows: number;
  private cachedLayout: Layout | undefined;
  /** The preset last chosen (select-layout), so the cycling key goes on from it. */
  private preset: LayoutPreset | undefined;
  private readonly listeners = new Set<Listener>();

  readonly settings: WorkspaceSettings;
  /** Panes marked for synchronized input: what is typed into one of them goes to all (see syncInput.ts). */
  readonly synced = new Set<number>();
  readonly origin: WorkspaceOrigin;
  /** When a client last showed it (ISO 8601). */
  lastOpened: string | undefined;
  /** The variables its panes start with (name, folder, slot, ports); set when it opens. */
  env: Record<string, string> = {};
  /** What its project file would start once the user approves the file (kept in its record; see project/). */
  waitingForApproval: WaitingWork | undefined;
  /** A line for the status bar of the next client that attaches (e.g. what a template left out); shown once. */
  notice: string | undefined;
  /** Called when focusing a pane cleared its "needs you" mark (every client's count changes). */
  attentionCleared: (() => void) | undefined;

  constructor(
    name: string,
    cwd: string,
    initial: InitialPanes,
    size: { cols: number; rows: number },
    settings: WorkspaceSettings = { bypassPermissions: false },
    origin: WorkspaceOrigin = { kind: 'adopted', created: new Date().toISOString() },
  ) {
    this.name = name;
    this.settings = settings;
    this.origin = origin;
    this.cwd = cwd;
    this.tree = initial.tree;
    for (const pane of initial.panes) this.panes.set(pane.id, pane);
    this.focusedPaneId = initial.focusedPaneId;
    this.zoomedPaneId = initial.zoomedPaneId;
    this.cols = size.cols;
    this.rows = size.rows;
    this.resizePanes();
  }

  /** The area the panes share: the client's screen minus the status bar. */
  get area(): Rect {
    return { x: 0, y: 0, width: this.cols, height: Math.max(1, this.rows - STATUS_BAR_ROWS) };
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.cols, rows: this.rows };
  }

  get layout(): Layout {
    this.cachedLayout ??= layoutTree(this.tree, this.area, { zoomedPaneId: this.zoomedPaneId });
    return this.cachedLayout;
  }

  get focusedPane(): Pane {
    return this.panes.get(this.focusedPaneId) as Pane;
  }

  /** The split tree with its proportions (for the workspace's record). */
  get layoutTree(): LayoutNode {
    return this.tree;
  }

  /** Panes in reading order (left to right, top to bottom). */
  orderedPanes(): Pane[] {
    return paneIds(this.tree).map((id) => this.panes.get(id) as Pane);
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many listen to the workspace now: what a client or a pane that went took must come back (tests of lifetimes). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /** The workspace's screen size (the smallest attached client's, or the last one known). */
  setSize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.cols = cols;
    this.rows = rows;
    this.relayout();
  }

  /** Checks a split before the new pane's program is started; throws RefusedError with the reason. */
  checkSplit(targetId: number, side: SplitSide): void {
    this.requirePane(targetId);
    const verdict = canSplit(this.tree, this.area, targetId, side);
    if (!verdict.ok) throw new RefusedError(verdict.reason);
  }

  /** Adds a started pane next to `targetId`; call checkSplit first. */
  addSplit(targetId: number, pane: Pane, side: SplitSide, focus: boolean): void {
    this.tree = splitInTree(this.tree, targetId, pane.id, side);
    this.panes.set(pane.id, pane);
    this.zoomedPaneId = undefined; // a new pane hidden behind a zoom would be a surprise
    if (focus) this.moveFocus(pane.id);
    this.relayout();
  }

  /**
   * Moves one of its panes next to another of its panes (move-pane within a workspace): the gap it
   * leaves closes as when a pane closes, and it takes the focus. Refused when it would land where it is.
   */
  movePane(paneId: number, targetId: number, side: SplitSide): void {
    this.requirePane(paneId);
    this.requirePane(targetId);
    if (paneId === targetId) throw new RefusedError(`pane ${paneId} cannot be moved next to itself`);
    const without = closeInTree(this.tree, paneId) as LayoutNode; // another pane (the target) stays
    const verdict = canSplit(without, this.area, targetId, side);
    if (!verdict.ok) throw new RefusedError(verdict.reason);
    const next = splitInTree(without, targetId, paneId, side);
    if (sameShape(next, this.tree)) throw new RefusedError(`pane ${paneId} is already ${side === 'right' ? 'right of' : 'below'} pane ${targetId}`);
    this.tree = next;
    this.zoomedPaneId = undefined;
    this.moveFocus(paneId);
    this.relayout();
  }

  /** Puts a pane started again (same id, e.g. after sleep) in the place of the old one. */
  replacePane(pane: Pane): void {
    this.requirePane(pane.id);
    this.panes.set(pane.id, pane);
    this.relayout();
  }

  /** Removes a pane from the tree (its process is handled by the caller). Returns false when it was the last. */
  removePane(paneId: number): boolean {
    const next = closeInTree(this.tree, paneId);
    this.panes.delete(paneId);
    this.synced.delete(paneId);
    if (this.zoomedPaneId === paneId) this.zoomedPaneId = undefined;
    if (!next) return false;
    this.tree = next;
    this.focusOrder = this.focusOrder.filter((id) => id !== paneId);
    // As in tmux, focus goes back to the pane that had it before the closed one.
    if (this.focusedPaneId === paneId) {
      this.focusedPaneId = this.focusOrder.shift() ?? paneIds(next)[0];
      sendFocusEvent(this.panes.get(this.focusedPaneId), true);
    }
    this.relayout();
    return true;
  }

  focus(paneId: number): void {
    const pane = this.requirePane(paneId);
    const { rang, attention } = pane.seen();
    if (attention) this.attentionCleared?.();
    if (this.zoomedPaneId !== undefined && this.zoomedPaneId !== paneId) this.zoomedPaneId = undefined;
    if (this.focusedPaneId === paneId) {
      if (rang) this.notify();
      return;
    }
    this.moveFocus(paneId);
    this.relayout();
  }

  /** Moves focus to the neighbour in a direction; false when there is none. */
  focusDirection(direction: ScreenDirection): boolean {
    const layout = this.zoomedPaneId === undefined ? this.layout : layoutTree(this.tree, this.area);
    const target = paneInDirection(layout, this.focusedPaneId, direction, this.focusOrder);
    if (target === undefined) return false;
    this.focus(target);
    return true;
  }

  focusNext(step: 1 | -1): void {
    const ids = paneIds(this.tree);
    const at = ids.indexOf(this.focusedPaneId);
    this.focus(ids[(at + step + ids.length) % ids.length]);
  }

  toggleZoom(paneId: number): void {
    this.requirePane(paneId);
    this.zoomedPaneId = this.zoomedPaneId === paneId ? undefined : paneId;
    if (this.zoomedPaneId !== undefined) this.moveFocus(paneId);
    this.relayout();
  }

  resizePane(paneId: number, direction: ScreenDirection, cells: number): void {
    this.requirePane(paneId);
    const result = resizeInTree(this.tree, paneId, direction, cells, this.area);
    if (!result.ok) throw new RefusedError(result.reason);
    this.tree = result.tree;
    this.relayout();
  }

  /** The boundary between panes at a screen cell (a divider, or the header of a pane below another); none while zoomed. */
  boundaryAt(x: number, y: number): Boundary | undefined {
    return this.zoomedPaneId === undefined ? boundaryAt(this.tree, this.area, x, y) : undefined;
  }

  /** Drags a boundary to a screen column (side by side) or row (stacked); throws RefusedError when panes would get too small. */
  moveBoundary(boundary: Boundary, position: number): void {
    const result = moveBoundary(this.tree, this.area, boundary, position);
    if (!result.ok) throw new RefusedError(result.reason);
    if (result.tree === this.tree) return;
    this.tree = result.tree;
    this.relayout();
  }

  equalize(): void {
    const next = equalize(this.tree);
    if (!fitsMinimum(next, this.area).ok) throw new RefusedError('the panes do not all fit at equal sizes');
    this.tree = next;
    this.relayout();
  }

  /** The pane that had the focus before the focused one (tmux's last-pane), if it is still here. */
  get lastPaneId(): number | undefined {
    return this.focusOrder.find((id) => this.panes.has(id));
  }

  /** Panes that had the focus before the focused one, most recent first. */
  get focusHistory(): number[] {
    return [...this.focusOrder];
  }

  /** Takes the focus history of the server this workspace was taken over from (an upgrade). */
  restoreFocusHistory(ids: readonly number[]): void {
    this.focusOrder = ids.filter((id) => this.panes.has(id) && id !== this.focusedPaneId).slice(0, MAX_FOCUS_HISTORY);
  }

  /** Panes `a` and `b` trade places; the focus stays with the pane it was on. */
  swapPanes(a: number, b: number): void {
    this.requirePane(a);
    this.requirePane(b);
    if (a === b) return;
    this.tree = swapInTree(this.tree, a, b);
    this.relayout();
  }

  /**
   * Lays the panes out as `preset` (the focused pane is the main one of main-*), or as the preset after the
   * last one chosen when none is named. Returns the preset used; refused when the panes would not fit.
   */
  selectLayout(preset: LayoutPreset | undefined): LayoutPreset {
    const chosen = preset ?? nextPreset(this.preset);
    const ids = paneIds(this.tree);
    const ordered = chosen.startsWith('main-') ? [this.focusedPaneId, ...ids.filter((id) => id !== this.focusedPaneId)] : ids;
    const next = presetTree(chosen, ordered);
    if (!fitsMinimum(next, this.area).ok) throw new RefusedError(`the panes do not all fit as ${chosen}`);
    this.tree = next;
    this.preset = chosen;
    this.zoomedPaneId = undefined;
    this.relayout();
    return chosen;
  }

  /** Focuses `paneId`, remembering the pane that had the focus (most recent first). */
  private moveFocus(paneId: number): void {
    if (paneId === this.focusedPaneId) return;
    const previous = this.focusedPaneId;
    this.focusOrder = [previous, ...this.focusOrder.filter((id) => id !== previous && id !== paneId)].slice(0, MAX_FOCUS_HISTORY);
    this.focusedPaneId = paneId;
    sendFocusEvent(this.panes.get(previous), false);
    sendFocusEvent(this.panes.get(paneId), true);
  }

  requirePane(paneId: number): Pane {
    const pane = this.panes.get(paneId);
    if (!pane) throw new RefusedError(`pane ${paneId} is not in workspace ${this.name}`);
    return pane;
  }

  /** Tells listeners that something shown in the chrome changed (titles, statuses). */
  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private relayout(): void {
    this.cachedLayout = undefined;
    this.resizePanes();
    this.notify();
  }

  private resizePanes(): void {
    for (const [id, rects] of this.layout.panes) {
      this.panes.get(id)?.resize(rects.content.width, rects.content.height);
    }
  }
}
