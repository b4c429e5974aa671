// tessera last-pane: back to the pane that had the focus before (tmux's last-pane).

import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface LastPaneArgs {
  /** A pane of the workspace to act in (default: the one typed in, else the latest workspace). */
  pane?: string;
}

export const lastPane = defineCommand<LastPaneArgs, { pane: number }>({
  name: 'last-pane',
  summary: 'focus the pane that had the focus before',
  usage: `tessera last-pane [-t PANE]

  Moves the focus back to the pane that had it before the focused one, in the workspace of the
  pane -t (default: the workspace you typed this in, else the one used last). Run it again to go
  back and forth between two panes.`,
  flags: [targetPaneFlag],
  fromCli: (args) => ({ pane: paneTargetFlag(args) }),
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane) }),
  print: (result, _args, out) => out.out(`pane ${result.pane} has the focus\n`),
});
