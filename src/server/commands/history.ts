// history: the pane sessions that ended (longer than HISTORY_MIN_SESSION_MS), oldest first.

import { history as definition } from '../../commands/history.js';
import { implement } from './command.js';

export const history = implement(definition, (args, ctx) => {
  const entries = ctx.history.list().filter((e) => args.workspace === undefined || e.workspace === args.workspace);
  return { entries, problem: ctx.history.problem ?? null };
});
