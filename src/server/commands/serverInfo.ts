// server-info: the server's pid, socket and version, what it cleaned up after a crash, the attached
// clients (how their frames and keys travel, and what waits for them), where its memory goes, and
// (asked for) how late its event loop ran since the previous such call.

import { memoryReport } from '../memoryReport.js';
import type { ServerCommand } from './command.js';

export const serverInfo: ServerCommand = {
  name: 'server-info',
  run: (args, ctx) => ({
    pid: process.pid,
    socketPath: ctx.socketPath,
    version: ctx.version,
    crashSweep: ctx.crashSweep ?? null,
    clients: [...ctx.clients].map((client) => client.info()),
    memory: memoryReport(ctx.registry.list().flatMap((workspace) => [...workspace.panes.values()].map((pane) => pane.emulator))),
    ...(args.loopDelay === true ? { loopDelay: ctx.loopDelay.takeAndRestart() } : {}),
  }),
};
