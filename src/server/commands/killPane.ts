// kill-pane: close a pane and end its processes.

import { killPane as definition } from '../../commands/killPane.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const killPane = implement(definition, async (args, ctx) => {
  const { pane } = resolvePane(args.pane, ctx);
  await ctx.registry.closePane(pane.id);
  return null;
});
