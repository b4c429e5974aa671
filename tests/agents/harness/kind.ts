// What each agent kind contributes to a launch: its binary, arguments and pre-seeded config.

import type { AgentKind } from '../../../src/agents/detection.js';

export type { AgentKind };

export const AGENT_KINDS: readonly AgentKind[] = ['claude', 'codex', 'gemini', 'opencode'];

export interface LaunchOptions {
  /** The project folder the agent works in. */
  cwd: string;
  /** Where the fake model's `touch marker-N` commands write. */
  markerDir: string;
  /** The fake model's base URL, without a trailing slash. */
  serverUrl: string;
  cols: number;
  rows: number;
}

export interface AgentSetup {
  /** Name in tests/agents/node_modules/.bin. */
  bin: string;
  args: string[];
  /** Added to the harness's minimal environment. */
  env: Record<string, string>;
}

/** Writes config under `stateDir` (a fresh temp folder) and says how to start the agent. */
export type PrepareAgent = (stateDir: string, options: LaunchOptions) => Promise<AgentSetup>;
