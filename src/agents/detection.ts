// What a detector says about an agent's screen, and the shape every per-agent module exports.

import type { AgentScreen } from './screen.js';

export type AgentKind = 'claude' | 'codex' | 'gemini' | 'opencode';

/**
 * `starting`: not ready for input yet; `unknown`: a screen no rule recognises (a dialog we do not know, an error);
 * `error`: the agent itself said its turn failed (only from its own channel, never read off the screen).
 */
export type AgentState = 'starting' | 'idle' | 'running' | 'approval' | 'error' | 'unknown';

export interface Detection {
  state: AgentState;
  /** The name of the rule that decided, for `tessera explain`. */
  rule: string;
  /** The screen lines (or `title: …`) the rule matched. */
  matched: string[];
  /** For `approval`: what the agent asks, in its own words, with the command or file it is about. */
  question?: string;
  /**
   * For `approval`: the screen rows the question was read from. Once the question is answered, those rows no
   * longer count (see src/server/approval/answeredRows.ts), so an answer left on screen is not a new question.
   */
  questionRows?: number[];
}

/** Bytes to send to the pane while its permission dialog is showing. */
export interface ApprovalKeys {
  /** Allow this one action. */
  allow: string;
  /** Refuse it. In all four pinned CLIs a refusal also ends the turn. */
  deny: string;
  /** Dismiss the dialog and interrupt the turn. */
  abort: string;
}

export interface AgentDetector {
  kind: AgentKind;
  detect(screen: AgentScreen): Detection;
  approvalKeys: ApprovalKeys;
}

/** A detector for any agent kind: a built-in one, or a user-defined agent whose kind is its name from settings. */
export interface ScreenDetector {
  kind: string;
  detect(screen: AgentScreen): Detection;
  approvalKeys: ApprovalKeys;
  /** The agent reports its own state (`tessera status`, OSC 777 tessera-status): its screen is only the fallback. */
  reportsState?: boolean;
}
