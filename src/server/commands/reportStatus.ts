// status: a program in a pane reports that pane's state.

import { reportStatus as definition } from '../../commands/reportStatus.js';
import { statusReport } from '../../agents/signals/statusReport.js';
import { reportForCaller } from '../agent/paneReport.js';
import { implement } from './command.js';

export const reportStatus = implement(definition, (args, ctx) => {
  const pane = reportForCaller(ctx, args.token, statusReport(args.state, args.message));
  return { pane: pane.id, status: pane.status };
});
