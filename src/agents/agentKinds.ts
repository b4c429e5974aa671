// Every agent kind tessera can run: the four built-in CLIs plus the user's own from settings (`customAgents`).

import { programName } from '../shell/programName.js';
import { customAgentDetector } from './custom/detector.js';
import type { CustomAgent } from './custom/customAgent.js';
import type { AgentKind, ScreenDetector } from './detection.js';
import { AGENT_DETECTORS } from './detectors.js';
import { AGENT_LAUNCHES } from './launch/agentArgs.js';
import type { AgentLaunch } from './launch/options.js';

export type { CustomAgent } from './custom/customAgent.js';
export { parseCustomAgents, type CustomAgentsCheck } from './custom/parseCustomAgents.js';

export const BUILTIN_AGENT_KINDS: readonly AgentKind[] = ['claude', 'codex', 'opencode', 'gemini'];

export interface AgentKindEntry {
  /** `claude`, `codex`, `opencode`, `gemini`, or a custom agent's name. */
  kind: string;
  displayName: string;
  /** The program to run: the CLI's own name for a built-in, as configured for a custom agent. */
  command: string;
  /** Args a custom agent always gets; the user's and tessera's come after them. */
  args: readonly string[];
  installHint?: string;
  detector: ScreenDetector;
  /** How model, effort, bypass and resume are spelled; built-in kinds only. */
  launch?: AgentLaunch;
}

export const isBuiltinAgentKind = (kind: string): kind is AgentKind => (BUILTIN_AGENT_KINDS as readonly string[]).includes(kind);

/** Built-ins first, then custom agents in settings order. Build once per settings change: it compiles patterns. */
export function agentKindEntries(custom: readonly CustomAgent[]): AgentKindEntry[] {
  return [...BUILTIN_AGENT_KINDS.map(builtinEntry), ...custom.map(customEntry)];
}

export function findAgentKind(kind: string, custom: readonly CustomAgent[]): AgentKindEntry | undefined {
  if (isBuiltinAgentKind(kind)) return builtinEntry(kind);
  const agent = custom.find((candidate) => candidate.name === kind);
  return agent === undefined ? undefined : customEntry(agent);
}

/**
 * The agent kind a command runs, by its program name: `/usr/local/bin/claude` and `claude.exe` are claude. A custom
 * agent matches its own command's program name or its name. Built-ins win, then the first custom agent in settings.
 */
export function agentKindForCommand(argv0: string, custom: readonly CustomAgent[]): string | undefined {
  const name = programName(argv0);
  if (name === '') return undefined;
  if (isBuiltinAgentKind(name)) return name;
  return custom.find((agent) => programName(agent.command) === name || agent.name === name)?.name;
}

function builtinEntry(kind: AgentKind): AgentKindEntry {
  const launch = AGENT_LAUNCHES[kind];
  const { displayName, installHint } = launch;
  return { kind, displayName, command: kind, args: [], installHint, detector: AGENT_DETECTORS[kind], launch };
}

function customEntry(agent: CustomAgent): AgentKindEntry {
  return {
    kind: agent.name,
    displayName: agent.name,
    command: agent.command,
    args: agent.args,
    ...(agent.installHint === undefined ? {} : { installHint: agent.installHint }),
    detector: customAgentDetector(agent),
  };
}
