// tessera kill-server: stop the server and every pane in it, and wait until it is gone.

import { KILL_SERVER_POLL_MS, KILL_SERVER_WAIT_MS } from '../limits.js';
import { isProcessRunning } from '../os/processRunning.js';
import { defineCommand } from './contract.js';

export interface KillServerResult {
  /** The server's pid, to wait for its exit. */
  pid: number;
}

export const killServer = defineCommand<Record<string, never>, KillServerResult>({
  name: 'kill-server',
  summary: 'stop the server and every pane in it',
  usage: `tessera kill-server

  Ends every pane's processes, detaches every client, and stops the server. It returns once the
  server has exited (its panes' programs get a moment to end), so a command right after it starts
  a fresh server. Workspaces stay listed and open again later ('tessera ls').`,
  flags: [],
  fromCli: () => ({}),
  parse: () => ({}),
  async print(result, _args, output) {
    const pid = typeof result === 'object' && result !== null ? (result as { pid?: unknown }).pid : undefined;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return 0; // an older server: nothing to wait on
    const deadline = Date.now() + KILL_SERVER_WAIT_MS;
    // A zombie counts as gone: some containers reap orphans late.
    while (isProcessRunning(pid)) {
      if (Date.now() > deadline) {
        output.err(`tessera: the server (pid ${pid}) is still ending its panes; it will exit on its own\n`);
        return 0;
      }
      await new Promise((resolve) => setTimeout(resolve, KILL_SERVER_POLL_MS));
    }
    return 0;
  },
});
