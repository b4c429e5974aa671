// tessera start-server: start the server when none runs, and do nothing else (tmux's start-server).

import { defineCommand } from './contract.js';

export interface StartServerResult {
  /** The running server's pid (started now, or already running). */
  pid: number;
}

export const startServer = defineCommand<Record<string, never>, StartServerResult>({
  name: 'start-server',
  aliases: ['start'],
  summary: 'start the server if none runs (no workspace is opened, nothing attaches)',
  usage: `tessera start-server

  Starts the background server that owns the panes, if none runs yet, and prints nothing. The server
  wakes nothing by itself: dormant workspaces stay dormant until you attach to them. Most commands
  that need a server start one anyway; this is for scripts that want it running first (after a
  crash, starting it also cleans up what the crashed server left half made).`,
  flags: [],
  fromCli: () => ({}),
  parse: () => ({}),
  server: 'start',
});
