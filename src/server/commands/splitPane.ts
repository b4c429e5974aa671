// split: a new pane beside or below another.

import { oneOf, optBool, optStr, optStrArray } from '../../protocol/validate.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const splitPane: ServerCommand = {
  name: 'split',
  run(args, ctx) {
    const { pane } = targetPane(args, ctx);
    const created = ctx.registry.split(pane.id, oneOf(args.side, 'side', ['right', 'down'] as const), {
      cwd: optStr(args.cwd, 'cwd'),
      launch: { argv: optStrArray(args.command, 'command'), requestDir: ctx.cwd },
      keepFocus: optBool(args.keepFocus, 'keepFocus') ?? false,
    });
    return { id: created.id };
  },
};
