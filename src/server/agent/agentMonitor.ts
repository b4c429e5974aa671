// Watches one agent pane: reads its settled screen with the agent's detector, listens for the
// notifications it sends, keeps the pill steady, and reports what it decided and why.

import type { AgentState, Detection, ScreenDetector } from '../../agents/detection.js';
import type { Disposable } from '../../pty/ptyProcess.js';
import type { ShellState } from '../../shell/oscTracker.js';
import type { Pane } from '../pane.js';
import { watchNotifications, type AgentNotification } from './notificationSignals.js';
import { StableState, type Decision } from './stableState.js';

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

export class AgentMonitor {
  private readonly stable = new StableState();
  private readonly subscriptions: Disposable[] = [];
  private quietTimer: ReturnType<typeof setTimeout> | undefined;
  private commitTimer: ReturnType<typeof setTimeout> | undefined;
  private firstDirtyAt: number | undefined;
  private lastSignal: AgentNotification | undefined;

  constructor(
    private readonly pane: Pane,
    readonly detector: ScreenDetector,
    private readonly events: AgentMonitorEvents,
  ) {
    this.subscriptions.push(
      pane.onScreen(() => this.screenChanged()),
      watchNotifications(pane.emulator.terminal, (n) => this.notified(n)),
      pane.onShellMarks((marks) => this.shellMarks(marks)),
    );
  }

  get state(): AgentState | undefined {
    return this.stable.decision?.detection.state;
  }

  get decision(): Decision | undefined {
    return this.stable.decision;
  }

  get question(): string | undefined {
    return this.state === 'approval' ? this.stable.decision?.detection.question : undefined;
  }

  /** What `tessera explain` prints. */
  explain(): { state: AgentState | undefined; source: string; rule: string; matched: string[]; question?: string; lastNotification?: string; screenNow?: string } {
    const decision = this.stable.decision;
    const ignored = this.stable.ignoredDetection;
    return {
      state: decision?.detection.state,
      source: decision?.source ?? 'none',
      rule: decision?.detection.rule ?? 'nothing detected yet',
      matched: decision?.detection.matched ?? [],
      question: decision?.detection.question,
      lastNotification: this.lastSignal?.text,
      ...(ignored ? { screenNow: ignoredScreenNote(ignored) } : {}),
    };
  }

  /** Reads the screen now (the detector's answer on the current settled buffer). */
  detectNow(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
    this.firstDirtyAt = undefined;
    const emulator = this.pane.emulator;
    const { lines, wrapped } = emulator.liveScreen();
    const detection: Detection = this.detector.detect({
      lines,
      wrapped,
      cursorX: emulator.cursorX,
      cursorY: emulator.cursorY,
      title: this.pane.programTitle || undefined,
    });
    if (this.stable.offer(detection, performance.now())) this.events.changed();
    this.armCommitTimer();
  }

  /** Reads the screen again shortly (after the agent had time to react to keys). */
  detectSoon(): void {
    this.screenChanged();
  }

  dispose(): void {
    clearTimeout(this.quietTimer);
    clearTimeout(this.commitTimer);
    for (const s of this.subscriptions.splice(0)) s.dispose();
  }

  private screenChanged(): void {
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

  /** An agent that emits OSC 133 (command running / prompt) says what it does: that outranks its screen. */
  private shellMarks(marks: ShellState): void {
    if (!marks.integrated || marks.phase === 'unknown') return;
    const state = marks.phase === 'running' ? 'running' : 'idle';
    const mark = { prompt: 'A', input: 'B', running: 'C', done: 'D' }[marks.phase];
    const detection: Detection = { state, rule: `OSC 133;${mark} from the agent`, matched: [] };
    if (this.stable.signal(detection)) this.events.changed();
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
      if (this.stable.signal(detection)) this.events.changed();
    }
    this.events.notified(notification);
  }
}

/** What `explain` says of a screen the pill does not follow (see StableState.offer). */
function ignoredScreenNote(detection: Detection): string {
  if (detection.state === 'unknown') return 'the screen now matches none of the rules, so the pill keeps the state decided before';
  return `the screen now looks like a start-up screen (${detection.rule}), taken as a repaint: the agent was ready before`;
}
