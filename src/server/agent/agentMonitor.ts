// Watches one agent pane: reads its settled screen with the agent's detector, listens for the
// notifications it sends, keeps the pill steady, names the question it waits on, and reports what it
// decided and why.

import type { AgentState, Detection, ScreenDetector } from '../../agents/detection.js';
import type { Disposable } from '../../pty/ptyProcess.js';
import type { ShellState } from '../../shell/oscTracker.js';
import { AnsweredRows } from '../approval/answeredRows.js';
import { newQuestionId } from '../approval/questionIds.js';
import { QuestionTracker, type Question } from '../approval/questions.js';
import type { Pane } from '../panes/pane.js';
import type { AgentExplanation } from '../../commands/explain.js';
import { watchNotifications, type AgentNotification } from './notificationSignals.js';
import { STATE_STABLE_MS, StableState, type Decision } from './stableState.js';
import { typesEnter } from './typedEnter.js';
import { channelState, reportLabel } from '../../agents/signals/channelState.js';
import type { ChannelReport, ChannelState } from '../../agents/signals/channelReport.js';
import { watchStatusOsc } from './statusOsc.js';
import { watchAgentTitle } from './titleSignal.js';
import { readAgentTitle } from '../../agents/signals/titleSignals.js';
import { TITLE_WORK_GAP_MS } from '../../limits.js';

/** The screen must be quiet this long before it is read: a TUI mid-repaint is not a state. */
const DETECT_QUIET_MS = 60;
/** Under continuous output the screen is still read at least this often. */
const DETECT_MAX_DELAY_MS = 300;

export interface AgentMonitorEvents {
  /** The shown state (or its question) changed. */
  changed(): void;
  /** The agent sent a notification (to pass on to the user). */
  notified(notification: AgentNotification): void;
}

/**
 * What an answered agent is taken to do until its screen shows more: it goes on after an Allow (or an answer typed
 * in the pane); a Deny or an Abort ends its turn (as in all four CLIs tessera knows).
 */
export type AnsweredState = 'running' | 'idle';

/** An answer given to a question: what it was (allow, deny, abort, typed) and where it came from. */
export interface AnswerGiven {
  answer: string;
  origin: string;
}

/** What decided an agent pane's pill, for `tessera explain`: the command's own type (src/commands/explain.ts). */
export type { AgentExplanation };

export class AgentMonitor {
  private readonly stable = new StableState();
  private readonly questions = new QuestionTracker(newQuestionId);
  private readonly answeredRows: AnsweredRows;
  private readonly subscriptions: Disposable[] = [];
  private quietTimer: ReturnType<typeof setTimeout> | undefined;
  private commitTimer: ReturnType<typeof setTimeout> | undefined;
  private firstDirtyAt: number | undefined;
  private lastSignal: AgentNotification | undefined;
  private lastReport: { label: string; at: number; firedAt: number } | undefined;
  /** Reports fired before this (ms since the epoch) are stale: a question was answered since. */
  private reportFloor = 0;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  /** A "working" title waiting to hold (see titled). */
  private titleTimer: ReturnType<typeof setTimeout> | undefined;
  /** The screen's idle was passed over because the title said working (titleHold): read again when it changes. */
  private heldByTitle = false;
  /** When the title last stopped saying "working" (performance.now()). */
  private titleStoppedWorkingAt: number | undefined;
  /** Reads the screen again when a gap in the "working" title is over (see titleHold). */
  private titleGapTimer: ReturnType<typeof setTimeout> | undefined;
  /** What the title said when it last changed. */
  private lastTitleState: AgentState | undefined;
  /** What the screen showed when it was last read, whether or not the pill follows it. */
  private lastScreen: Detection | undefined;
  /** The detector's rules in force: the settings' current ones (see `detector`). */
  private rules: ScreenDetector;
  /** Tessera is writing an answer: its keys are not the user answering in the pane. */
  private writingAnswer = false;
  private disposed = false;
  private readonly answerListeners = new Set<(question: Question, given: AnswerGiven) => void>();

  constructor(
    private readonly pane: Pane,
    detector: ScreenDetector,
    /** The agent kind's detector in the settings now; undefined when the settings no longer define it. */
    private readonly currentDetector: () => ScreenDetector | undefined,
    private readonly events: AgentMonitorEvents,
    /** The agent declares it reports its own state (`tessera status`, OSC 777): then the screen is only the fallback. */
    reportsState = false,
  ) {
    this.rules = detector;
    this.stable.channelOnly = reportsState;
    this.answeredRows = new AnsweredRows(pane.emulator.terminal);
    this.subscriptions.push(
      pane.onScreen(() => this.screenChanged()),
      watchNotifications(pane.emulator.terminal, (n) => this.notified(n)),
      watchStatusOsc(pane.emulator.terminal, (report) => this.reported(report)),
      watchAgentTitle(pane, (report) => this.titled(report)),
      pane.emulator.onTitle(() => this.titleChanged()),
      pane.onShellMarks((marks) => this.shellMarks(marks)),
      pane.onInput((data) => this.typed(data)),
    );
  }

  /** The rules this pane is read with: edited rules apply to running panes; a removed agent keeps its last ones. */
  get detector(): ScreenDetector {
    this.rules = this.currentDetector() ?? this.rules;
    return this.rules;
  }

  get state(): AgentState | undefined {
    return this.stable.decision?.detection.state;
  }

  get decision(): Decision | undefined {
    return this.stable.decision;
  }

  /** The question the agent waits on, not yet answered. */
  get waiting(): Question | undefined {
    return this.state === 'approval' ? this.questions.waiting : undefined;
  }

  get question(): string | undefined {
    return this.waiting?.text;
  }

  /** What `tessera explain` prints. */
  explain(): AgentExplanation {
    const decision = this.stable.decision;
    const ignored = this.stable.ignoredDetection;
    const waiting = this.waiting;
    return {
      state: decision?.detection.state,
      source: decision?.source ?? 'none',
      ...(decision ? { decidedAt: decision.at } : {}),
      ...(this.lastReport ? { lastReport: { label: this.lastReport.label, at: this.lastReport.at } } : {}),
      rule: decision?.detection.rule ?? 'nothing detected yet',
      matched: decision?.detection.matched ?? [],
      question: decision?.detection.question,
      ...(waiting ? { questionId: waiting.id } : {}),
      lastNotification: this.lastSignal?.text,
      ...(ignored ? { screenNow: ignoredScreenNote(ignored, decision?.source, this.stable.ignoredReason) } : {}),
    };
  }

  /** Reads the screen now (the detector's answer on the current settled buffer). */
  detectNow(): void {
    if (this.disposed) return;
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
    this.firstDirtyAt = undefined;
    const reading = this.readScreen();
    const hold = this.titleHold(reading);
    if (hold !== undefined) {
      if (hold.readAgainInMs !== undefined) this.readAgainAfterTitleGap(hold.readAgainInMs);
      this.stable.passOver(reading, hold.why);
      this.heldByTitle = true;
      return;
    }
    this.heldByTitle = false;
    if (this.stable.offer(reading, performance.now())) this.shownChanged();
    this.armCommitTimer();
  }

  /**
   * A running pill does not turn idle on the screen alone while the agent's title still says it works: Codex's status
   * line can vanish for half a second mid-turn (between two requests to the model, on a loaded machine) with the
   * composer showing, which read as a finished turn, a false "turn done" for the user. The title follows the
   * agent's own state; when it stops saying "working", the screen decides again (see titleChanged), after
   * TITLE_WORK_GAP_MS: under load Codex's spinner also left the title for most of a second mid-turn, just after the
   * prompt was sent, with the composer still showing it. The real end of a Codex turn comes from its notify program.
   * Says why the reading is passed over, and when the gap is over (the screen must be read again then), or undefined
   * when the screen decides. A question only: the caller arms the timer.
   */
  private titleHold(reading: Detection): { why: string; readAgainInMs?: number } | undefined {
    if (reading.state !== 'idle' || this.state !== 'running') return undefined;
    if (this.titleSays() === 'running') return { why: "the agent's title still says it is working" };
    const stopped = this.titleStoppedWorkingAt;
    const left = stopped === undefined ? 0 : stopped + TITLE_WORK_GAP_MS - performance.now();
    if (left <= 0) return undefined;
    return { why: "the agent's title said it was working a moment ago", readAgainInMs: left + 1 };
  }

  /** Reads the screen again once a gap in the "working" title is over (one timer: a later gap replaces it). */
  private readAgainAfterTitleGap(ms: number): void {
    clearTimeout(this.titleGapTimer);
    this.titleGapTimer = setTimeout(() => this.detectNow(), ms);
  }

  /** The title changed: note when it stops saying "working", and read a screen held by the title again. */
  private titleChanged(): void {
    const said = this.titleSays();
    if (this.lastTitleState === 'running' && said !== 'running') this.titleStoppedWorkingAt = performance.now();
    this.lastTitleState = said;
    if (this.heldByTitle) this.screenChanged();
  }

  /** Reads the screen again shortly (after the agent had time to react to keys). */
  detectSoon(): void {
    this.screenChanged();
  }

  /**
   * The question waiting at this very moment, read again from the screen first: a question the agent has left
   * (the pill may still show it for the 250 ms a new state must hold) is not waiting.
   */
  questionNow(): Question | undefined {
    this.detectNow();
    const waiting = this.waiting;
    const screen = this.lastScreen;
    if (waiting === undefined || screen === undefined) return undefined;
    if (screen.state === 'approval') return waiting;
    // No question on screen now: only an agent that said on purpose that it waits (a notification) still does, as
    // long as its screen does not show it doing something else.
    // A question the agent's own channel reported counts too, for an agent that reports its own state (its screen
    // is only the fallback); a built-in agent's keys are only written into its dialog, once the screen shows it.
    const unreadable = screen.state === 'unknown' || screen.state === 'starting';
    const source = this.stable.decision?.source;
    const said = source === 'signal' || source === 'channel';
    return said && (unreadable || (source === 'channel' && this.stable.channelOnly)) ? waiting : undefined;
  }

  /**
   * A report from the agent's own channel (a hook, its notify program, `tessera status`, OSC 777): shown at once,
   * then weighed against the screen as StableState says. A report fired before the last one applied is stale.
   */
  reported(report: ChannelReport): void {
    if (this.disposed) return;
    const firedAt = report.firedAt ?? Date.now();
    if (firedAt < this.reportFloor || (this.lastReport !== undefined && firedAt < this.lastReport.firedAt)) return;
    const said = channelState(report);
    const late = said === undefined ? undefined : this.lateBecause(said);
    const label = `${said?.label ?? reportLabel(report)}${late === undefined ? '' : ` (late: ${late})`}`;
    this.lastReport = { label, at: Date.now(), firedAt };
    if (said === undefined || late !== undefined) return;
    // A question already waiting stays the same question (its id too), whoever saw it first.
    const asking = said.state === 'approval' ? (this.waiting?.text ?? said.question) : undefined;
    const detection: Detection = { state: said.state, rule: said.label, matched: report.text === undefined ? [] : [report.text], question: asking };
    if (this.stable.signal(detection, 'channel', performance.now())) this.shownChanged();
    this.armHoldTimer();
  }

  /**
   * Why a channel report's state is already out of date, as the agent's screen shows it now; undefined when it is not.
   * - Anything but a question, while the screen shows the agent's question dialog: the report was sent before the
   *   dialog opened. Claude's hooks run as separate processes, so under load a PreToolUse (sent before the
   *   permission check) can arrive after the dialog is up; taking it would show "running" while the agent waits.
   * - The end of a turn while the agent is at work again (a queued message started the next turn), as both its
   *   screen and its own title say. Taking it would show idle for CHANNEL_HOLD_MS.
   * An agent that reports its own state (channelOnly) is not read off its screen, so nothing is late for it.
   */
  private lateBecause(said: ChannelState): string | undefined {
    if (this.stable.channelOnly) return undefined;
    if (said.state !== 'approval' && this.readScreen().state === 'approval') return 'the agent asks now, as its screen shows';
    if (said.state === 'idle' && this.workingNow()) return 'the agent is working again';
    return undefined;
  }

  /**
   * The state the agent's terminal title says (Gemini CLI, Codex): it comes in the same stream as the screen, never
   * behind it, so it is a signal like an OSC 9 notification (no hold against the screen). Approval and idle show at
   * once; "working" must hold STATE_STABLE_MS as a screen reading does: both CLIs show it for a moment after a
   * denial while they close the turn.
   */
  private titled(report: ChannelReport): void {
    if (this.disposed) return;
    const said = channelState(report);
    // Gemini sets "Ready" as it mounts, before its input box takes keys: only the screen says an agent is ready for
    // input (an initial prompt waits for that), so a title never ends `starting`.
    const shown = this.state;
    if (said === undefined || shown === undefined || shown === 'starting') return;
    clearTimeout(this.titleTimer);
    if (said.state !== 'running') return this.takeTitle(report, said);
    this.titleTimer = setTimeout(() => {
      if (this.titleSays() === 'running') this.takeTitle(report, said);
    }, STATE_STABLE_MS);
  }

  private takeTitle(report: ChannelReport, said: ChannelState): void {
    this.lastReport = { label: said.label, at: Date.now(), firedAt: report.firedAt ?? Date.now() };
    const asking = said.state === 'approval' ? (this.waiting?.text ?? said.question) : undefined;
    if (this.stable.signal({ state: said.state, rule: said.label, matched: [], question: asking })) this.shownChanged();
  }

  /** What the agent's title says now, if it says a state. */
  private titleSays(): AgentState | undefined {
    const title = this.pane.agent === undefined ? undefined : readAgentTitle(this.pane.agent, this.pane.programTitle);
    return title === undefined ? undefined : channelState(title)?.state;
  }

  /** The agent's own title and its screen, read now, both say it is working. */
  private workingNow(): boolean {
    return this.titleSays() === 'running' && this.readScreen().state === 'running';
  }

  /**
   * Writes the answer to `question` (just found waiting by questionNow) with `write`; once written, the question
   * is used up and the pill shows `next` (what the answer makes the agent do) until the screen shows more. False
   * when the pane refused the keys (nothing was answered).
   */
  answer(question: Question, given: AnswerGiven, next: AnsweredState, write: () => boolean): boolean {
    this.writingAnswer = true;
    let written: boolean;
    try {
      written = write();
    } finally {
      this.writingAnswer = false;
    }
    if (written) this.answered(question, given, next);
    return written;
  }

  /** Each question answered from now on (for the event stream). */
  onAnswered(listener: (question: Question, given: AnswerGiven) => void): Disposable {
    this.answerListeners.add(listener);
    return { dispose: () => this.answerListeners.delete(listener) };
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.quietTimer);
    clearTimeout(this.commitTimer);
    clearTimeout(this.holdTimer);
    clearTimeout(this.titleTimer);
    clearTimeout(this.titleGapTimer);
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.answeredRows.dispose();
    this.answerListeners.clear();
  }

  private readScreen(): Detection {
    const emulator = this.pane.emulator;
    const { lines, wrapped } = emulator.liveScreen();
    const detection = this.detector.detect({
      lines: this.answeredRows.blank(lines, wrapped),
      wrapped,
      cursorX: emulator.cursorX,
      cursorY: emulator.cursorY,
      title: this.pane.programTitle || undefined,
    });
    this.lastScreen = detection;
    return detection;
  }

  /** The question is answered: it is used up, its rows no longer count, and the pill leaves "approval" at once. */
  private answered(question: Question, given: AnswerGiven, next: AnsweredState): void {
    const how = given.answer === 'typed' ? given.origin : `${given.answer}, from ${given.origin}`;
    this.questions.consume(question.id);
    this.reportFloor = Date.now();
    for (const listener of [...this.answerListeners]) listener(question, given);
    const rows = this.lastScreen?.state === 'approval' ? (this.lastScreen.questionRows ?? []) : [];
    const { lines } = this.pane.emulator.liveScreen();
    for (const row of rows) this.answeredRows.add(row, lines[row] ?? '');
    const rule = `question ${question.id} answered (${how}); ${next} until the screen shows what the agent does next`;
    this.stable.signal({ state: next, rule, matched: [] }, 'answer');
    this.shownChanged();
    this.detectSoon();
  }

  /** Enter typed into the pane while it asks is the user's answer, given in the pane itself. */
  private typed(data: string): void {
    if (this.writingAnswer || this.waiting === undefined || !typesEnter(data)) return;
    const question = this.questionNow();
    if (question) this.answered(question, { answer: 'typed', origin: 'Enter typed in the pane' }, 'running');
  }

  private shownChanged(): void {
    const decision = this.stable.decision;
    this.questions.observe(decision?.detection.state === 'approval' ? (decision.detection.question ?? '') : undefined);
    this.events.changed();
  }

  private screenChanged(): void {
    if (this.disposed) return;
    const now = performance.now();
    this.firstDirtyAt ??= now;
    clearTimeout(this.quietTimer);
    const wait = Math.min(DETECT_QUIET_MS, Math.max(0, this.firstDirtyAt + DETECT_MAX_DELAY_MS - now));
    this.quietTimer = setTimeout(() => this.detectNow(), wait);
  }

  /** A candidate state waits to prove itself stable: commit it when its time comes, even if the screen stays quiet. */
  private armCommitTimer(): void {
    clearTimeout(this.commitTimer);
    const until = this.stable.pendingUntil;
    if (until === undefined) return;
    this.commitTimer = setTimeout(() => {
      this.commitTimer = undefined;
      this.detectNow();
    }, Math.max(0, until - performance.now()) + 1);
  }

  /** When a channel report's hold ends, the screen is read again: it may say what the report no longer does. */
  private armHoldTimer(): void {
    clearTimeout(this.holdTimer);
    const until = this.stable.holdUntil;
    if (until === undefined) return;
    this.holdTimer = setTimeout(() => {
      this.holdTimer = undefined;
      this.detectNow();
    }, Math.max(0, until - performance.now()) + 1);
  }

  /** An agent that emits OSC 133 (command running / prompt) says what it does: that outranks its screen. */
  private shellMarks(marks: ShellState): void {
    if (!marks.integrated || marks.phase === 'unknown') return;
    const state = marks.phase === 'running' ? 'running' : 'idle';
    const mark = { prompt: 'A', input: 'B', running: 'C', done: 'D' }[marks.phase];
    const detection: Detection = { state, rule: `OSC 133;${mark} from the agent`, matched: [] };
    if (this.stable.signal(detection)) this.shownChanged();
  }

  private notified(notification: AgentNotification): void {
    this.lastSignal = notification;
    if (notification.state) {
      const detection: Detection = {
        state: notification.state,
        rule: `OSC ${notification.osc} notification`,
        matched: [notification.text],
        question: notification.state === 'approval' ? notification.text : undefined,
      };
      if (this.stable.signal(detection)) this.shownChanged();
    }
    this.events.notified(notification);
  }
}

/** What `explain` says of a screen the pill does not follow (see StableState.offer). */
function ignoredScreenNote(detection: Detection, source: string | undefined, reason: string | undefined): string {
  if (reason !== undefined) return `the screen now says ${detection.state} (${detection.rule}), but ${reason}`;
  if (source === 'channel' && detection.state !== 'unknown' && detection.state !== 'starting') {
    return `the screen now says ${detection.state} (${detection.rule}), but the agent's own report outranks it for now`;
  }
  if (detection.state === 'unknown') return 'the screen now matches none of the rules, so the pill keeps the state decided before';
  return `the screen now looks like a start-up screen (${detection.rule}), taken as a repaint: the agent was ready before`;
}
