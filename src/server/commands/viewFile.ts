// view: open a file of the workspace folder in a viewer pane (or focus the one showing it).

import { int, oneOf, optStr, str } from '../../protocol/validate.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const viewFile: ServerCommand = {
  name: 'view',
  run(args, ctx) {
    const { pane, workspace } = targetPane(args, ctx);
    const file = str(args.file, 'file', 4096);
    const mode = args.mode === undefined ? undefined : oneOf(args.mode, 'mode', ['source', 'markdown'] as const);
    const baseDir = optStr(ctx.cwd, 'cwd', 4096) ?? workspace.cwd;
    // The line to show first (the diff viewer opens a file at its changed line).
    const line = args.line === undefined ? undefined : int(args.line, 'line', 1, 100_000_000);
    return ctx.viewers.open(workspace, file, baseDir, { mode, beside: pane.id, line });
  },
};
