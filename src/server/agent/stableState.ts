// Holds back a detected agent state until it has stayed the same for a while, so a TUI repainting
// through intermediate screens never makes the pill flicker. Signals the agent sends on purpose
// (notifications, OSC 133) skip the wait.

import type { Detection } from '../../agents/detection.js';

/** A detected state must hold this long before the pill shows it. */
export const STATE_STABLE_MS = 250;

export interface Decision {
  detection: Detection;
  /**
   * 'screen' when a screen rule decided, 'signal' when the agent told us, 'answer' when tessera (or the user, in the
   * pane) answered its question and the agent has not shown what it does next yet.
   */
  source: 'screen' | 'signal' | 'answer';
}

export class StableState {
  private current: Decision | undefined;
  private candidate: { decision: Decision; since: number } | undefined;
  /** A state other than `starting` (idle, running, approval) has been shown since the launch. */
  private wasReady = false;
  /** The last screen detection offered was passed over (see offer), and the shown state kept from before. */
  private lastIgnored: Detection | undefined;

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
      return false;
    }
    this.lastIgnored = undefined;
    const decision: Decision = { detection, source: 'screen' };
    if (this.current?.source === 'signal' && this.current.detection.state === detection.state) {
      // The screen merely agrees with what the agent said on purpose (perhaps late, on a loaded machine): the signal
      // stays the reason. Only an approval's question is taken from the screen, which shows the request's details.
      this.candidate = undefined;
      const question = detection.question ?? this.current.detection.question;
      if (question === this.current.detection.question) return false;
      this.current = { detection: { ...this.current.detection, question }, source: 'signal' };
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

  /** A state the agent announced itself (or an answer to its question); shown at once. */
  signal(detection: Detection, source: 'signal' | 'answer' = 'signal'): boolean {
    const changed = this.current?.detection.state !== detection.state || this.current.detection.question !== detection.question;
    this.current = { detection, source };
    this.candidate = undefined;
    this.lastIgnored = undefined;
    this.noteShown();
    return changed;
  }

  private noteShown(): void {
    const state = this.current?.detection.state;
    if (state !== undefined && state !== 'starting' && state !== 'unknown') this.wasReady = true;
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
