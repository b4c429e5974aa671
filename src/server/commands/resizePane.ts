// resize-pane: move one border of a pane.

import type { ScreenDirection } from '../../mosaic/index.js';
import { resizePane as definition } from '../../commands/resizePane.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

const OPPOSITE: Record<ScreenDirection, ScreenDirection> = { left: 'right', right: 'left', up: 'down', down: 'up' };

export const resizePane = implement(definition, (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  // A negative amount shrinks the pane: its border moves back the other way.
  workspace.resizePane(pane.id, args.cells > 0 ? args.direction : OPPOSITE[args.direction], Math.abs(args.cells));
  return null;
});
