// agent-hook: an agent's hook event, reported for its own pane.

import { agentHook as definition } from '../../commands/agentHook.js';
import { codexTurnReport } from '../agent/codexTurns.js';
import { deliverReport, reportingPane } from '../agent/paneReport.js';
import { implement } from './command.js';

export const agentHook = implement(definition, async (args, ctx) => {
  const pane = reportingPane(ctx, args.token);
  const report = await codexTurnReport(args.report, { current: () => pane.sessionId, refresh: () => ctx.sessions.refresh(pane) });
  // Only opencode's plugin names the conversation; the report itself is proved to come from this pane.
  if (report.source === 'opencode' && report.conversation !== undefined) ctx.sessions.told(pane, report.conversation);
  deliverReport(ctx, pane, report);
  return null;
});
