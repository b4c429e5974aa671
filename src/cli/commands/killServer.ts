// tessera kill-server: end the server, every workspace and every pane, and wait until it is gone.

import { KILL_SERVER_POLL_MS, KILL_SERVER_WAIT_MS } from '../../limits.js';
import { isProcessRunning } from '../../os/processRunning.js';
import { controlCommand } from '../controlCommand.js';

export const killServer = controlCommand({
  name: 'kill-server',
  usage: `tessera kill-server

  Ends every pane's processes, detaches every client, and stops the server. It returns once the
  server has exited (its panes' programs get a moment to end), so a command right after it starts
  a fresh server. Workspaces stay listed and open again later ('tessera ls').`,
  flags: [],
  toArgs: () => ({}),
  print: async (result, _args, ctx) => {
    const pid = typeof result === 'object' && result !== null ? (result as { pid?: unknown }).pid : undefined;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return 0; // an older server: nothing to wait on
    const deadline = Date.now() + KILL_SERVER_WAIT_MS;
    // A zombie counts as gone: some containers reap orphans late.
    while (isProcessRunning(pid)) {
      if (Date.now() > deadline) {
        ctx.err(`tessera: the server (pid ${pid}) is still ending its panes; it will exit on its own\n`);
        return 0;
      }
      await new Promise((resolve) => setTimeout(resolve, KILL_SERVER_POLL_MS));
    }
    return 0;
  },
});
