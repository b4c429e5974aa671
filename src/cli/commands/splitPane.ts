// tessera split: a new pane beside or below another.

import path from 'node:path';
import { UsageError, boolFlag, stringFlag } from '../argParser.js';
import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

export const splitPane = controlCommand({
  name: 'split',
  aliases: ['split-window'],
  usage: `tessera split [-t PANE] --right|--down [-d] [-c DIR] [-- COMMAND ARGS…]

  --right (-h) puts the new pane to the right, --down (-v) below.
  -d keeps the focus where it is. -c DIR starts in DIR (default: the split pane's directory).
  Prints the new pane's id.`,
  flags: [
    targetPaneFlag,
    { name: 'right', short: 'h' },
    { name: 'down', short: 'v' },
    { name: 'detached', short: 'd' },
    { name: 'cwd', short: 'c', value: true },
  ],
  toArgs(args, ctx) {
    const right = boolFlag(args, 'right');
    const down = boolFlag(args, 'down');
    if (right === down) throw new UsageError('split needs exactly one of --right or --down');
    const cwd = stringFlag(args, 'cwd');
    return {
      pane: targetArg(args),
      side: right ? 'right' : 'down',
      keepFocus: boolFlag(args, 'detached'),
      cwd: cwd === undefined ? undefined : path.resolve(ctx.cwd, cwd),
      command: args.rest,
    };
  },
  print: (result, _args, ctx) => ctx.out(`${String((result as { id: number }).id)}\n`),
});
