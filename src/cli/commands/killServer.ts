// tessera kill-server: end the server, every workspace and every pane.

import { controlCommand } from '../controlCommand.js';

export const killServer = controlCommand({
  name: 'kill-server',
  usage: `tessera kill-server

  Ends every pane's processes, detaches every client, and stops the server.`,
  flags: [],
  toArgs: () => ({}),
});
