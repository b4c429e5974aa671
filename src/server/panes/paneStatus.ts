// What a pane's pill says, derived from what is known about its program (pure, so it is easy to test).

import type { PaneStatus } from '../../app/chromeModel.js';
import type { AgentState } from '../../agents/detection.js';

export interface PaneFacts {
  kind: 'shell' | 'command' | 'agent';
  /** Tessera ended the agent to resume it later (sleep). */
  asleep?: boolean;
  /** The agent's program is not installed: nothing was started. */
  notInstalled?: boolean;
  /** For agents: what the detector (or the agent's own signal) says. */
  agentState?: AgentState;
  exited: boolean;
  exitCode?: number;
  /** For shells: is a command running (from OSC 133, or the foreground process group)? */
  commandRunning?: boolean;
  /** Has the program shown anything (or reported a prompt) yet? */
  started: boolean;
}

export function paneStatus(facts: PaneFacts): PaneStatus {
  if (facts.notInstalled) return 'not installed';
  if (facts.asleep) return 'asleep';
  // An unknown status (a program taken over in an upgrade is not the server's child) is no error.
  if (facts.exited) return facts.exitCode === 0 || facts.exitCode === undefined ? 'exited' : 'error';
  if (facts.kind === 'agent') return agentPill(facts.agentState);
  if (facts.kind === 'command') return 'running';
  if (!facts.started) return 'starting';
  return facts.commandRunning ? 'running' : 'idle';
}

function agentPill(state: AgentState | undefined): PaneStatus {
  switch (state) {
    case 'idle':
    case 'running':
    case 'approval':
    case 'starting':
    case 'error':
      return state;
    default:
      // Nothing recognised yet (or a screen no rule knows before any state was seen).
      return 'starting';
  }
}
