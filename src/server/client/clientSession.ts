// One attached client on the server side: its screen, its keys, and the workspace it shows.

import type { ScreenDirection, SplitSide } from '../../mosaic/index.js';
import { ESCAPE_TIMEOUT_MS, CLIENT_BACKLOG_BYTES } from '../../limits.js';
import type { TerminalInfo } from '../../protocol/messages.js';
import { InputDecoder, type KeyToken } from '../../term/keys/decode.js';
import { wakePane } from '../agent/paneSleep.js';
import type { SessionTracker } from '../agent/sessionTracker.js';
import { answerApproval, type Answer } from '../approval/answer.js';
import { approvalOwner } from '../approval/ownership.js';
import type { KeyActions } from '../keys/keyActions.js';
import type { LiveSettings, ReloadOutcome } from '../settings/liveSettings.js';
import type { Pane } from '../pane.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';
import { RefusedError, type Workspace } from '../workspace.js';
import { setAllSynced, setPaneSynced, syncedIds, syncedWith } from '../syncInput.js';
import { helpOverlayRect } from '../../app/overlayGeometry.js';
import { buildChromeModel } from './buildChromeModel.js';
import { initialChromeState, type ChromeState } from './chromeState.js';
import { FramePacer } from './framePacer.js';
import { AddPaneController } from './addPaneController.js';
import type { RowContext } from './addPaneRows.js';
import { ColorProbe } from './colorProbe.js';
import { KeyRouter, ROUTER_HELP } from './keyRouter.js';
import { actionPalette, paletteKey, type PaletteOverlay } from './paletteController.js';
import { findAction } from '../keys/actions.js';
import { keyLabel } from '../keys/keyLabel.js';
import { Painter } from './painter.js';
import { supportsTrueColor } from './terminalCapabilities.js';

export interface ClientTransport {
  sendOutput(bytes: string): void;
  /** Bytes queued on the socket and not yet sent. */
  backlog(): number;
  onceDrained(callback: () => void): void;
  end(reason: string, exitCode: number): void;
}

export interface SessionHost {
  registry: WorkspaceRegistry;
  /** The settings in force: read at each use, so a reload applies at once. */
  settings: LiveSettings;
  /** The set of clients changed size or workspace: recompute every workspace's size. */
  sizesChanged(): void;
  /** This client left (detach or disconnect). */
  removed(session: ClientSession): void;
  /** A pane's "needs you" mark changed: every client's count must be redrawn. */
  attentionChanged(): void;
  /** What the add-pane dialog offers (agents, installed or not; shells). */
  addPaneContext(): RowContext;
  /** Which conversation each agent pane is in (to wake a sleeping one). */
  sessions: SessionTracker;
}

export class ClientSession implements KeyActions {
  cols: number;
  rows: number;
  workspace: Workspace;
  private readonly painter: Painter;
  private readonly pacer: FramePacer;
  private readonly router: KeyRouter;
  private readonly decoder = new InputDecoder();
  private chromeState: ChromeState = initialChromeState();
  private readonly addPane: AddPaneController;
  private escapeTimer: ReturnType<typeof setTimeout> | undefined;
  private heldTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: (() => void)[] = [];
  private closed = false;
  private colorProbe: ColorProbe | undefined;

  constructor(
    private readonly host: SessionHost,
    private readonly transport: ClientTransport,
    workspace: Workspace,
    size: { cols: number; rows: number },
    private readonly terminal: TerminalInfo,
  ) {
    this.cols = size.cols;
    this.rows = size.rows;
    this.workspace = workspace;
    this.painter = new Painter(size.cols, size.rows, supportsTrueColor(terminal, host.settings.settings.trueColor));
    this.pacer = new FramePacer({
      paint: () => this.paint(),
      isSmall: () => this.painter.isSmall(),
      isBackedUp: () => transport.backlog() > CLIENT_BACKLOG_BYTES,
      onceDrained: (resume) => transport.onceDrained(resume),
    });
    this.addPane = new AddPaneController(() => host.addPaneContext());
    this.router = new KeyRouter({
      actions: this,
      keys: () => host.settings.current,
      setPrefixPending: (pending) => this.setChrome({ prefixPending: pending }),
      overlayKey: (token) => this.overlayKey(token),
      setMessage: (text, tone = 'info') => this.setChrome({ message: text === undefined ? undefined : { text, tone } }),
      focusedPane: () => this.workspace.focusedPane,
      syncedPanes: () => syncedWith(this.workspace, this.workspace.focusedPane),
      dismissExitedPane: () => void this.closePane(this.workspace.focusedPaneId),
      wakeFocusedPane: () => void this.wake(this.workspace.focusedPaneId),
    });
    this.watchWorkspace();
  }

  /** Sends the first, full frame, with a notice in the status bar when there is one. */
  start(notice?: string): void {
    this.host.registry.touch(this.workspace);
    this.workspace.focus(this.workspace.focusedPaneId); // seen now: clears its "needs you" mark
    if (notice) this.chromeState = { ...this.chromeState, message: { text: notice, tone: 'error' } };
    this.colorProbe = new ColorProbe((bytes) => this.transport.sendOutput(bytes));
    this.painter.repaintAll();
    this.refresh();
  }

  input(data: string): void {
    this.pacer.noteInput();
    clearTimeout(this.escapeTimer);
    this.handleTokens(this.decoder.feed(data));
    if (this.decoder.pending()) {
      this.escapeTimer = setTimeout(() => this.handleTokens(this.decoder.flush()), ESCAPE_TIMEOUT_MS);
    }
  }

  /** The terminal's answers to the color queries go to the probe; everything goes to the key router (which drops replies). */
  private handleTokens(tokens: KeyToken[]): void {
    for (const token of tokens) if (token.kind === 'reply') this.colorProbe?.reply(token.raw);
    this.router.handle(tokens);
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.cols = cols;
    this.rows = rows;
    this.painter.resize(cols, rows);
    this.host.sizesChanged();
    this.refresh();
  }

  /** Redraws the chrome (something shown in it changed elsewhere, e.g. the "need you" count). */
  refreshChrome(): void {
    this.refresh();
  }

  /** Passes a "needs you" alert to the user's terminal, as the settings say (bell, OSC 9 or nothing). */
  alert(text: string): void {
    const how = this.host.settings.settings.notify;
    if (how === 'bell') this.transport.sendOutput('\x07');
    else if (how === 'osc9') this.transport.sendOutput(`\x1b]9;tessera: ${text.replace(/[\x00-\x1f\x7f-\x9f]/g, ' ')}\x07`);
  }

  /** The settings were reloaded (or the file has a mistake): apply them and say so. */
  settingsChanged(outcome: ReloadOutcome): void {
    if (outcome.status === 'invalid') {
      this.message(`settings not applied: ${outcome.error ?? 'unknown error'}; the previous settings stay`, 'error');
      return;
    }
    this.painter.setTrueColor(supportsTrueColor(this.terminal, this.host.settings.settings.trueColor));
    if (outcome.problems.length > 0) this.message(`settings applied except ${outcome.problems[0]}`, 'error');
    else this.message(`settings applied from ${outcome.file}`, 'info');
    this.refresh();
  }

  /** The workspace this client shows was closed: the client ends. */
  workspaceClosed(): void {
    this.end(`[tessera: workspace ${this.workspace.name} closed]`, 0);
  }

  end(reason: string, exitCode: number): void {
    if (this.closed) return;
    this.closed = true;
    this.dispose();
    this.transport.end(reason, exitCode);
    this.host.removed(this);
  }

  dispose(): void {
    this.closed = true;
    clearTimeout(this.escapeTimer);
    clearTimeout(this.heldTimer);
    this.colorProbe?.dispose();
    for (const off of this.unsubscribe.splice(0)) off();
    this.pacer.dispose();
    this.painter.dispose();
  }

  // ---- key actions -------------------------------------------------------------------------

  split(side: SplitSide): void {
    this.attempt(() => this.host.registry.split(this.workspace.focusedPaneId, side, {}));
  }

  focus(direction: ScreenDirection): void {
    if (!this.workspace.focusDirection(direction)) this.message(`no pane ${direction} of pane ${this.workspace.focusedPaneId}`, 'info');
  }

  focusNext(step: 1 | -1): void {
    this.workspace.focusNext(step);
  }

  resizeBorder(direction: ScreenDirection, cells: number): void {
    this.attempt(() => this.workspace.resizePane(this.workspace.focusedPaneId, direction, cells));
  }

  equalize(): void {
    this.attempt(() => this.workspace.equalize());
  }

  zoom(): void {
    this.workspace.toggleZoom(this.workspace.focusedPaneId);
  }

  askClose(): void {
    const pane = this.workspace.focusedPane;
    this.router.ask(`Close pane ${pane.id} (${pane.title})?`, () => void this.closePane(pane.id));
  }

  detach(): void {
    this.end(`[tessera: detached from workspace ${this.workspace.name}]`, 0);
  }

  redraw(): void {
    this.painter.repaintAll();
    this.pacer.request();
  }

  answer(answer: Answer): void {
    const bar = this.approvalOwner();
    if (bar.owner === undefined) {
      // Prefix Esc with nothing waiting is just "cancel".
      if (answer !== 'abort' || bar.reason) this.message(bar.reason ?? 'no pane is waiting for approval', 'info');
      return;
    }
    this.attempt(() => answerApproval(this.workspace.requirePane(bar.owner as number), answer));
  }

  jumpToWaiting(): void {
    const waiting = this.workspace.orderedPanes().filter((p) => p.status === 'approval' || p.attention);
    if (waiting.length === 0) {
      this.message('no pane is waiting for you', 'info');
      return;
    }
    const after = waiting.find((p) => p.id > this.workspace.focusedPaneId) ?? waiting[0];
    this.workspace.focus(after.id);
    this.host.attentionChanged();
  }

  openAddPane(): void {
    this.setChrome({ overlay: this.addPane.open(this.cols, Math.max(1, this.rows - 1)) });
  }

  syncPane(): void {
    const on = setPaneSynced(this.workspace, this.workspace.focusedPaneId, 'toggle');
    this.syncMessage(`pane ${this.workspace.focusedPaneId} ${on ? 'synchronized' : 'no longer synchronized'}`);
  }

  syncAll(on: boolean): void {
    setAllSynced(this.workspace, on);
    this.syncMessage(on ? 'every pane synchronized' : 'synchronized input off');
  }

  private syncMessage(what: string): void {
    const ids = syncedIds(this.workspace);
    if (ids.length === 0) this.message(what === 'synchronized input off' ? what : `${what}; synchronized input off`, 'info');
    else if (ids.length === 1) this.message(`${what}; mark another pane to type into both`, 'info');
    else this.message(`${what}; typing in any of panes ${ids.join(', ')} goes to all`, 'info');
  }

  openPalette(): void {
    this.setChrome({ overlay: actionPalette(this.host.settings.current.keymap, this.cols, Math.max(1, this.rows - 1)) });
  }

  showHelp(): void {
    const { keymap, prefix } = this.host.settings.current;
    const bindings = [...keymap.helpRows(), ...ROUTER_HELP];
    const rect = helpOverlayRect(this.cols, Math.max(1, this.rows - 1), bindings);
    this.setChrome({ overlay: { kind: 'help', prefix: prefix.label, bindings, rect } });
  }

  // ---- internals ---------------------------------------------------------------------------

  /** An open overlay takes the key: help closes on any key, the add-pane dialog reads it. */
  private overlayKey(token: KeyToken): boolean {
    const overlay = this.chromeState.overlay;
    if (overlay.kind === 'none') return false;
    if (overlay.kind === 'help') {
      this.setChrome({ overlay: { kind: 'none' } });
      return true;
    }
    if (overlay.kind === 'palette') {
      const step = paletteKey(overlay, token);
      if (step.outcome === undefined) this.setChrome({ overlay: step.overlay });
      else {
        this.setChrome({ overlay: { kind: 'none' } });
        if ('choose' in step.outcome) this.paletteChose(overlay.purpose, step.outcome.choose);
      }
      return true;
    }
    const step = this.addPane.key(overlay, token);
    if ('launch' in step) {
      this.setChrome({ overlay: { kind: 'none' } });
      this.attempt(() => this.host.registry.split(this.workspace.focusedPaneId, step.side, { launch: step.launch }));
    } else if ('close' in step) {
      this.setChrome({ overlay: { kind: 'none' } });
    } else {
      this.setChrome({ overlay: step.overlay, message: 'message' in step ? { text: step.message, tone: 'info' } : undefined });
    }
    return true;
  }

  private paletteChose(purpose: PaletteOverlay['purpose'], id: string): void {
    if (purpose === 'action') void findAction(id)?.run(this);
  }

  private approvalOwner(): { owner?: number; reason?: string } {
    const waiting = this.workspace.orderedPanes().filter((p) => p.status === 'approval').map((p) => p.id);
    return approvalOwner(waiting, this.workspace.focusedPaneId, this.keyHint('next-waiting'));
  }

  /** How to press an action's first key ("C-\\ w"), or how to reach it when it has none. */
  private keyHint(action: string): string {
    const { keymap, prefix } = this.host.settings.current;
    const key = keymap.keysOf(action)[0];
    return key === undefined ? `the ${action} action` : `${prefix.label} ${keyLabel(key)}`;
  }

  private async wake(paneId: number): Promise<void> {
    try {
      const { note } = await wakePane({ registry: this.host.registry, sessions: this.host.sessions }, paneId);
      if (note) this.message(note, 'info');
    } catch (error) {
      this.message((error as Error).message, 'error');
    }
  }

  private async closePane(paneId: number): Promise<void> {
    try {
      await this.host.registry.closePane(paneId);
    } catch (error) {
      this.message((error as Error).message, 'error');
    }
  }

  private attempt(operation: () => unknown): void {
    try {
      operation();
    } catch (error) {
      if (error instanceof RefusedError) this.message(error.message, 'error');
      else this.message(`failed: ${(error as Error).message}`, 'error');
    }
  }

  private message(text: string, tone: 'info' | 'error'): void {
    this.setChrome({ message: { text, tone } });
  }

  private setChrome(change: Partial<ChromeState>): void {
    const next = { ...this.chromeState, ...change };
    if (JSON.stringify(next) === JSON.stringify(this.chromeState)) return;
    this.chromeState = next;
    this.refresh();
  }

  /** Re-subscribes to the workspace and its panes (after panes were added or removed). */
  private watchWorkspace(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    const workspace = this.workspace;
    this.watchedPanes = new Set(workspace.panes.values());
    this.unsubscribe.push(workspace.onChange(() => this.onWorkspaceChange()));
    for (const pane of workspace.panes.values()) this.watchPane(pane);
  }

  private watchPane(pane: Pane): void {
    const subscription = pane.onScreen(() => {
      this.painter.markDirty(pane.emulator);
      this.pacer.request();
    });
    this.unsubscribe.push(() => subscription.dispose());
  }

  /** The panes subscribed to: a pane started again under the same id (wake) is a new one to watch. */
  private watchedPanes = new Set<Pane>();

  private onWorkspaceChange(): void {
    const panes = [...this.workspace.panes.values()];
    const same = panes.length === this.watchedPanes.size && panes.every((pane) => this.watchedPanes.has(pane));
    if (!same) {
      this.watchWorkspace();
      this.painter.repaintAll();
    }
    this.refresh();
  }

  private refresh(): void {
    if (this.closed) return;
    this.painter.updateChrome(
      buildChromeModel(this.workspace, this.chromeState, {
        screen: { cols: this.cols, rows: this.rows },
        prefixLabel: this.host.settings.current.prefix.label,
        keyOf: (action) => {
          const key = this.host.settings.current.keymap.keysOf(action)[0];
          return key === undefined ? undefined : keyLabel(key);
        },
        needYou: this.host.registry.needYou(),
      }),
    );
    this.pacer.request();
  }

  private paint(): boolean {
    if (this.closed) return false;
    const bytes = this.painter.render(this.workspace, this.chromeState.overlay.kind !== 'none');
    if (bytes.length > 0) this.transport.sendOutput(bytes);
    const retry = this.painter.retryDelay();
    if (retry !== undefined && this.heldTimer === undefined) {
      this.heldTimer = setTimeout(() => {
        this.heldTimer = undefined;
        this.pacer.request();
      }, retry);
    }
    return bytes.length > 0;
  }
}
