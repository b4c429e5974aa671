// What the keys after the prefix do for one attached client (split, focus, zoom, close, answer, …),
// and the keys an open overlay (help, add-pane dialog) takes.

import type { ScreenDirection, SplitSide } from '../../mosaic/index.js';
import type { KeyToken } from '../../term/keys/decode.js';
import { clampHelpOffset, helpScrollStep } from '../../app/helpScroll.js';
import { HELP_VISIBLE_ROWS, helpOverlayRect } from '../../app/overlayGeometry.js';
import { answerApproval, type Answer } from '../approval/answer.js';
import { approvalOwner } from '../approval/ownership.js';
import type { Keymap } from '../keys/keymap.js';
import type { ScrollAction } from '../keys/scrollBindings.js';
import type { KeyActions } from '../keys/keyActions.js';
import { setAllSynced, setPaneSynced, syncedIds } from '../syncInput.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';
import { RefusedError, type Workspace } from '../workspace.js';
import type { AddPaneController } from './addPaneController.js';
import type { NewWorkspaceController } from './newWorkspaceController.js';
import type { ChromeState } from './chromeState.js';
import { ROUTER_HELP } from './keyRouter.js';
import { actionPalette, listPalette, paletteKey, type PaletteOverlay } from './paletteController.js';
import type { ViewerPanes } from '../viewers/viewerPanes.js';
import { listWorkspaceFiles } from '../viewers/workspaceFiles.js';
import { findAction } from '../keys/actions.js';
import type { WorkspaceList } from '../workspaceList.js';
import { nextWaiting, switcherOverlay } from './workspaceSwitcher.js';

/** Separates the prefix keys from scroll mode's in the help overlay. */
const SCROLL_HELP_HEADING = { keys: 'in scroll mode', description: '(no prefix there) these keys:' };

/** What the actions need from the client session. */
export interface ActionContext {
  readonly registry: WorkspaceRegistry;
  /** Opens files in viewer panes. */
  readonly viewers: ViewerPanes;
  /** The prefix and keymap in force now. */
  readonly keys: { prefix: { label: string }; keymap: Keymap; scrollKeymap: Keymap<ScrollAction> };
  /** How to press an action ("C-\\ w"). */
  keyHint(action: string): string;
  readonly workspace: Workspace;
  readonly cols: number;
  readonly rows: number;
  readonly chrome: ChromeState;
  readonly addPane: AddPaneController;
  readonly newWorkspace: NewWorkspaceController;
  setChrome(change: Partial<ChromeState>): void;
  message(text: string, tone: 'info' | 'error'): void;
  ask(text: string, onYes: () => void): void;
  attentionChanged(): void;
  redraw(): void;
  detach(): void;
  /** Enters scroll mode in the focused pane (a page up at once for PageUp). */
  scrollMode(pageUp: boolean): void;
  /** Every workspace in the strip's order. */
  readonly workspaces: WorkspaceList;
  /** A workspace by name, started when it is dormant; throws RefusedError when there is none. */
  openWorkspace(name: string): Workspace;
  /** This client shows another workspace from now on. */
  showWorkspace(workspace: Workspace): void;
}

export class SessionActions implements KeyActions {
  constructor(private readonly ctx: ActionContext) {}

  split(side: SplitSide): void {
    this.attempt(() => this.ctx.registry.split(this.ctx.workspace.focusedPaneId, side, {}));
  }

  focus(direction: ScreenDirection): void {
    const workspace = this.ctx.workspace;
    if (!workspace.focusDirection(direction)) this.ctx.message(`no pane ${direction} of pane ${workspace.focusedPaneId}`, 'info');
  }

  focusNext(step: 1 | -1): void {
    this.ctx.workspace.focusNext(step);
  }

  resizeBorder(direction: ScreenDirection, cells: number): void {
    this.attempt(() => this.ctx.workspace.resizePane(this.ctx.workspace.focusedPaneId, direction, cells));
  }

  equalize(): void {
    this.attempt(() => this.ctx.workspace.equalize());
  }

  zoom(): void {
    this.ctx.workspace.toggleZoom(this.ctx.workspace.focusedPaneId);
  }

  askClose(): void {
    const pane = this.ctx.workspace.focusedPane;
    this.ctx.ask(`Close pane ${pane.id} (${pane.title})?`, () => void this.closePane(pane.id));
  }

  detach(): void {
    this.ctx.detach();
  }

  redraw(): void {
    this.ctx.redraw();
  }

  scrollMode(pageUp: boolean): void {
    this.ctx.scrollMode(pageUp);
  }

  answer(answer: Answer): void {
    const bar = this.approvalOwner();
    if (bar.owner === undefined) {
      // Prefix Esc with nothing waiting is just "cancel".
      if (answer !== 'abort' || bar.reason) this.ctx.message(bar.reason ?? 'no pane is waiting for approval', 'info');
      return;
    }
    this.attempt(() => answerApproval(this.ctx.workspace.requirePane(bar.owner as number), answer));
  }

  jumpToWaiting(): void {
    const open = this.ctx.workspaces.all().flatMap((w) => (w.live ? [w.live] : []));
    const next = nextWaiting(open, this.ctx.workspace);
    if (!next) {
      this.ctx.message('no pane is waiting for you', 'info');
      return;
    }
    this.ctx.showWorkspace(next.workspace);
    next.workspace.focus(next.pane.id);
    this.ctx.attentionChanged();
  }

  switchToDigit(digit: number): void {
    const listed = this.ctx.workspaces.byDigit(digit);
    if (!listed) this.ctx.message(`no workspace ${digit} (the strip numbers them)`, 'info');
    else this.attempt(() => this.ctx.showWorkspace(this.ctx.openWorkspace(listed.name)));
  }

  openSwitcher(): void {
    const { workspaces } = this.ctx;
    this.ctx.setChrome({ overlay: switcherOverlay(workspaces.strip(this.ctx.workspace), workspaces.all(), this.ctx.cols, Math.max(1, this.ctx.rows - 1)) });
  }

  openNewWorkspace(): void {
    this.ctx.newWorkspace.open();
  }

  openAddPane(): void {
    this.ctx.setChrome({ overlay: this.ctx.addPane.open(this.ctx.cols, Math.max(1, this.ctx.rows - 1)) });
  }

  syncPane(): void {
    const workspace = this.ctx.workspace;
    const on = setPaneSynced(workspace, workspace.focusedPaneId, 'toggle');
    this.syncMessage(`pane ${workspace.focusedPaneId} ${on ? 'synchronized' : 'no longer synchronized'}`);
  }

  syncAll(on: boolean): void {
    setAllSynced(this.ctx.workspace, on);
    this.syncMessage(on ? 'every pane synchronized' : 'synchronized input off');
  }

  private syncMessage(what: string): void {
    const ids = syncedIds(this.ctx.workspace);
    if (ids.length === 0) this.ctx.message(what === 'synchronized input off' ? what : `${what}; synchronized input off`, 'info');
    else if (ids.length === 1) this.ctx.message(`${what}; mark another pane to type into both`, 'info');
    else this.ctx.message(`${what}; typing in any of panes ${ids.join(', ')} goes to all`, 'info');
  }

  openFilePicker(): void {
    const { files, truncated } = listWorkspaceFiles(this.ctx.workspace.cwd);
    const items = files.map((file) => ({ id: file, label: file }));
    const title = truncated ? `View a file (the first ${files.length})` : 'View a file';
    this.ctx.setChrome({ overlay: listPalette('view', title, items, `no files in ${this.ctx.workspace.cwd}`, this.ctx.cols, Math.max(1, this.ctx.rows - 1)) });
  }

  openPalette(): void {
    this.ctx.setChrome({ overlay: actionPalette(this.ctx.keys.keymap, this.ctx.cols, Math.max(1, this.ctx.rows - 1)) });
  }

  showHelp(): void {
    const { keymap, scrollKeymap, prefix } = this.ctx.keys;
    const bindings = [...keymap.helpRows(), ...ROUTER_HELP, SCROLL_HELP_HEADING, ...scrollKeymap.helpRows()];
    const rect = helpOverlayRect(this.ctx.cols, Math.max(1, this.ctx.rows - 1), bindings);
    this.ctx.setChrome({ overlay: { kind: 'help', prefix: prefix.label, bindings, rect, offset: 0 } });
  }

  /** The terminal changed size: an open help overlay is laid out again for it (and keeps its place). */
  relayoutOverlay(): void {
    const overlay = this.ctx.chrome.overlay;
    if (overlay.kind === 'new-workspace') this.ctx.newWorkspace.relayout();
    if (overlay.kind !== 'help') return;
    const rect = helpOverlayRect(this.ctx.cols, Math.max(1, this.ctx.rows - 1), overlay.bindings);
    const offset = clampHelpOffset(overlay.offset, overlay.bindings.length, HELP_VISIBLE_ROWS(rect));
    this.ctx.setChrome({ overlay: { ...overlay, rect, offset } });
  }

  /** An open overlay takes the key: help closes on any key, the add-pane dialog reads it. */
  overlayKey(token: KeyToken): boolean {
    const overlay = this.ctx.chrome.overlay;
    if (overlay.kind === 'none') return false;
    if (overlay.kind === 'help') {
      const step = helpScrollStep(overlay.offset, overlay.bindings.length, HELP_VISIBLE_ROWS(overlay.rect), token.key?.name);
      this.ctx.setChrome({ overlay: step === 'close' ? { kind: 'none' } : { ...overlay, offset: step } });
      return true;
    }
    if (overlay.kind === 'palette') {
      const step = paletteKey(overlay, token);
      if (step.outcome === undefined) this.ctx.setChrome({ overlay: step.overlay });
      else {
        this.ctx.setChrome({ overlay: { kind: 'none' } });
        if ('choose' in step.outcome) this.paletteChose(overlay.purpose, step.outcome.choose);
      }
      return true;
    }
    if (overlay.kind === 'new-workspace') {
      this.ctx.newWorkspace.key(overlay, token);
      return true;
    }
    const step = this.ctx.addPane.key(overlay, token);
    if ('launch' in step) {
      this.ctx.setChrome({ overlay: { kind: 'none' } });
      this.attempt(() => this.ctx.registry.split(this.ctx.workspace.focusedPaneId, step.side, { launch: step.launch }));
    } else if ('close' in step) {
      this.ctx.setChrome({ overlay: { kind: 'none' } });
    } else {
      this.ctx.setChrome({ overlay: step.overlay, message: 'message' in step ? { text: step.message, tone: 'info' } : undefined });
    }
    return true;
  }

  async closePane(paneId: number): Promise<void> {
    try {
      await this.ctx.registry.closePane(paneId);
    } catch (error) {
      this.ctx.message((error as Error).message, 'error');
    }
  }

  /** Runs an operation the user asked for; a refusal or failure becomes a message in the status bar. */
  attempt(operation: () => unknown): void {
    try {
      operation();
    } catch (error) {
      if (error instanceof RefusedError) this.ctx.message(error.message, 'error');
      else this.ctx.message(`failed: ${(error as Error).message}`, 'error');
    }
  }

  private paletteChose(purpose: PaletteOverlay['purpose'], id: string): void {
    if (purpose === 'action') void findAction(id)?.run(this);
    else if (purpose === 'workspace') this.attempt(() => this.ctx.showWorkspace(this.ctx.openWorkspace(id)));
    else if (purpose === 'view')
      this.attempt(() => {
        const opened = this.ctx.viewers.open(this.ctx.workspace, id, this.ctx.workspace.cwd);
        if (opened.existing) this.ctx.message(`${id} is open in pane ${opened.paneId} already`, 'info');
      });
  }

  private approvalOwner(): { owner?: number; reason?: string } {
    const workspace = this.ctx.workspace;
    const waiting = workspace.orderedPanes().filter((p) => p.status === 'approval').map((p) => p.id);
    return approvalOwner(waiting, workspace.focusedPaneId, this.ctx.keyHint('next-waiting'));
  }
}
