// kill-server: stop everything.

import type { ServerCommand } from './command.js';

export const killServer: ServerCommand = {
  name: 'kill-server',
  run(_args, ctx) {
    ctx.shutdown();
    return null;
  },
};
