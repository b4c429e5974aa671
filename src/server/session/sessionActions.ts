// What the keys after the prefix do for one attached client (split, focus, zoom, close, answer, …);
// the overlays they open, and the keys those take, are in overlays.ts.

import type { ScreenDirection, SplitSide } from '../../mosaic/index.js';
import type { KeyToken } from '../../term/keys/decode.js';
import { answerApproval, type Answer } from '../approval/answer.js';
import type { ActionContext } from './actionContext.js';
import type { KeyActions } from '../keys/keyActions.js';
import { setAllSynced, setPaneSynced, syncedIds } from '../panes/syncInput.js';
import { RefusedError, type Workspace } from '../workspaces/workspace.js';
import { nextWaiting } from './workspaceSwitcher.js';
import { Overlays } from './overlays.js';
import { repoTop } from '../../git/repo.js';
import { workspacePlace } from '../project/projectTrust.js';
import { sleepPane } from '../agent/paneSleep.js';

export class SessionActions implements KeyActions {
  private readonly overlays: Overlays;

  constructor(private readonly ctx: ActionContext) {
    this.overlays = new Overlays(ctx, this, (operation) => this.attempt(operation));
  }

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

  /** Keys pressed on the approval bar answer what it shows: the question of the pane that owns it, and no other. */
  answer(answer: Answer): void {
    const bar = this.ctx.approvalBar;
    const owner = bar?.waiting.find((w) => w.paneId === bar.owner);
    if (!owner) {
      // Prefix Esc with nothing waiting is just "cancel".
      if (answer !== 'abort' || bar?.reason) this.ctx.message(bar?.reason ?? 'no pane is waiting for approval', 'info');
      return;
    }
    const origin = { via: 'approval bar' as const, client: this.ctx.label };
    this.attempt(() => {
      const target = { pane: this.ctx.workspace.requirePane(owner.paneId), workspace: this.ctx.workspace };
      answerApproval(target, answer, { meant: owner.questionId, origin, journal: this.ctx.answers, agents: this.ctx.agents });
    });
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
    this.overlays.openSwitcher();
  }

  openInbox(): void {
    this.ctx.inbox.open();
  }

  openNewWorkspace(): void {
    this.ctx.newWorkspace.open();
  }

  chooseWorkspaceToEnd(action: 'rm' | 'reset'): void {
    this.overlays.chooseWorkspaceToEnd(action);
  }

  openAddPane(): void {
    this.overlays.openAddPane();
  }

  openFilePicker(): void {
    this.overlays.openFilePicker();
  }

  openPalette(): void {
    this.overlays.openPalette();
  }

  showHelp(): void {
    this.overlays.showHelp();
  }

  /** The terminal changed size: an open overlay is laid out again for it. */
  relayoutOverlay(): void {
    this.overlays.relayout();
  }

  /** An open overlay takes the key; false when none is open. */
  overlayKey(token: KeyToken): boolean {
    return this.overlays.key(token);
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

  viewDiff(): void {
    void this.openDiff(this.ctx.workspace);
  }

  private async openDiff(workspace: Workspace): Promise<void> {
    try {
      if (!(await repoTop(workspace.cwd))) {
        this.ctx.message(`workspace ${workspace.name}'s folder ${workspace.cwd} is not in a git repository: there is no diff to show`, 'error');
        return;
      }
    } catch (error) {
      this.ctx.message(`the diff of ${workspace.name} could not be read: ${(error as Error).message}`, 'error');
      return;
    }
    this.attempt(() => {
      const opened = this.ctx.viewers.openDiff(workspace);
      if (opened.existing) this.ctx.message(`the diff of ${workspace.name} is in pane ${opened.paneId}: read again`, 'info');
    });
  }

  viewLogs(): void {
    const workspace = this.ctx.workspace;
    if (!this.ctx.registry.projects.look(workspacePlace(workspace)).project?.stack) {
      this.ctx.message(`workspace ${workspace.name} declares no stack, so it has no logs ('tessera help stack' says how to declare one)`, 'info');
      return;
    }
    this.attempt(() => {
      const opened = this.ctx.viewers.openLogs(workspace);
      if (opened.existing) this.ctx.message(`the logs of ${workspace.name} are in pane ${opened.paneId}`, 'info');
    });
  }

  sleepFocused(): void {
    const pane = this.ctx.workspace.focusedPane;
    void sleepPane({ registry: this.ctx.registry, sessions: this.ctx.sessions }, pane.id).then(
      () => this.ctx.message(`pane ${pane.id} is asleep: Enter in it (or tessera wake -t ${pane.id}) wakes it in the same conversation`, 'info'),
      (error: Error) => this.ctx.message(error.message, 'error'),
    );
  }

  runCommand(argv: string[]): void {
    const pane = this.ctx.workspace.focusedPane;
    void this.ctx.runCommandLine(argv, { pane: pane.id, cwd: pane.cwd }).then(({ status, text }) => {
      if (status !== 0) this.ctx.message(text || `tessera ${argv.join(' ')} failed (status ${status})`, 'error');
      else if (text) this.ctx.message(text, 'info');
    });
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
}
