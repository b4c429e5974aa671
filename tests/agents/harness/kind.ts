// What each agent kind contributes to a launch: its binary, arguments and pre-seeded config.

import type { AgentKind } from '../../../src/agents/detection.js';

export type { AgentKind };

export const AGENT_KINDS: readonly AgentKind[] = ['claude', 'codex', 'gemini', 'opencode'];

/**
 * The agents this run tests: `TESSERA_AGENT_KINDS` (a comma-separated list), else all four. The suite's config runs
 * each test file once per agent (a vitest project each, tests/agents/vitest.config.ts), so the agents run side by
 * side instead of one after another.
 */
export const KINDS_UNDER_TEST: readonly AgentKind[] = kindsFrom(process.env.TESSERA_AGENT_KINDS);

function kindsFrom(list: string | undefined): readonly AgentKind[] {
  if (list === undefined || list.trim() === '') return AGENT_KINDS;
  const named = list.split(',').map((kind) => kind.trim());
  const unknown = named.filter((kind) => !(AGENT_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) throw new Error(`TESSERA_AGENT_KINDS names ${unknown.join(', ')}: the agents are ${AGENT_KINDS.join(', ')}`);
  return named as AgentKind[];
}

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
