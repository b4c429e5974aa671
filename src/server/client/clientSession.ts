// One attached client on the server side: its screen, its keys, and the workspace it shows.

import { ESCAPE_TIMEOUT_MS, SCROLL_INDICATOR_INTERVAL_MS } from '../../limits.js';
import type { TerminalInfo } from '../../protocol/messages.js';
import { InputDecoder, type KeyToken } from '../../term/keys/decode.js';
import { wakePane } from '../agent/paneSleep.js';
import type { SessionTracker } from '../agent/sessionTracker.js';
import type { LiveSettings, ReloadOutcome } from '../settings/liveSettings.js';
import type { ViewerPanes } from '../viewers/viewerPanes.js';
import type { Pane } from '../pane.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';
import type { Workspace } from '../workspace.js';
import { syncedWith } from '../syncInput.js';
import { buildChromeModel } from './buildChromeModel.js';
import { initialChromeState, type ChromeState } from './chromeState.js';
import { ClientFrames } from './clientFrames.js';
import { AddPaneController } from './addPaneController.js';
import { NewWorkspaceController } from './newWorkspaceController.js';
import type { RowContext } from './addPaneRows.js';
import { ColorProbe } from './colorProbe.js';
import { sendFocusEvent } from '../focusEvents.js';
import { copyText } from './clipboard.js';
import { OuterTitle } from './outerTitle.js';
import { KeyRouter } from './keyRouter.js';
import { keyLabel } from '../keys/keyLabel.js';
import { scrollModeHint } from '../keys/scrollBindings.js';
import { MouseInput } from './mouseInput.js';
import { OuterMouse, outerMouseMode } from './outerMouse.js';
import { ScrollModes } from './scrollModes.js';
import { SessionActions, type ActionContext } from './sessionActions.js';
import type { WorkspaceList } from '../workspaceList.js';
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
  /** Opens files in viewer panes (the palette's file picker). */
  viewers: ViewerPanes;
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
  /** Every workspace in the strip's order. */
  workspaces: WorkspaceList;
  /** A workspace by name, started when it is dormant. */
  openWorkspace(name: string, size: { cols: number; rows: number }): Workspace;
  /** The server's environment (the new-workspace dialog's `~` and workspace root). */
  env: NodeJS.ProcessEnv;
}

export class ClientSession implements ActionContext {
  cols: number;
  rows: number;
  workspace: Workspace;
  private readonly painter: Painter;
  private readonly frames: ClientFrames;
  private readonly router: KeyRouter;
  private readonly decoder = new InputDecoder();
  private chromeState: ChromeState = initialChromeState();
  readonly addPane: AddPaneController;
  readonly newWorkspace: NewWorkspaceController;
  private readonly actions: SessionActions;
  private readonly scrolls: ScrollModes;
  private readonly mouseInput: MouseInput;
  private escapeTimer: ReturnType<typeof setTimeout> | undefined;
  private indicatorTimer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribe: (() => void)[] = [];
  private closed = false;
  private colorProbe: ColorProbe | undefined;
  private readonly title = new OuterTitle((bytes) => this.send(bytes));
  private readonly outerMouse = new OuterMouse((bytes) => this.send(bytes));

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
    this.frames = new ClientFrames(this.painter, {
      render: () => this.painter.render(this.workspace, this.chromeState.overlay.kind !== 'none', (id) => this.scrolls.of(id)),
      send: (bytes) => transport.sendOutput(bytes),
      // A pane's mouse mode changes with its output (or its exit): the terminal follows at the next frame.
      painted: () => this.outerMouse.set(outerMouseMode(this.host.settings.settings.mouse, this.workspace)),
      backlog: () => transport.backlog(),
      onceDrained: (resume) => transport.onceDrained(resume),
    });
    this.addPane = new AddPaneController(() => host.addPaneContext());
    this.newWorkspace = new NewWorkspaceController(this);
    this.actions = new SessionActions(this);
    this.scrolls = new ScrollModes({
      message: (text, tone = 'info') => this.setChrome({ message: text === undefined ? undefined : { text, tone } }),
      changed: (pane) => this.scrollChanged(pane),
      copy: (text) => this.copy(text),
      keymap: () => host.settings.current.scrollKeymap,
    });
    this.mouseInput = new MouseInput({
      workspace: () => this.workspace,
      scrolls: this.scrolls,
      overlayOpen: () => this.chromeState.overlay.kind !== 'none',
      attempt: (operation) => this.actions.attempt(operation),
      copy: (text) => this.copy(text),
    });
    this.router = new KeyRouter({
      actions: this.actions,
      keys: () => host.settings.current,
      setPrefixPending: (pending) => this.setChrome({ prefixPending: pending }),
      overlayKey: (token) => this.actions.overlayKey(token),
      scrollKey: (token) => this.scrolls.key(this.workspace.focusedPane, token),
      mouse: (token) => this.mouseInput.handle(token),
      setMessage: (text, tone = 'info') => this.setChrome({ message: text === undefined ? undefined : { text, tone } }),
      focusedPane: () => this.workspace.focusedPane,
      syncedPanes: () => syncedWith(this.workspace, this.workspace.focusedPane),
      dismissExitedPane: () => void this.actions.closePane(this.workspace.focusedPaneId),
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
    this.outerMouse.set(outerMouseMode(this.host.settings.settings.mouse, this.workspace));
    this.painter.repaintAll();
    this.refresh();
  }

  input(data: string): void {
    this.frames.noteInput();
    clearTimeout(this.escapeTimer);
    this.handleTokens(this.decoder.feed(data));
    if (this.decoder.pending()) {
      this.escapeTimer = setTimeout(() => this.handleTokens(this.decoder.flush()), ESCAPE_TIMEOUT_MS);
    }
  }

  /**
   * The terminal's answers to the color queries go to the probe, its focus changes to the focused pane
   * (when it asked for them); everything goes to the key router, which drops both.
   */
  private handleTokens(tokens: KeyToken[]): void {
    for (const token of tokens) {
      if (token.kind === 'reply') this.colorProbe?.reply(token.raw);
      else if (token.kind === 'focus-in' || token.kind === 'focus-out') sendFocusEvent(this.workspace.focusedPane, token.kind === 'focus-in');
    }
    this.router.handle(tokens);
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.cols = cols;
    this.rows = rows;
    this.painter.resize(cols, rows);
    this.host.sizesChanged();
    this.actions.relayoutOverlay();
    this.refresh();
  }

  /** Redraws the chrome (something shown in it changed elsewhere, e.g. the "need you" count). */
  refreshChrome(): void {
    this.refresh();
  }

  /** Bytes a program sent for the user's terminal (bell, clipboard), written as they are. */
  send(bytes: string): void {
    if (!this.closed) this.transport.sendOutput(bytes);
  }

  /** A one-line message in the status bar. */
  notice(text: string): void {
    this.message(text, 'error');
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
    // The mouse setting turns the outer terminal's mouse reports on or off at once.
    this.outerMouse.set(outerMouseMode(this.host.settings.settings.mouse, this.workspace), true);
    if (outcome.problems.length > 0) this.message(`settings applied except ${outcome.problems[0]}`, 'error');
    else this.message(`settings applied from ${outcome.file}`, 'info');
    this.refresh();
  }

  /** The workspace this client shows lost its last pane: the client ends; the workspace stays listed, empty. */
  workspaceClosed(): void {
    const name = this.workspace.name;
    this.end(`[tessera: the last pane of workspace ${name} closed; it stays listed (tessera ls) and opens with a new shell; 'tessera rm -t ${name}' removes it]`, 0);
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
    this.colorProbe?.dispose();
    this.newWorkspace.dispose();
    clearTimeout(this.indicatorTimer);
    for (const off of this.unsubscribe.splice(0)) off();
    this.scrolls.dispose();
    this.frames.dispose();
    this.painter.dispose();
  }

  // ---- what the key actions and scroll mode need (ActionContext, ScrollHost) ----------------

  get registry() {
    return this.host.registry;
  }

  get keys() {
    return this.host.settings.current;
  }

  get viewers(): ViewerPanes {
    return this.host.viewers;
  }

  get settingsNow() {
    return this.host.settings.settings;
  }

  get serverEnv(): NodeJS.ProcessEnv {
    return this.host.env;
  }

  /** How to press an action's first key ("C-\\ w"), or how to reach it when it has none. */
  keyHint(action: string): string {
    const { keymap, prefix } = this.host.settings.current;
    const key = keymap.keysOf(action)[0];
    return key === undefined ? `the ${action} action` : `${prefix.label} ${keyLabel(key)}`;
  }

  get chrome(): ChromeState {
    return this.chromeState;
  }

  ask(text: string, onYes: () => void): void {
    this.router.ask(text, onYes);
  }

  attentionChanged(): void {
    this.host.attentionChanged();
  }

  redraw(): void {
    this.painter.repaintAll();
    this.frames.request();
  }

  detach(): void {
    this.end(`[tessera: detached from workspace ${this.workspace.name}]`, 0);
  }

  scrollMode(pageUp: boolean): void {
    const pane = this.workspace.focusedPane;
    if (!pane) return;
    this.scrolls.enter(pane, { pageUp });
    const keys = this.host.settings.current.scrollKeymap;
    this.message(scrollModeHint((action) => keys.labelOf(action)), 'info');
  }

  /** Copies text to the user's clipboard (OSC 52 and the copy command); false when refused. */
  copy(text: string): boolean {
    return copyText(text, this.host.settings.settings, (bytes) => this.transport.sendOutput(bytes), (message, tone) => this.message(message, tone));
  }

  message(text: string, tone: 'info' | 'error'): void {
    this.setChrome({ message: { text, tone } });
  }

  setChrome(change: Partial<ChromeState>): void {
    const next = { ...this.chromeState, ...change };
    if (JSON.stringify(next) === JSON.stringify(this.chromeState)) return;
    this.chromeState = next;
    this.refresh();
  }

  // ---- internals ---------------------------------------------------------------------------

  private async wake(paneId: number): Promise<void> {
    try {
      const { note } = await wakePane({ registry: this.host.registry, sessions: this.host.sessions }, paneId);
      if (note) this.message(note, 'info');
    } catch (error) {
      this.message((error as Error).message, 'error');
    }
  }

  /** A scrolled pane's view or position changed: redraw its cells and its header. */
  private scrollChanged(pane: Pane): void {
    this.painter.markDirty(pane.emulator);
    this.refresh();
  }

  get workspaces(): WorkspaceList {
    return this.host.workspaces;
  }

  openWorkspace(name: string): Workspace {
    return this.host.openWorkspace(name, { cols: this.cols, rows: this.rows });
  }

  /** This client shows another workspace from now on (prefix + digit, the switcher, next waiting). */
  showWorkspace(workspace: Workspace): void {
    if (workspace === this.workspace) return;
    this.workspace = workspace;
    this.watchWorkspace();
    this.scrolls.forgetExcept(new Set(workspace.panes.values()));
    this.host.registry.touch(workspace);
    this.host.sizesChanged();
    workspace.focus(workspace.focusedPaneId); // seen now: clears its "needs you" mark
    this.painter.repaintAll();
    this.refresh();
    this.host.attentionChanged();
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
      if (this.scrolls.isScrolled(pane.id)) this.scheduleIndicator();
      this.frames.request();
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
      this.scrolls.forgetExcept(new Set(panes));
      this.painter.repaintAll();
    }
    this.refresh();
  }

  /** Output arrived in a scrolled pane: its header position changes, redrawn at a modest pace (not per chunk). */
  private scheduleIndicator(): void {
    if (this.indicatorTimer !== undefined) return;
    this.indicatorTimer = setTimeout(() => {
      this.indicatorTimer = undefined;
      this.refresh();
    }, SCROLL_INDICATOR_INTERVAL_MS);
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
        scrollIndicator: (paneId) => this.scrolls.indicator(paneId),
        strip: this.host.workspaces.strip(this.workspace),
      }),
    );
    this.title.update(this.workspace.focusedPane.title, this.host.settings.settings.setTitle);
    this.frames.request();
  }
}
