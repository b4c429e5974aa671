// kill-pane: close a pane and end its processes.

import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const killPane: ServerCommand = {
  name: 'kill-pane',
  async run(args, ctx) {
    const { pane } = targetPane(args, ctx);
    await ctx.registry.closePane(pane.id);
    return null;
  },
};
