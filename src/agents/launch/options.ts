// What a user can ask of an agent at launch (model, effort, bypass, resume), and how one CLI spells each as flags.

import type { AgentKind } from '../detection.js';

/** The reasoning effort levels tessera offers; each CLI that has an effort setting accepts all three. */
export const EFFORTS = ['low', 'medium', 'high'] as const;
export type Effort = (typeof EFFORTS)[number];

/** `latest`: the most recent session (in the pane's directory, where the CLI scopes it so); otherwise one session by id. */
export type ResumeTarget = 'latest' | { sessionId: string };

export interface LaunchOptions {
  /** The user's own arguments for the agent; tessera's flags are appended after them. */
  args?: readonly string[];
  model?: string;
  effort?: Effort;
  bypassPermissions?: boolean;
  resume?: ResumeTarget;
  /**
   * Tessera's own choice of id for a new conversation, so the pane knows its session without reading any file. Only
   * for CLIs that take one (`newSession`), and left out when the user's args already pick a session.
   */
  newSessionId?: string;
}

export type AgentArgs = { ok: true; args: string[] } | { ok: false; message: string };

/** One option as flags: `leading` goes before the user's args (a subcommand), `trailing` after them. */
export type OptionFlags = { ok: true; leading?: string[]; trailing: string[] } | { ok: false; message: string };

/** A user arg that already sets the option: a flag (`--model`, also as `--model=x` or `-mx`) or a pattern on any arg. */
export type Conflict = string | RegExp;

export interface OptionSpelling<T> {
  flags(value: T): OptionFlags;
  /** User args that set the same thing; both at once would leave the CLI to pick one, so tessera refuses. */
  conflicts: readonly Conflict[];
}

/** How one agent CLI's command line expresses the launch options, checked against its `--help` at `checkedVersion`. */
export interface AgentLaunch {
  kind: AgentKind;
  displayName: string;
  /** The npm package version whose `--help` these flags were read from. */
  checkedVersion: string;
  /** Shown when the binary is missing. */
  installHint: string;
  /** Suggestions for a model picker; any other name the CLI accepts may be typed instead. */
  models: readonly string[];
  /** One sentence for the UI: what turning bypass on lets this agent do. */
  bypassDescription: string;
  model: OptionSpelling<string>;
  effort: OptionSpelling<Effort>;
  bypassPermissions: OptionSpelling<true>;
  resume: OptionSpelling<ResumeTarget>;
  /** Starting a new conversation under a given id, when the CLI has a flag for it. */
  newSession?: OptionSpelling<string>;
  /** First words of the user's args that are subcommands a `leading` option cannot be combined with. */
  subcommands?: readonly string[];
}

/** Flags after the user's args. */
export const trailing = (...args: string[]): OptionFlags => ({ ok: true, trailing: args });

/** A launch option this CLI has no flag for, with what to do instead. */
export const unsupported = (message: string): OptionFlags => ({ ok: false, message });
