// tessera zoom: show one pane over the whole workspace, or go back to the mosaic.

import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

export const zoomPane = controlCommand({
  name: 'zoom',
  aliases: ['zoom-pane'],
  usage: `tessera zoom [-t PANE]

  Zooms the pane to fill its workspace, or unzooms when it is zoomed already.`,
  flags: [targetPaneFlag],
  toArgs: (args) => ({ pane: targetArg(args) }),
});
