// The server's side of the commands that move a running pane between workspaces: move-pane, break-pane.

import { breakPane as breakPaneDefinition } from '../../commands/breakPane.js';
import { movePane as movePaneDefinition } from '../../commands/movePane.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const movePane = implement(movePaneDefinition, (args, ctx) => {
  const { pane } = resolvePane(args.source, ctx);
  const { pane: target } = resolvePane(args.pane, ctx);
  const { from, to } = ctx.registry.movePane(pane.id, target.id, args.side);
  return { pane: pane.id, from: from.name, to: to.name };
});

export const breakPane = implement(breakPaneDefinition, (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  const created = ctx.registry.breakPane(pane.id, args.name);
  return { pane: pane.id, from: workspace.name, workspace: created.name };
});
