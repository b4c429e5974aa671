// tessera list-panes: every pane with its process, status and place on screen.

import { boolFlag, stringFlag } from '../../commands/argParser.js';
import { controlCommand, jsonFlag } from '../controlCommand.js';
import { noRunningPanes } from '../offline/recordsOnDisk.js';
import { terminalJson, visibleText } from '../../term/visibleText.js';

interface PaneInfo {
  id: number;
  workspace: string;
  title: string;
  command: string;
  pid: number | null;
  status: string;
  exitCode: number | null;
  cols: number;
  rows: number;
  rect: { x: number; y: number; width: number; height: number } | null;
  focused: boolean;
}

export const listPanes = controlCommand({
  name: 'list-panes',
  usage: `tessera list-panes [-t WORKSPACE] [--json]

  Prints one line per pane: id, workspace, size, status and title.
  --json prints an array of objects: id, workspace, title, command, pid, status, exitCode,
  cols, rows, rect {x, y, width, height} (the pane's content on the attached screen, 0-based;
  null for a pane that is hidden by zoom), cursor {x, y}, focused.
  Without a running server no pane runs: it prints none (an empty array with --json), names the
  dormant workspaces on stderr, and starts no server.`,
  flags: [{ name: 'target', short: 't', value: true }, jsonFlag],
  toArgs: (args) => ({ workspace: stringFlag(args, 'target') }),
  offline: (_args, ctx) => ({ result: [], note: noRunningPanes(ctx) }),
  print(result, args, ctx) {
    const panes = result as PaneInfo[];
    if (boolFlag(args, 'json')) {
      ctx.out(`${terminalJson(panes, 2)}\n`);
      return;
    }
    for (const p of panes) {
      const exit = p.exitCode === null ? '' : ` (${p.exitCode})`;
      // A title is whatever the program set (OSC 2), or its command or folder: controls as marks.
      ctx.out(`${p.id}: [${p.workspace}] ${p.cols}x${p.rows} ${p.status}${exit}${p.focused ? ' (focused)' : ''} ${visibleText(p.title)}\n`);
    }
  },
});
