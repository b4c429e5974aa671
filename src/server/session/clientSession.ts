// One attached client on the server side: its screen, its keys, and the workspace it shows. The parts
// live beside it: input decoding (clientInput), frames (clientScreen), subscriptions (workspaceWatch),
// key routing (keyRouter) and what the keys do (sessionActions).

import type { ApprovalBarModel } from '../../app/chromeModel.js';
import type { TerminalInfo } from '../../protocol/messages.js';
import { wakePane } from '../agent/paneSleep.js';
import type { SessionTracker } from '../agent/sessionTracker.js';
import type { AnswerJournal } from '../approval/answerJournal.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import type { ReloadOutcome } from '../settings/liveSettings.js';
import type { ViewerPanes } from '../viewers/viewerPanes.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { ClosedHow } from '../workspaces/workspaceRegistry.js';
import { syncedWith } from '../panes/syncInput.js';
import { initialChromeState, type ChromeState } from './chromeState.js';
import { AddPaneController } from './addPaneController.js';
import { NewWorkspaceController } from './newWorkspaceController.js';
import { ConfirmEndController } from './confirmEndController.js';
import { InboxController } from './inboxController.js';
import { ColorProbe } from './colorProbe.js';
import { OuterKeyboard } from './outerKeyboard.js';
import { sendFocusEvent } from '../panes/focusEvents.js';
import { alertSequence } from '../notifications/alertSequence.js';
import { copyText } from './clipboard.js';
import { KeyRouter } from './keyRouter.js';
import { keyLabel } from '../keys/keyLabel.js';
import { scrollModeHint } from '../keys/scrollBindings.js';
import { MouseInput } from './mouseInput.js';
import { ScrollModes } from './scrollModes.js';
import { SessionActions } from './sessionActions.js';
import type { ActionContext } from './actionContext.js';
import type { WorkspaceList } from '../workspaces/workspaceList.js';
import type { HostLinks } from '../hosts/hostLinks.js';
import { supportsTrueColor } from './terminalCapabilities.js';
import { ClientInput } from './clientInput.js';
import { ClientScreen } from './clientScreen.js';
import { OutOfFrameWrites } from './outOfFrameWrites.js';
import { NoticeTimer } from './noticeTimer.js';
import { CLIENT_BACKLOG_BYTES } from '../../limits.js';
import { Disposables } from '../../os/disposables.js';
import { WorkspaceWatch } from './workspaceWatch.js';
import { nextTurn } from '../nextTurn.js';
import type { ClientTransport, SessionHost } from './sessionHost.js';
import type { HostWorkspace } from './workspaceSwitcher.js';
import type { ClientInfo } from '../../commands/serverInfo.js';
import type { CommandLineOutcome } from '../commands/commandLine.js';

/** What `server-info` says of an attached client. */

export class ClientSession implements ActionContext {
  cols: number;
  rows: number;
  workspace: Workspace;
  private readonly screen: ClientScreen;
  private readonly router: KeyRouter;
  private readonly keyboard: ClientInput;
  private readonly watch: WorkspaceWatch;
  private chromeState: ChromeState = initialChromeState();
  readonly addPane: AddPaneController;
  readonly newWorkspace: NewWorkspaceController;
  readonly confirmEnd: ConfirmEndController;
  readonly inbox: InboxController;
  private readonly actions: SessionActions;
  readonly scrolls: ScrollModes;
  private readonly mouseInput: MouseInput;
  private closed = false;
  /** Everything the session holds (its parts, their timers and subscriptions), released when it ends. */
  private readonly lifetime = new Disposables();
  /** The user's terminal has focus (focus events, DECSET 1004); taken as focused until it says otherwise. */
  terminalFocused = true;
  private colorProbe: ColorProbe | undefined;
  private outerKeyboard: OuterKeyboard | undefined;
  /** Bells, notifications and clipboard writes, bounded while the client's terminal is not reading. */
  private readonly outOfFrame: OutOfFrameWrites;
  /** Clears a notice from the status bar once it is old news. */
  private readonly noticeTimer = new NoticeTimer(() => this.setChrome({ message: undefined }));

  constructor(
    private readonly host: SessionHost,
    private readonly transport: ClientTransport,
    workspace: Workspace,
    size: { cols: number; rows: number },
    private readonly terminal: TerminalInfo,
    /** How the answer log names this client ("client 2 on /dev/pts/4"). */
    readonly label: string,
    /** The client can leave to show another machine's workspace (it said so when attaching). */
    readonly opensHosts = false,
  ) {
    this.cols = size.cols;
    this.rows = size.rows;
    this.workspace = workspace;
    this.lifetime.add(this.noticeTimer);
    this.lifetime.add({ dispose: () => this.refreshSoon.cancel() });
    this.outOfFrame = new OutOfFrameWrites(transport, CLIENT_BACKLOG_BYTES);
    this.lifetime.add({ dispose: () => this.outOfFrame.close() });
    this.screen = this.lifetime.add(new ClientScreen(
      this,
      {
        send: (bytes) => this.send(bytes),
        backlog: () => transport.backlog(),
        onceDrained: (callback) => transport.onceDrained(callback),
        isOpen: () => !this.closed,
        setsTitle: () => host.settings.settings.setTitle,
        mouseEnabled: () => host.settings.settings.mouse,
      },
      { ...size, trueColor: supportsTrueColor(terminal, host.settings.settings.trueColor) },
    ));
    this.addPane = new AddPaneController(() => host.addPaneContext());
    this.newWorkspace = this.lifetime.add(new NewWorkspaceController(this));
    this.confirmEnd = this.lifetime.add(new ConfirmEndController(this));
    this.inbox = this.lifetime.add(new InboxController(this));
    this.actions = new SessionActions(this);
    this.scrolls = this.lifetime.add(new ScrollModes({
      message: (text, tone = 'info') => this.setChrome({ message: text === undefined ? undefined : { text, tone } }),
      changed: (pane) => this.scrollChanged(pane),
      copy: (text) => this.copy(text),
      keymap: () => host.settings.current.scrollKeymap,
    }));
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
    this.keyboard = this.lifetime.add(new ClientInput({
      typed: () => this.screen.noteInput(),
      reply: (raw) => {
        if (!this.screen.reply(raw) && !this.colorProbe?.reply(raw)) this.outerKeyboard?.reply(raw);
      },
      expectingReplies: () => this.colorProbe?.awaitingReplies === true,
      focus: (focused) => {
        this.terminalFocused = focused;
        sendFocusEvent(this.workspace.focusedPane, focused);
      },
      route: (tokens) => this.router.handle(tokens),
    }));
    this.watch = this.lifetime.add(new WorkspaceWatch({
      paneOutput: (pane) => {
        this.screen.paneChanged(pane.emulator);
        if (this.scrolls.isScrolled(pane.id)) this.screen.scheduleIndicator();
      },
      panesChanged: (panes) => {
        this.scrolls.forgetExcept(new Set(panes));
        this.screen.repaintAll();
      },
      changed: () => this.screen.refreshAtNextFrame(),
    }));
    this.watch.watch(workspace);
  }

  info(): ClientInfo {
    return {
      workspace: this.workspace.name,
      cols: this.cols,
      rows: this.rows,
      ...this.transport.route(),
      backlogBytes: this.transport.backlog(),
      skippingFrames: this.screen.skippingFrames,
    };
  }

  /** Sends the first, full frame, with a notice in the status bar when there is one. */
  start(notice?: string): void {
    this.host.registry.touch(this.workspace);
    this.workspace.focus(this.workspace.focusedPaneId); // seen now: clears its "needs you" mark
    if (notice) {
      this.chromeState = { ...this.chromeState, message: { text: notice, tone: 'error' } };
      this.noticeTimer.set(this.chromeState.message);
    }
    this.screen.followMouse();
    this.screen.repaintAll();
    this.refresh();
    // The questions to the terminal come after the first frame: a terminal answers them before it
    // draws what follows (~260 color questions, and every answer travels back over the link).
    this.colorProbe = this.lifetime.add(new ColorProbe((bytes) => this.transport.sendOutput(bytes)));
    if (this.host.settings.settings.kittyKeyboard) this.outerKeyboard = new OuterKeyboard((bytes) => this.send(bytes));
  }

  input(data: string): void {
    this.keyboard.feed(data);
  }

  resize(cols: number, rows: number): void {
    if (cols === this.cols && rows === this.rows) return;
    this.cols = cols;
    this.rows = rows;
    this.screen.resize(cols, rows);
    this.host.sizesChanged();
    this.actions.relayoutOverlay();
    this.refresh();
  }

  /** Redraws the chrome (something shown in it changed elsewhere, e.g. the "need you" count). */
  refreshChrome(): void {
    this.refreshSoon();
  }

  /** Once per turn, after the command that changed something has answered. */
  private readonly refreshSoon = nextTurn(() => {
    if (!this.closed) this.refresh();
  });

  /** Bytes for the user's terminal that keep their place among the frames (title, modes), written as they are. */
  send(bytes: string): void {
    if (!this.closed) this.transport.sendOutput(bytes);
  }

  /** A program rang the bell. */
  ring(): void {
    this.outOfFrame.momentary('\x07');
  }

  /** A program wrote to the clipboard: `sequence` is the whole OSC 52 sequence. */
  setClipboard(sequence: string): void {
    this.outOfFrame.clipboard(sequence);
  }

  /** A one-line message in the status bar. */
  notice(text: string): void {
    this.message(text, 'error');
  }

  /** Passes a "needs you" alert to the user's terminal, as the settings say (bell, OSC 9, 777, 99 or nothing). */
  alert(text: string): void {
    const sequence = alertSequence(this.host.settings.settings.notify, text);
    if (sequence !== undefined) this.outOfFrame.momentary(sequence);
  }

  /** The settings were reloaded (or the file has a mistake): apply them and say so. */
  settingsChanged(outcome: ReloadOutcome): void {
    if (outcome.status === 'invalid') {
      this.message(`settings not applied: ${outcome.error ?? 'unknown error'}; the previous settings stay`, 'error');
      return;
    }
    this.screen.setTrueColor(supportsTrueColor(this.terminal, this.host.settings.settings.trueColor));
    // The mouse setting turns the outer terminal's mouse reports on or off at once.
    this.screen.followMouse(true);
    if (outcome.problems.length > 0) this.message(`settings applied except ${outcome.problems[0]}`, 'error');
    else this.message(`settings applied from ${outcome.file}`, 'info');
    this.refresh();
  }

  /** The workspace this client shows is dormant now (its last pane closed, or its panes were stopped): the client ends. */
  workspaceClosed(how: ClosedHow): void {
    const name = this.workspace.name;
    const why: Record<ClosedHow, string> = {
      emptied: `the last pane of workspace ${name} closed; it stays listed (tessera ls) and opens with a new shell; 'tessera rm -t ${name}' removes it`,
      stopped: `workspace ${name} was stopped; 'tessera attach -t ${name}' opens it again with its panes as they were`,
      ended: `the panes of workspace ${name} were stopped (rm or reset)`,
    };
    this.end(`[tessera: ${why[how]}]`, 0);
  }

  end(reason: string, exitCode: number): void {
    if (this.closed) return;
    this.closed = true;
    this.dispose();
    this.transport.end(reason, exitCode);
    this.host.removed();
  }

  dispose(): void {
    this.closed = true;
    this.lifetime.dispose();
  }

  // ---- what the key actions and scroll mode need (ActionContext, ScrollHost) ----------------

  get registry() {
    return this.host.registry;
  }

  get keys() {
    return this.host.settings.current;
  }

  get sessions(): SessionTracker {
    return this.host.sessions;
  }

  get viewers(): ViewerPanes {
    return this.host.viewers;
  }

  get answers(): AnswerJournal {
    return this.host.answers;
  }

  get agents(): AgentWatches {
    return this.host.agents;
  }

  get hosts(): HostLinks {
    return this.host.hosts;
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

  hostsNeedYou(): number {
    return this.host.hosts.needYou();
  }

  /** Before each chrome: an open inbox lists the questions waiting now (they come and go in every workspace). */
  beforeChrome(): void {
    const overlay = this.chromeState.overlay;
    if (overlay.kind === 'inbox') this.chromeState = { ...this.chromeState, overlay: this.inbox.current(overlay) };
  }

  get approvalBar(): ApprovalBarModel | undefined {
    return this.screen.approvalBar;
  }

  ask(text: string, onYes: () => void): void {
    this.router.ask(text, onYes);
  }

  attentionChanged(): void {
    this.host.attentionChanged();
  }

  redraw(): void {
    this.screen.repaintAll();
    this.screen.request();
  }

  /** The client ends with this reason (the workspace it showed is going away). */
  leave(reason: string): void {
    this.end(reason, 0);
  }

  detach(): void {
    this.end(`[tessera: detached from workspace ${this.workspace.name}]`, 0);
  }

  isHost(name: string): boolean {
    return Object.hasOwn(this.host.settings.settings.hosts, name) && this.host.hosts.get(name) !== undefined;
  }

  /** The client leaves this server to show a host's workspace, and attaches again to this one (to this workspace) when that view ends. */
  showHost(target: HostWorkspace): void {
    if (this.closed) return;
    this.transport.openHost({ ...target, from: this.workspace.name });
    this.end(`[tessera: showing ${target.host}:${target.workspace}; detaching there comes back to ${this.workspace.name}]`, 0);
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
    return copyText(text, this.host.settings.settings, (sequence) => this.outOfFrame.clipboard(sequence), (message, tone) => this.message(message, tone));
  }

  message(text: string, tone: 'info' | 'error'): void {
    this.setChrome({ message: { text, tone } });
  }

  setChrome(change: Partial<ChromeState>): void {
    if ('message' in change) this.noticeTimer.set(change.message);
    // Every key clears the message line: only what the change names is compared (a few bytes, not the whole state).
    const keys = Object.keys(change) as (keyof ChromeState)[];
    if (keys.every((key) => JSON.stringify(change[key]) === JSON.stringify(this.chromeState[key]))) return;
    this.chromeState = { ...this.chromeState, ...change };
    // Built when the next frame is drawn: a burst of keys typed into the palette (a paste, a fast typist) costs
    // one chrome per frame, not one per key (41 keys took 1.4-1.9 s on a loaded machine, one build each).
    this.screen.refreshAtNextFrame();
  }

  get workspaces(): WorkspaceList {
    return this.host.workspaces;
  }

  runCommandLine(argv: readonly string[], caller: { pane: number; cwd: string }): Promise<CommandLineOutcome> {
    return this.host.runCommandLine(argv, caller);
  }

  openWorkspace(name: string): Workspace {
    return this.host.openWorkspace(name, { cols: this.cols, rows: this.rows });
  }

  /** This client shows another workspace from now on (prefix + digit, the switcher, next waiting). */
  showWorkspace(workspace: Workspace): void {
    if (workspace === this.workspace) return;
    this.workspace = workspace;
    this.watch.watch(workspace);
    this.scrolls.forgetExcept(new Set(workspace.panes.values()));
    this.host.registry.touch(workspace);
    this.host.sizesChanged();
    workspace.focus(workspace.focusedPaneId); // seen now: clears its "needs you" mark
    this.screen.repaintAll();
    this.refresh();
    this.host.attentionChanged();
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
    this.screen.markDirty(pane.emulator);
    this.refresh();
  }

  private refresh(): void {
    this.screen.refresh();
  }
}
