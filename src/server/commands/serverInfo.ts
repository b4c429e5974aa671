// server-info: the server's pid, socket and version, and what it cleaned up after a crash.

import type { ServerCommand } from './command.js';

export const serverInfo: ServerCommand = {
  name: 'server-info',
  run: (_args, ctx) => ({ pid: process.pid, socketPath: ctx.socketPath, version: ctx.version, crashSweep: ctx.crashSweep ?? null }),
};
