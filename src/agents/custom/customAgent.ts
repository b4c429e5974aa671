// A user-defined agent from settings (`customAgents`): what to run, how to read its screen, which keys answer it.

import type { ApprovalKeys } from '../detection.js';

/** Screen patterns per state (regular expression sources, tested against each screen line). */
export interface DetectionPatterns {
  idle: string[];
  running: string[];
  approval: string[];
}

export interface CustomAgent {
  /** Its kind: a lowercase identifier that names no built-in agent, shell or ssh. */
  name: string;
  /** A program name looked up on PATH, or an absolute path. */
  command: string;
  args: string[];
  /** Shown when the command is missing, e.g. "pipx install aider-chat". */
  installHint?: string;
  detection: DetectionPatterns;
  /** The bytes for each answer, parsed from key names such as "Enter", "Escape", "y". */
  approvalKeys: ApprovalKeys;
  /** It reports its own state with `tessera status` or OSC 777 tessera-status: its screen patterns are then only the fallback. */
  reportsState?: boolean;
}

/** Most custom agents accepted; more is a mistake, not a configuration. */
export const MAX_CUSTOM_AGENTS = 32;
/** Longest agent name; it is shown in pane titles and typed in commands. */
export const MAX_AGENT_NAME_LENGTH = 32;
/** Longest pattern source: patterns run on every screen update, and a long one is slow or a paste accident. */
export const MAX_PATTERN_LENGTH = 500;
/** Most patterns per state. */
export const MAX_PATTERNS_PER_STATE = 32;
/** Most args, and the longest one. */
export const MAX_AGENT_ARGS = 64;
export const MAX_AGENT_ARG_LENGTH = 4096;
/** Longest command (a path) and install hint. */
export const MAX_COMMAND_LENGTH = 1024;
export const MAX_INSTALL_HINT_LENGTH = 300;
/** Most keys in one answer ("Down Down Enter" is three). */
export const MAX_KEYS_PER_ANSWER = 8;
