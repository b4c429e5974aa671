// One pane as the handover describes it (old side): what the new server needs to show the same pane
// around the same program, its screen as terminal output.

import type { HandoverPane } from '../../protocol/handover.js';
import { readProcStat } from '../../pty/procStat.js';
import { exportScreen } from '../../term/screenExport.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import type { Pane } from '../panes/pane.js';

/** `fd`: the descriptor the new server inherits the pane's PTY as; undefined when no program runs. */
export function describePane(pane: Pane, fd: number | undefined): HandoverPane {
  const described: HandoverPane = {
    id: pane.id,
    cols: pane.cols,
    rows: pane.rows,
    kind: pane.kind,
    command: pane.command,
    screen: exportScreen(pane.emulator),
    title: pane.programTitle,
    shell: { ...pane.shellState },
    startedAt: Math.floor(pane.startedAt),
    started: pane.hasStarted,
    asleep: pane.asleep,
    attention: pane.attention,
    rang: pane.rang,
  };
  if (pane.agent !== undefined) described.agent = pane.agent;
  if (pane.program !== undefined) described.program = pane.program;
  if (pane.reportToken !== undefined) described.reportToken = pane.reportToken;
  if (pane.viewer !== undefined) described.viewer = pane.viewer;
  if (fd !== undefined) {
    described.fd = fd;
    described.pid = pane.pid;
    const startTime = readProcStat(pane.pid)?.startTime;
    if (startTime !== undefined) described.startTime = startTime;
  } else if (pane.isExited) {
    described.exited = { exitCode: pane.exitCode ?? null };
  }
  return described;
}

/** Why a pane cannot be handed over now (undefined: it can). */
export function notReadyToMove(pane: Pane, agents: AgentWatches): string | undefined {
  // An initial prompt is typed into the agent by this server once the agent is ready: moved now, it would never go out.
  const prompt = agents.promptOf(pane);
  if (prompt && !prompt.delivered && !prompt.overdue) {
    return `pane ${pane.id} has not had its initial prompt yet`;
  }
  if (pane.isLive && pane.handover === undefined) return `pane ${pane.id} runs outside a PTY this server can hand over`;
  return undefined;
}
