// server-info: the server's pid, socket and version.

import type { ServerCommand } from './command.js';

export const serverInfo: ServerCommand = {
  name: 'server-info',
  run: (_args, ctx) => ({ pid: process.pid, socketPath: ctx.socketPath, version: ctx.version }),
};
