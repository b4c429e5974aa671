// The diff viewer asks the tessera server that runs its pane (TESSERA, TESSERA_PANE in its
// environment) for the workspace's diff, and to open a file in a viewer pane. Asked again while the
// server hands its panes to another version (tessera upgrade), as the command line does.

import net from 'node:net';
import { askServer as ask } from '../client/request.js';

export function askServer(command: string, args: Record<string, unknown>, cwd: string): Promise<unknown> {
  const socketPath = process.env.TESSERA;
  if (!socketPath) return Promise.reject(new Error('this viewer runs outside tessera (no TESSERA in its environment)'));
  return ask(() => Promise.resolve(net.createConnection(socketPath)), command, args, { cwd, callerPane: process.env.TESSERA_PANE });
}
