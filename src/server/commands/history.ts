// history: the pane sessions that ended (longer than HISTORY_MIN_SESSION_MS), oldest first.

import { optStr } from '../../protocol/validate.js';
import type { ServerCommand } from './command.js';

export const history: ServerCommand = {
  name: 'history',
  run(args, ctx) {
    const workspace = optStr(args.workspace, 'workspace', 64);
    const entries = ctx.history.list().filter((e) => workspace === undefined || e.workspace === workspace);
    return { entries, problem: ctx.history.problem ?? null };
  },
};
