// tessera zoom: toggle a pane's zoom.

import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface ZoomArgs {
  pane?: string;
}

export interface ZoomResult {
  zoomed: boolean;
}

export const zoomPane = defineCommand<ZoomArgs, ZoomResult>({
  name: 'zoom',
  aliases: ['zoom-pane'],
  summary: 'toggle zoom of a pane (the others keep running, hidden)',
  usage: `tessera zoom [-t PANE]

  Zooms the pane to fill its workspace, or unzooms when it is zoomed already.`,
  flags: [targetPaneFlag],
  fromCli: (args) => ({ pane: paneTargetFlag(args) }),
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane) }),
});
