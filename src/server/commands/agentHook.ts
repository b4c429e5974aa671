// hook: an agent's hook event, reported for its own pane.

import { agentHook as definition } from '../../commands/agentHook.js';
import { reportForCaller } from '../agent/paneReport.js';
import { implement } from './command.js';

export const agentHook = implement(definition, (args, ctx) => {
  reportForCaller(ctx, args.token, args.report);
  return null;
});
