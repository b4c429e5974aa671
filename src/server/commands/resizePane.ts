// resize-pane: move one border of a pane by some cells.

import { int, oneOf } from '../../protocol/validate.js';
import type { ScreenDirection } from '../../mosaic/index.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

const OPPOSITE: Record<ScreenDirection, ScreenDirection> = { left: 'right', right: 'left', up: 'down', down: 'up' };

export const resizePane: ServerCommand = {
  name: 'resize-pane',
  run(args, ctx) {
    const { pane, workspace } = targetPane(args, ctx);
    const direction = oneOf(args.direction, 'direction', ['left', 'right', 'up', 'down'] as const);
    const cells = int(args.cells, 'cells', -9999, 9999);
    // A negative amount shrinks the pane: its border moves back the other way.
    workspace.resizePane(pane.id, cells > 0 ? direction : OPPOSITE[direction], Math.abs(cells));
    return null;
  },
};
