// A state report from inside a pane (`tessera status`, an agent's hook): taken only for the pane it comes from,
// proved by that pane's token, and handed to the pane's agent monitor.

import type { ChannelReport } from '../../agents/signals/channelReport.js';
import type { CommandContext } from '../commands/command.js';
import { callerPane } from '../commands/targets.js';
import type { Pane } from '../panes/pane.js';
import { checkReportToken } from '../panes/reportToken.js';
import { RefusedError } from '../refusedError.js';

/** The pane a report comes from, once its token proves it; refused for anything else. */
export function reportingPane(ctx: CommandContext, token: string): Pane {
  const found = callerPane(ctx);
  if (found === undefined) throw new RefusedError('a state report must come from inside a tessera pane of this server');
  const pane = found.pane;
  checkReportToken(pane, token);
  if (ctx.agents.monitorOf(pane) === undefined) {
    throw new RefusedError(`pane ${pane.id} runs no agent tessera watches: start the program as an agent (a customAgents entry) to report its state`);
  }
  return pane;
}

/** Hands `report` to the pane's monitor. A time it claims from the future is taken as now: it could make every later report look stale. */
export function deliverReport(ctx: CommandContext, pane: Pane, report: ChannelReport): void {
  const now = Date.now();
  ctx.agents.monitorOf(pane)?.reported({ ...report, firedAt: Math.min(report.firedAt ?? now, now) });
}

export function reportForCaller(ctx: CommandContext, token: string, report: ChannelReport): Pane {
  const pane = reportingPane(ctx, token);
  deliverReport(ctx, pane, report);
  return pane;
}
