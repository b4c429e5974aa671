// view: open a file of the workspace folder in a viewer pane (or focus the one showing it).

import { viewFile as definition } from '../../commands/viewFile.js';
import { optStr } from '../../protocol/validate.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const viewFile = implement(definition, (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  const baseDir = optStr(ctx.cwd, 'cwd', 4096) ?? workspace.cwd;
  return ctx.viewers.open(workspace, args.file, baseDir, { mode: args.mode, beside: pane.id, line: args.line });
});
