// tessera ls: the workspaces of the running server.

import { boolFlag } from '../argParser.js';
import { controlCommand, jsonFlag } from '../controlCommand.js';

interface WorkspaceInfo {
  name: string;
  panes: number;
  cwd: string;
  attachedClients: number;
  cols: number;
  rows: number;
}

export const listWorkspaces = controlCommand({
  name: 'ls',
  aliases: ['list-workspaces'],
  usage: `tessera ls [--json]

  One line per workspace: name, number of panes, size, and whether a terminal is attached.`,
  flags: [jsonFlag],
  toArgs: () => ({}),
  print(result, args, ctx) {
    const workspaces = result as WorkspaceInfo[];
    if (boolFlag(args, 'json')) {
      ctx.out(`${JSON.stringify(workspaces, null, 2)}\n`);
      return;
    }
    if (workspaces.length === 0) ctx.out('no workspaces\n');
    for (const w of workspaces) {
      const attached = w.attachedClients > 0 ? ` (attached${w.attachedClients > 1 ? ` ×${w.attachedClients}` : ''})` : '';
      ctx.out(`${w.name}: ${w.panes} pane${w.panes === 1 ? '' : 's'} [${w.cols}x${w.rows}] ${w.cwd}${attached}\n`);
    }
  },
});
