// agent-hook: an agent's hook event, reported for its own pane.

import { agentHook as definition } from '../../commands/agentHook.js';
import { codexTurnReport } from '../agent/codexTurns.js';
import { deliverReport, reportingPane } from '../agent/paneReport.js';
import { implement } from './command.js';

export const agentHook = implement(definition, async (args, ctx) => {
  const pane = reportingPane(ctx, args.token);
  const report = await codexTurnReport(args.report, { current: () => pane.sessionId, refresh: () => ctx.sessions.refresh(pane) });
  // Only opencode's plugin names the conversation, and only its own pane's agent is heard on it: the token proves the
  // pane, and the source must be the agent the pane runs (a report claiming to be opencode in a claude pane is not).
  if (report.conversation !== undefined && report.source === 'opencode' && pane.agent === report.source) ctx.sessions.told(pane, report.conversation);
  deliverReport(ctx, pane, report);
  return null;
});
