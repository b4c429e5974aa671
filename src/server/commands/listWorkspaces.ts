// ls: the workspaces, most recently used first.

import type { ServerCommand } from './command.js';

export const listWorkspaces: ServerCommand = {
  name: 'ls',
  run(_args, ctx) {
    return ctx.registry.list().map((workspace) => ({
      name: workspace.name,
      panes: workspace.panes.size,
      cwd: workspace.cwd,
      attachedClients: [...ctx.clients].filter((c) => c.workspace === workspace).length,
      cols: workspace.size.cols,
      rows: workspace.size.rows,
    }));
  },
};
