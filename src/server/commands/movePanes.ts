// The server's side of the commands that move a running pane between workspaces: move-pane, break-pane.

import { breakPane as breakPaneDefinition } from '../../commands/breakPane.js';
import { movePane as movePaneDefinition } from '../../commands/movePane.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

// Each replies once both workspaces' records are on disk: a restart right after must not undo the move.

export const movePane = implement(movePaneDefinition, async (args, ctx) => {
  const { pane } = resolvePane(args.source, ctx);
  const { pane: target } = resolvePane(args.pane, ctx);
  const { from, to } = ctx.registry.movePane(pane.id, target.id, args.side);
  await ctx.registry.records.whenWritten();
  return { pane: pane.id, from: from.name, to: to.name };
});

export const breakPane = implement(breakPaneDefinition, async (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  const created = ctx.registry.breakPane(pane.id, args.name);
  await ctx.registry.records.whenWritten();
  return { pane: pane.id, from: workspace.name, workspace: created.name };
});
