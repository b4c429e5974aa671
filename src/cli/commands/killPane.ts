// tessera kill-pane: close a pane and end every process in it.

import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

export const killPane = controlCommand({
  name: 'kill-pane',
  usage: `tessera kill-pane [-t PANE]

  Ends the pane's whole process group (SIGTERM, then SIGKILL after a grace period) and closes it.
  Closing a workspace's last pane closes the workspace.`,
  flags: [targetPaneFlag],
  toArgs: (args) => ({ pane: targetArg(args) }),
});
