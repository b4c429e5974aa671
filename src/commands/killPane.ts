// tessera kill-pane: close a pane and end every process in it.

import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface KillPaneArgs {
  pane?: string;
}

export const killPane = defineCommand<KillPaneArgs, null>({
  name: 'kill-pane',
  summary: 'close a pane (its processes are ended)',
  usage: `tessera kill-pane [-t PANE]

  Ends the pane's whole process group (SIGTERM, then SIGKILL after a grace period) and closes it.
  Closing a workspace's last pane closes the workspace.`,
  flags: [targetPaneFlag],
  fromCli: (args) => ({ pane: paneTargetFlag(args) }),
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane) }),
});
