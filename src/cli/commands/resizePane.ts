// tessera resize-pane: move a pane's borders.

import { UsageError, stringFlag } from '../argParser.js';
import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

const DIRECTIONS = ['left', 'right', 'up', 'down'] as const;

export const resizePane = controlCommand({
  name: 'resize-pane',
  usage: `tessera resize-pane [-t PANE] --left|--right|--up|--down N

  Moves the pane's border on that side by N cells, growing the pane (a negative N shrinks it).
  A resize that would make any pane smaller than the minimum is refused.`,
  flags: [targetPaneFlag, ...DIRECTIONS.map((name) => ({ name, value: true }))],
  toArgs(args) {
    const given = DIRECTIONS.filter((d) => stringFlag(args, d) !== undefined);
    if (given.length !== 1) throw new UsageError('resize-pane needs exactly one of --left, --right, --up or --down with a number');
    const direction = given[0];
    const raw = stringFlag(args, direction) ?? '';
    if (!/^-?\d{1,4}$/.test(raw) || Number(raw) === 0) throw new UsageError(`--${direction} needs a whole number of cells, not '${raw}'`);
    return { pane: targetArg(args), direction, cells: Number(raw) };
  },
});
