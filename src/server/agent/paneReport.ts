// A state report from inside a pane (`tessera status`, an agent's hook): taken only for the pane it comes from,
// proved by that pane's token, and handed to the pane's agent monitor.

import type { ChannelReport } from '../../agents/signals/channelReport.js';
import type { CommandContext } from '../commands/command.js';
import { callerPane } from '../commands/targets.js';
import type { Pane } from '../pane.js';
import { checkReportToken } from '../reportToken.js';
import { RefusedError } from '../refusedError.js';

export function reportForCaller(ctx: CommandContext, token: string, report: ChannelReport): Pane {
  const found = callerPane(ctx);
  if (found === undefined) throw new RefusedError('a state report must come from inside a tessera pane of this server');
  const pane = found.pane;
  checkReportToken(pane, token);
  const monitor = pane.agentMonitor;
  if (monitor === undefined) {
    throw new RefusedError(`pane ${pane.id} runs no agent tessera watches: start the program as an agent (a customAgents entry) to report its state`);
  }
  monitor.reported({ ...report, firedAt: report.firedAt ?? Date.now() });
  return pane;
}
