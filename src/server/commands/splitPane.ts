// split: a new pane beside or below another.

import { splitPane as definition } from '../../commands/splitPane.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const splitPane = implement(definition, (args, ctx) => {
  const { pane } = resolvePane(args.pane, ctx);
  const created = ctx.registry.split(pane.id, args.side, {
    cwd: args.cwd,
    launch: { argv: args.command, requestDir: ctx.cwd },
    keepFocus: args.keepFocus,
  });
  return { id: created.id };
});
