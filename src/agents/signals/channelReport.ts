// What an agent says about itself through its own channel (a Claude Code hook, Codex's notify program, tessera's
// opencode plugin, the status in Gemini CLI's or Codex's terminal title, `tessera status`, an OSC 777
// tessera-status sequence), and what that makes its state.

import type { AgentState } from '../detection.js';

/** One report as it travels from the pane to the server: small, flat and checked on arrival. */
export interface ChannelReport {
  /**
   * Who reports: `claude` (a hook), `codex` (its notify program, its title), `gemini` (its title), `opencode`
   * (tessera's plugin) or `status` (`tessera status`, OSC 777).
   */
  source: ChannelSource;
  /** The event's own name: `Notification`, `Stop`, `agent-turn-complete`, `session.idle`, `title`, or a status state (`waiting`). */
  event: string;
  /** What kind of event, when the event says (Claude's `notification_type`, a tool's name). */
  detail?: string;
  /** Its text: a notification's message, the command a tool runs, a status message. */
  text?: string;
  /**
   * When the reporting process started (ms since the epoch): hooks run in the background, side by side, so two
   * reports can arrive out of order; one fired before the last one applied is stale and dropped.
   */
  firedAt?: number;
  /**
   * The conversation the agent says it is in (tessera's opencode plugin: the session its turn runs in), so the pane
   * can be resumed without asking the CLI for its session list.
   */
  conversation?: string;
}

export const CHANNEL_SOURCES = ['claude', 'codex', 'gemini', 'opencode', 'status'] as const;
export type ChannelSource = (typeof CHANNEL_SOURCES)[number];

/** Longest event name and detail kept; real ones are a word or two. */
export const MAX_CHANNEL_WORD = 64;

/** What a report makes the pane's state, and how `tessera explain` names it ("hook Notification permission_prompt"). */
export interface ChannelState {
  state: AgentState;
  label: string;
  /** For `approval`: the question, in the agent's words. */
  question?: string;
}

/** The first `max` characters of `text` with control characters as spaces, trimmed; undefined when nothing is left. */
export function cleanText(text: unknown, max: number): string | undefined {
  if (typeof text !== 'string') return undefined;
  const clean = text.slice(0, max * 2).replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ').trim().slice(0, max);
  return clean === '' ? undefined : clean;
}

/** An event name or detail: a short word of letters, digits, `_`, `-`, `.` and `:`. */
export function channelWord(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_CHANNEL_WORD && /^[A-Za-z0-9_.:-]+$/.test(value) ? value : undefined;
}
