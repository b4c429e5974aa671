// new: a workspace whose first pane runs a command (default: the user's shell).

import { optStr, optStrArray, str } from '../../protocol/validate.js';
import type { ServerCommand } from './command.js';

export const newWorkspace: ServerCommand = {
  name: 'new',
  run(args, ctx) {
    const workspace = ctx.registry.create({
      name: optStr(args.name, 'name', 256),
      cwd: str(args.cwd, 'cwd'),
      argv: optStrArray(args.command, 'command'),
      requestDir: ctx.cwd,
    });
    return { name: workspace.name, pane: workspace.focusedPaneId };
  },
};
