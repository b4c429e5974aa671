// One pane: a program in a PTY, its emulator, flow control between them, and what we know about it.

import path from 'node:path';
import type { PaneStatus } from '../../app/chromeModel.js';
import { connectFlowControl, type FlowControl } from '../../pty/flowControl.js';
import { debounceResize, type DebouncedResize } from '../../pty/debouncedResize.js';
import type { Disposable, PtyExit, PtyHandover, PtyProcess } from '../../pty/ptyProcess.js';
import { isCommandRunning } from '../../shell/commandRunning.js';
import { foregroundProgram } from '../../shell/foreground.js';
import { trackShellOsc, type OscTracker, type ShellState } from '../../shell/oscTracker.js';
import { Emulator } from '../../term/emulator.js';
import type { PaneInputModes } from '../../term/keys/encode.js';
import type { AgentState } from '../../agents/detection.js';
import { Disposables } from '../../os/disposables.js';
import type { Question } from '../approval/questions.js';
import { PaneInput } from './paneInput.js';
import type { LaunchRequest } from './launchPlan.js';
import { subscribe, type Listener } from '../listeners.js';
import { paneStatus, type PaneFacts } from './paneStatus.js';
import { tildify } from '../tildify.js';
import { memoryRelease } from '../process/memoryRelease.js';
import { SessionEndNotice, startProgram, type PaneKind, type PaneLaunch, type SessionEnd } from './paneLaunch.js';

/** A pane's header while its initial prompt is overdue (see PROMPT_OVERDUE_MS); `tessera explain` says what it waits for. */
export const PROMPT_WAITING_NOTE = 'prompt waiting';

export type { PaneKind, PaneLaunch } from './paneLaunch.js';

/** Shells with no integration are asked about their foreground group at most this often while output flows. */
const FOREGROUND_CHECK_INTERVAL_MS = 250;

export class Pane {
  readonly id: number;
  readonly kind: PaneKind;
  readonly agent: string | undefined;
  readonly installed: boolean;
  readonly initialPrompt: string | undefined;
  readonly emulator: Emulator;
  /** How the pane was started, for titles and list-panes. */
  readonly command: string;
  status: PaneStatus;
  exitCode: number | undefined;
  /** The title the program set (OSC 0/2), '' when none. */
  programTitle = '';
  /** The title the user gave it (rename-pane), '' when none: shown instead of any other. */
  userTitle = '';
  /**
   * When its program is one of tessera's viewers: what it shows (src/server/viewers/viewerPanes.ts:
   * a file's real path, `diff:FOLDER` or `logs:WORKSPACE[:hook:NAME]`), so opening that again focuses it.
   */
  viewer: string | undefined;
  /** What the pane's agent monitor decided (agent panes only). */
  private agentState: AgentState | undefined;
  /** For a pane waiting for approval: the question it waits on (as its agent monitor last said). */
  private waitingQuestion: Question | undefined;
  /** The question listeners were last told about. */
  private shownQuestion: string | undefined;
  private needsAttention = false;
  private hasRung = false;
  private sleeping = false;
  private conversation: string | undefined;
  /** Its initial prompt is overdue (see PROMPT_OVERDUE_MS): the header says so. */
  private promptWaiting = false;
  /** What was asked for when the pane started (to start it again on wake or resume). */
  readonly request: LaunchRequest | undefined;
  /** The program's absolute path; undefined when it is not installed. */
  readonly program: string | undefined;
  /** When the program started (ms since the epoch). */
  readonly startedAt: number;
  /** The secret in this pane's TESSERA_PANE_TOKEN: only the pane's own programs can report its state. */
  readonly reportToken: string | undefined;
  private readonly sessionEnd = new SessionEndNotice();
  private readonly pty: PtyProcess;
  private readonly flow: FlowControl;
  private readonly input: PaneInput;
  private readonly osc: OscTracker;
  private readonly resizer: DebouncedResize;
  /** Everything the pane holds, released when it closes (newest first). */
  private readonly lifetime = new Disposables();
  private readonly screenListeners = new Set<Listener>();
  private readonly metaListeners = new Set<Listener>();
  private readonly exitListeners = new Set<Listener>();
  private readonly inputListeners = new Set<(data: string) => void>();
  private started = false;
  private exited = false;
  private foregroundCheck: Disposable | undefined;
  /** The program running in the foreground of a shell pane (shown in its title), if any. */
  private foreground: string | undefined;
  private lastCwd: string;
  /** A screen taken over in an upgrade is still being drawn again (sizes wait for it). */
  private restoring = false;
  private sizeAfterRestore: { cols: number; rows: number } | undefined;

  constructor(launch: PaneLaunch) {
    this.id = launch.id;
    memoryRelease.noteActivity();
    this.kind = launch.kind;
    this.agent = launch.agent;
    this.installed = launch.file !== undefined;
    this.initialPrompt = launch.prompt;
    this.request = launch.request;
    this.program = launch.file;
    this.conversation = launch.sessionId;
    this.reportToken = launch.reportToken;
    this.lastCwd = launch.cwd;
    this.startedAt = launch.adopted?.startedAt ?? Date.now();
    this.command = launch.displayCommand ?? [path.basename(launch.file ?? '?'), ...launch.args].join(' ');
    // Released last: the count of freed panes, then every listener of the pane's own events.
    this.lifetime.add({ dispose: () => memoryRelease.noteFreed() });
    this.lifetime.add({
      dispose: () => {
        this.screenListeners.clear();
        this.metaListeners.clear();
        this.exitListeners.clear();
        this.inputListeners.clear();
        this.sessionEnd.dispose();
      },
    });
    this.emulator = this.lifetime.add(new Emulator({
      cols: launch.cols,
      rows: launch.rows,
      scrollback: launch.scrollback,
      name: `pane ${launch.id}`,
      log: launch.log,
      resetModesAtCommandEnd: launch.kind === 'shell',
    }));
    const adopted = launch.adopted;
    this.osc = this.lifetime.add(trackShellOsc(this.emulator.terminal, adopted?.shell));
    if (adopted) {
      // The program runs already: its screen is drawn again from what the old server saw.
      this.pty = adopted.pty;
      this.emulator.write(adopted.screen);
      this.programTitle = adopted.title;
      this.started = adopted.started;
      this.sleeping = adopted.asleep;
      this.needsAttention = adopted.attention;
      this.hasRung = adopted.rang;
      if (adopted.exited) {
        this.exited = true;
        this.exitCode = adopted.exited.exitCode;
        this.sessionEnd.endedBefore();
      }
    } else {
      try {
        this.pty = startProgram(launch, this.emulator);
      } catch (error) {
        this.lifetime.dispose();
        throw error;
      }
    }
    this.lifetime.add(this.pty);
    this.flow = this.lifetime.add(connectFlowControl(this.pty, this.emulator));
    this.input = this.lifetime.add(new PaneInput(this.pty, () => this.emitMeta()));
    this.resizer = this.lifetime.add(debounceResize((cols, rows) => this.applySize(cols, rows)));
    if (adopted) {
      this.restoring = true;
      void this.emulator.whenParsed().then(() => {
        this.restoring = false;
        const size = this.sizeAfterRestore;
        this.sizeAfterRestore = undefined;
        if (size) this.applySize(size.cols, size.rows);
      });
    }
    this.status = paneStatus(this.facts());
    [
      this.emulator.onReply((reply) => this.input.write(reply)),
      this.emulator.onParsed(() => this.onParsed()),
      this.emulator.onTitle((title) => {
        this.programTitle = title;
        this.emitMeta();
      }),
      this.osc.onChange(() => this.refreshStatus()),
      this.pty.onExit((exit) => this.onProgramExit(exit)),
    ].forEach((subscription) => this.lifetime.add(subscription));
    if (launch.pidRecords) this.lifetime.add(launch.pidRecords.track(String(this.id), this.pty));
  }

  get pid(): number {
    return this.pty.pid;
  }

  /** What a new server taking this pane over needs of its PTY; undefined when no program runs in one. */
  get handover(): PtyHandover | undefined {
    return this.isLive ? this.pty.handover : undefined;
  }

  /** What the pane's shell integration last reported. */
  get shellState(): ShellState {
    return this.osc.state;
  }

  /** The program has shown something (or reported a prompt). */
  get hasStarted(): boolean {
    return this.started;
  }

  /** For `tessera explain` on a shell pane: where its idle/running comes from. */
  shellExplanation(): { source: string; rule: string; matched: string[] } {
    const shell = this.osc.state;
    if (shell.integrated) {
      const exit = shell.lastExitCode === undefined ? '' : `, last exit status ${shell.lastExitCode}`;
      return { source: 'signal', rule: `shell integration (OSC 133): phase ${shell.phase}${exit}`, matched: [] };
    }
    return { source: 'process', rule: 'no shell integration: the terminal\'s foreground process group', matched: [] };
  }

  /** Called by the pane's agent monitor when the shown agent state (or the question it waits on) changes. */
  setAgentState(state: AgentState | undefined, waiting?: Question): void {
    this.agentState = state;
    this.waitingQuestion = state === 'approval' ? waiting : undefined;
    this.refreshStatus();
  }

  /**
   * The question the pane waits on while its pill says approval (its id names it for answers, the inbox, events).
   * None once its agent sleeps or has ended, though its last screen still shows the question.
   */
  get waiting(): Question | undefined {
    return this.status === 'approval' ? this.waitingQuestion : undefined;
  }

  /** For a pane waiting for approval: what it asks. */
  get question(): string | undefined {
    return this.waiting?.text;
  }

  /** It finished a turn or started waiting while nobody looked; cleared when it is focused. */
  get attention(): boolean {
    return this.needsAttention;
  }

  /** It rang the bell while nobody could see it; cleared when it is focused. */
  get rang(): boolean {
    return this.hasRung;
  }

  /** Asleep: tessera ended the agent's program on purpose, and keeps the pane to resume it. */
  get asleep(): boolean {
    return this.sleeping;
  }

  /** The agent's conversation id, as last learned (see src/agents/session/). */
  get sessionId(): string | undefined {
    return this.conversation;
  }

  /** Its agent finished a turn or started waiting while nobody looked. */
  markAttention(): void {
    this.needsAttention = true;
  }

  /** The bell rang while nobody could see the pane; true when that is news (it had not rung since it was last seen). */
  ring(): boolean {
    if (this.hasRung) return false;
    this.hasRung = true;
    return true;
  }

  /** Someone looks at the pane now: its marks are cleared; says which it had. */
  seen(): { rang: boolean; attention: boolean } {
    const had = { rang: this.hasRung, attention: this.needsAttention };
    this.hasRung = false;
    this.needsAttention = false;
    return had;
  }

  /** Tessera is ending the agent on purpose (sleep): the pane stays, to be woken. */
  markAsleep(): void {
    this.sleeping = true;
    this.refreshStatus();
  }

  /** The agent's conversation, as just learned; true when it changed. */
  noteSession(id: string): boolean {
    if (id === this.conversation) return false;
    this.conversation = id;
    return true;
  }

  /** Whether its initial prompt is overdue (its header says so until it goes out). */
  notePromptWaiting(waiting: boolean): void {
    this.promptWaiting = waiting;
  }

  get cwd(): string {
    return this.osc.state.cwd ?? this.lastCwd;
  }

  get title(): string {
    if (this.userTitle) return this.userTitle;
    if (this.programTitle) return this.programTitle;
    if (this.kind === 'shell') {
      const shell = `${this.command.split(' ')[0]} ${tildify(this.cwd)}`;
      return this.foreground ? `${this.foreground} · ${shell}` : shell;
    }
    return this.command;
  }

  get cols(): number {
    return this.emulator.cols;
  }

  get rows(): number {
    return this.emulator.rows;
  }

  get isExited(): boolean {
    return this.exited;
  }

  /** A pane that can take keys: its program runs. */
  get isLive(): boolean {
    return this.installed && !this.exited;
  }

  /** What the program asked of its keyboard, so keys can be encoded the way it expects. */
  get inputModes(): PaneInputModes {
    const emulator = this.emulator;
    return { applicationCursorKeys: emulator.applicationCursorKeys, bracketedPaste: emulator.bracketedPaste, keyboardFlags: emulator.keyboardFlags };
  }

  /**
   * Input from the keyboard (or send-keys) for the program: queued, never blocking. False when it
   * was refused: the program is gone, or it has not read the input already waiting for it.
   */
  write(data: string): boolean {
    if (!this.isLive) return false;
    if (data.length === 0) return true;
    this.emulator.noteUserInput();
    if (!this.input.write(data)) return false;
    for (const listener of [...this.inputListeners]) listener(data);
    return true;
  }

  /** What the header shows before the title: a large paste's progress ("pasting 40%"), or an initial prompt that is overdue. */
  get headerNote(): string | undefined {
    return this.input.progressLabel ?? (this.promptWaiting ? PROMPT_WAITING_NOTE : undefined);
  }

  /** Asks for a new size; applied after the resize debounce, never below the PTY minimum. */
  resize(cols: number, rows: number): void {
    this.resizer.request(cols, rows);
  }

  private applySize(cols: number, rows: number): void {
    // A screen taken over in an upgrade is drawn at the size it was exported at: a new size waits for it.
    if (this.restoring) {
      this.sizeAfterRestore = { cols, rows };
      return;
    }
    this.emulator.resize(cols, rows);
    this.pty.resize(cols, rows);
    this.emitScreen();
  }

  /** Applies a pending resize now (so a client that just attached draws at the right size). */
  flushResize(): void {
    this.resizer.flush();
  }

  /** Ties something's lifetime to the pane: it is disposed when the pane closes. */
  own(disposable: Disposable): void {
    this.lifetime.add(disposable);
  }

  /** OSC 133 / OSC 7 marks the program sends (shells, and agents that emit them). */
  onShellMarks(listener: (state: ShellState) => void): Disposable {
    return this.osc.onChange(listener);
  }

  onScreen(listener: Listener): Disposable {
    return subscribe(this.screenListeners, listener);
  }

  onMeta(listener: Listener): Disposable {
    return subscribe(this.metaListeners, listener);
  }

  onExit(listener: Listener): Disposable {
    return subscribe(this.exitListeners, listener);
  }

  /**
   * How many listen to the pane's events now, and how many things it holds for others (own()): what a client,
   * a watcher or a closed neighbour took must come back (tests of lifetimes).
   */
  get listenerCount(): { listeners: number; held: number } {
    const listeners = this.screenListeners.size + this.metaListeners.size + this.exitListeners.size + this.inputListeners.size;
    return { listeners, held: this.lifetime.size };
  }

  /** Input that was taken for the program (keys, pastes, answers), as written. */
  onInput(listener: (data: string) => void): Disposable {
    return subscribe(this.inputListeners, listener);
  }

  /** Once, when the program's session ends (on its own, or ended by tessera); never for a program that never ran. */
  onSessionEnd(listener: (end: SessionEnd) => void): Disposable {
    return this.sessionEnd.on(listener);
  }

  /** Ends the program's whole process group but keeps the pane and its last screen (sleep). */
  async endProgram(): Promise<void> {
    if (!this.isLive) return;
    this.sessionEnd.endingByTessera();
    const exit = await this.pty.terminate();
    this.endSession(exit.signal ? 128 + exit.signal : exit.exitCode);
  }

  /** Ends the pane's whole process group and releases everything the pane holds. */
  async close(): Promise<void> {
    if (this.isLive) await this.endProgram();
    this.dispose();
  }

  /** A program that never ran (not installed) has no session to end. */
  private endSession(exitCode: number | undefined): void {
    if (this.installed) this.sessionEnd.end(exitCode);
  }

  private dispose(): void {
    this.lifetime.dispose();
  }

  private onParsed(): void {
    memoryRelease.noteActivity();
    if (!this.started) {
      this.started = true;
      this.refreshStatus();
    }
    if (this.kind === 'shell' && !this.osc.state.integrated) this.scheduleForegroundCheck();
    this.emitScreen();
  }

  private scheduleForegroundCheck(): void {
    if (this.foregroundCheck !== undefined) return;
    this.foregroundCheck = this.lifetime.addTimer(() => {
      this.foregroundCheck = undefined;
      this.refreshStatus();
    }, FOREGROUND_CHECK_INTERVAL_MS);
  }

  private onProgramExit(exit: PtyExit): void {
    this.endSession(exit.signal ? 128 + exit.signal : exit.exitCode);
    // Let the emulator finish parsing what the program wrote last (and drop the modes it left on), then report the exit.
    this.emulator.programEnded(() => {
      this.exited = true;
      this.exitCode = exit.signal ? 128 + exit.signal : exit.exitCode;
      this.refreshStatus();
      for (const listener of [...this.exitListeners]) listener();
    });
  }

  private facts(): PaneFacts {
    const running = this.kind === 'shell' && !this.exited ? isCommandRunning(this.osc.state, this.pty?.pid ?? -1) : undefined;
    return {
      kind: this.kind,
      asleep: this.sleeping,
      notInstalled: !this.installed,
      agentState: this.agentState,
      exited: this.exited,
      exitCode: this.exitCode,
      commandRunning: running,
      started: this.started || this.osc.state.integrated,
    };
  }

  /** Recomputes the pill; tells listeners only when something they show changed. */
  private refreshStatus(): void {
    const status = paneStatus(this.facts());
    const cwd = this.osc.state.cwd ?? this.lastCwd;
    // The program a shell runs now, for the header (read again a moment after a command starts: it may not have exec'd yet).
    const foreground = this.kind === 'shell' && status === 'running' && this.isLive ? foregroundProgram(this.pty.pid) : undefined;
    if (status === 'running' && this.status !== 'running' && this.kind === 'shell') this.scheduleForegroundCheck();
    const question = status === 'approval' ? this.waitingQuestion?.text : undefined; // as `question` reads once the status is set
    const changed = status !== this.status || cwd !== this.lastCwd || question !== this.shownQuestion || foreground !== this.foreground;
    this.foreground = foreground;
    this.status = status;
    this.lastCwd = cwd;
    this.shownQuestion = question;
    if (changed) this.emitMeta();
  }

  private emitScreen(): void {
    for (const listener of [...this.screenListeners]) listener();
  }

  private emitMeta(): void {
    for (const listener of [...this.metaListeners]) listener();
  }
}
