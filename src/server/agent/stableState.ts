// Holds back a detected agent state until it has stayed the same for a while, so a TUI repainting
// through intermediate screens never makes the pill flicker. Signals the agent sends on purpose
// (notifications, OSC 133, its own channel: hooks, notify, `tessera status`) skip the wait.
//
// Which wins when the agent's own channel and the screen disagree:
// - a channel report is shown at once, whatever the screen shows;
// - for CHANNEL_HOLD_MS after it, a screen that says otherwise does not count (the screen lags the report, or
//   the report lags the screen under load), except an approval dialog the screen shows now;
// - a channel approval the screen has shown since is left as soon as the screen steadily shows something else:
//   the screen decides when the question is gone; after the hold, the screen decides as before (the cross-check);
// - an agent that declares it reports its own state (channelOnly) is read off the screen only until it reports.

import type { Detection } from '../../agents/detection.js';
import { CHANNEL_HOLD_MS } from '../../limits.js';

/** A detected state must hold this long before the pill shows it. */
export const STATE_STABLE_MS = 250;

export interface Decision {
  detection: Detection;
  /**
   * 'screen' when a screen rule decided, 'signal' when the agent told us, 'answer' when tessera (or the user, in the
   * pane) answered its question and the agent has not shown what it does next yet.
   */
  source: 'screen' | 'signal' | 'answer' | 'channel';
  /** When it was decided (ms since the epoch), for `tessera explain`. */
  at: number;
}

export class StableState {
  private current: Decision | undefined;
  private candidate: { decision: Decision; since: number } | undefined;
  /** A state other than `starting` (idle, running, approval) has been shown since the launch. */
  private wasReady = false;
  /** The last screen detection offered was passed over (see offer), and the shown state kept from before. */
  private lastIgnored: Detection | undefined;
  /** Why the monitor passed the last screen reading over (passOver), when it was the monitor's call. */
  private ignoredBecause: string | undefined;
  /** The last channel report's hold: until when (offer's clock) and whether the screen has shown its approval. */
  private hold: { until: number; confirmed: boolean } | undefined;
  /** The agent reports its own state: once it has, the screen no longer decides (see the header). */
  channelOnly = false;

  get decision(): Decision | undefined {
    return this.current;
  }

  /**
   * The screen's latest detection when it was passed over and the pill kept the state decided before
   * (an unknown screen, or a start-up screen after the agent was ready); undefined otherwise.
   */
  get ignoredDetection(): Detection | undefined {
    return this.lastIgnored;
  }

  /** Why the last screen reading was passed over, when the monitor said why (see passOver). */
  get ignoredReason(): string | undefined {
    return this.lastIgnored === undefined ? undefined : this.ignoredBecause;
  }

  /**
   * A screen reading the pill must not follow now, for a reason the monitor knows (`why`, for explain): the shown
   * state stays, and a state waiting to hold starts over once the screen is offered again.
   */
  passOver(detection: Detection, why: string): void {
    this.candidate = undefined;
    this.lastIgnored = detection;
    this.ignoredBecause = why;
  }

  /**
   * Offers a new screen detection at time `now`. Returns true when the shown state changed.
   * `unknown` never replaces a known state: a dialog we do not recognise keeps the last pill.
   */
  offer(detection: Detection, now: number): boolean {
    // `starting` means "not ready for input yet": once this launch has been ready, a blank or banner screen (opencode
    // clears the screen when it leaves its home screen for the session) is a repaint, not a restart.
    const ignored = detection.state === 'unknown' || (detection.state === 'starting' && this.wasReady);
    if (ignored && this.current) {
      this.candidate = undefined;
      this.lastIgnored = detection;
      this.ignoredBecause = undefined;
      return false;
    }
    if (this.current?.source === 'channel' && this.channelHolds(detection, now)) {
      this.candidate = undefined;
      this.lastIgnored = detection;
      this.ignoredBecause = undefined;
      return false;
    }
    this.lastIgnored = undefined;
    const decision: Decision = { detection, source: 'screen', at: Date.now() };
    if (this.current?.source === 'channel' && this.current.detection.state === detection.state) {
      // The screen agrees: the report stays the reason, and its question (from the payload) stays the question.
      this.candidate = undefined;
      if (this.hold && detection.state === 'approval') this.hold.confirmed = true;
      return false;
    }
    if (this.current?.source === 'signal' && this.current.detection.state === detection.state) {
      // The screen merely agrees with what the agent said on purpose (perhaps late, on a loaded machine): the signal
      // stays the reason. Only an approval's question is taken from the screen, which shows the request's details.
      this.candidate = undefined;
      const question = detection.question ?? this.current.detection.question;
      if (question === this.current.detection.question) return false;
      this.current = { ...this.current, detection: { ...this.current.detection, question } };
      return true;
    }
    if (this.current && this.current.detection.state === detection.state) {
      // Same state: keep its explanation fresh (the question may have changed), no wait needed.
      const changed = this.current.detection.question !== detection.question;
      this.current = decision;
      this.candidate = undefined;
      return changed;
    }
    if (!this.candidate || this.candidate.decision.detection.state !== detection.state) {
      this.candidate = { decision, since: now };
      if (this.current === undefined) return this.commit(now);
      return false;
    }
    this.candidate.decision = decision;
    return this.commit(now);
  }

  /**
   * A state the agent announced itself (or an answer to its question); shown at once. A `channel` report (`now`:
   * offer's clock) then holds against the screen for a while (see the header).
   */
  signal(detection: Detection, source: 'signal' | 'answer' | 'channel' = 'signal', now?: number): boolean {
    const changed = this.current?.detection.state !== detection.state || this.current.detection.question !== detection.question;
    this.current = { detection, source, at: Date.now() };
    this.candidate = undefined;
    this.lastIgnored = undefined;
    this.hold = source === 'channel' && now !== undefined ? { until: now + CHANNEL_HOLD_MS, confirmed: false } : undefined;
    this.noteShown();
    return changed;
  }

  /** The screen's `detection` does not count against the channel's report in force (see the header). */
  private channelHolds(detection: Detection, now: number): boolean {
    if (this.channelOnly) return true;
    const shown = this.current?.detection.state;
    if (detection.state === shown || detection.state === 'approval' || this.hold === undefined) return false;
    if (shown === 'approval' && this.hold.confirmed) return false;
    return now < this.hold.until;
  }

  private noteShown(): void {
    const state = this.current?.detection.state;
    if (state !== undefined && state !== 'starting' && state !== 'unknown') this.wasReady = true;
  }

  /** When the channel's hold ends (offer's clock), so the screen is read again then; undefined when none holds. */
  get holdUntil(): number | undefined {
    return this.current?.source === 'channel' && !this.channelOnly ? this.hold?.until : undefined;
  }

  /** When the waiting candidate may be committed (for a timer), or undefined when none waits. */
  get pendingUntil(): number | undefined {
    return this.candidate ? this.candidate.since + STATE_STABLE_MS : undefined;
  }

  /** Commits the candidate if it has held long enough by `now`. */
  commit(now: number): boolean {
    if (!this.candidate) return false;
    const firstState = this.current === undefined;
    if (!firstState && now - this.candidate.since < STATE_STABLE_MS) return false;
    this.current = this.candidate.decision;
    this.candidate = undefined;
    this.noteShown();
    return true;
  }
}
