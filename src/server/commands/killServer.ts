// kill-server: stop everything. The answer names the server's pid, so the CLI can wait until it is gone.

import type { ServerCommand } from './command.js';

export const killServer: ServerCommand = {
  name: 'kill-server',
  run(_args, ctx) {
    ctx.shutdown();
    return { pid: process.pid };
  },
};
