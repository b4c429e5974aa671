// tessera server-info: the running server's process and socket (for scripts and benchmarks), and
// what it ended at start-up that a crashed server had left running.

import { boolFlag } from '../argParser.js';
import { controlCommand, jsonFlag } from '../controlCommand.js';

export const serverInfo = controlCommand({
  name: 'server-info',
  usage: `tessera server-info [--json]

  Prints the server's pid, socket path and version. When the server, on starting, ended pane
  processes that a crashed server had left running, it says so here too.`,
  flags: [jsonFlag],
  toArgs: () => ({}),
  print(result, args, ctx) {
    const info = result as { pid: number; socketPath: string; version: string; crashSweep: { message: string; at: string } | null };
    if (boolFlag(args, 'json')) ctx.out(`${JSON.stringify(info)}\n`);
    else {
      ctx.out(`pid ${info.pid}, socket ${info.socketPath}, version ${info.version}\n`);
      if (info.crashSweep) ctx.out(`${info.crashSweep.message} (${info.crashSweep.at})\n`);
    }
  },
});
