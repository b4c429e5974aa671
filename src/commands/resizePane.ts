// tessera resize-pane: move one border of a pane by some cells.

import { UsageError, stringFlag } from './argParser.js';
import { int, oneOf } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

const DIRECTIONS = ['left', 'right', 'up', 'down'] as const;
export type ResizeDirection = (typeof DIRECTIONS)[number];

export interface ResizePaneArgs {
  pane?: string;
  direction: ResizeDirection;
  /** Cells to move; negative moves the border the other way. */
  cells: number;
}

export const resizePane = defineCommand<ResizePaneArgs, null>({
  name: 'resize-pane',
  summary: "move a pane's border by some cells",
  usage: `tessera resize-pane [-t PANE] --left|--right|--up|--down N

  Moves one border of the pane N cells in that direction, as tmux does. The border that moves is
  the one on the pane's right (for --left/--right) or bottom (for --up/--down) side; for a pane at
  the right or bottom edge of its group, it is the one on its left or top side instead. So
  --right 5 widens a pane that has a neighbour on its right, and narrows a pane at the right edge.
  A negative N moves the border the other way. Asked for more than there is room for, the border
  moves as far as it can, until a pane would be smaller than the minimum. A pane with no neighbour
  beside it (or above or below it), or a border that cannot move at all, is refused, saying why.`,
  flags: [targetPaneFlag, ...DIRECTIONS.map((name) => ({ name, value: true }))],
  fromCli(args) {
    const given = DIRECTIONS.filter((d) => stringFlag(args, d) !== undefined);
    if (given.length !== 1) throw new UsageError('resize-pane needs exactly one of --left, --right, --up or --down with a number');
    const direction = given[0];
    const raw = stringFlag(args, direction) ?? '';
    if (!/^-?\d{1,4}$/.test(raw) || Number(raw) === 0) throw new UsageError(`--${direction} needs a number of cells other than 0 (negative moves the border the other way), not '${raw}'`);
    return { pane: paneTargetFlag(args), direction, cells: Number(raw) };
  },
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane), direction: oneOf(fields.direction, 'direction', DIRECTIONS), cells: int(fields.cells, 'cells', -9999, 9999) }),
});
