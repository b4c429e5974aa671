// tessera list-panes: every pane with its process, status and place on screen. Without a server no
// pane runs: it answers that from the records on disk (naming the dormant workspaces) and starts none.

import type { PaneStatus } from '../app/chromeModel.js';
import { optStr } from '../protocol/validate.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { boolFlag, stringFlag } from './argParser.js';
import { defineCommand } from './contract.js';
import { jsonFlag } from './targets.js';

export interface ListPanesArgs {
  /** Only this workspace's panes. */
  workspace?: string;
}

export interface PaneInfo {
  id: number;
  workspace: string;
  title: string;
  command: string;
  pid: number | null;
  status: PaneStatus;
  agent: string | null;
  sessionId: string | null;
  question: string | null;
  /** Names the waiting question for `approve --question` (and whatever follows it: an inbox, events). */
  questionId: string | null;
  attention: boolean;
  synced: boolean;
  exitCode: number | null;
  cols: number;
  rows: number;
  /** The pane's content on the attached screen, 0-based; null for a pane hidden by zoom. */
  rect: { x: number; y: number; width: number; height: number } | null;
  cursor: { x: number; y: number };
  focused: boolean;
  cwd: string;
}

export const listPanes = defineCommand<ListPanesArgs, PaneInfo[]>({
  name: 'list-panes',
  summary: 'list panes (all, or of one workspace)',
  usage: `tessera list-panes [-t WORKSPACE] [--json]

  Prints one line per pane: id, workspace, size, status and title.
  --json prints an array of objects: id, workspace, title, command, pid, status, exitCode,
  cols, rows, rect {x, y, width, height} (the pane's content on the attached screen, 0-based;
  null for a pane that is hidden by zoom), cursor {x, y}, focused.
  Without a running server no pane runs: it prints none (an empty array with --json), names the
  dormant workspaces on stderr, and starts no server.`,
  flags: [{ name: 'target', short: 't', value: true }, jsonFlag],
  fromCli: (args) => ({ workspace: stringFlag(args, 'target') }),
  parse: (fields) => ({ workspace: optStr(fields.workspace, 'workspace', 256) }),
  offline: async (_args, caller) => ({ result: [], note: (await import('./offline/panesOnDisk.js')).noRunningPanes(caller) }),
  print(panes, args, output) {
    if (boolFlag(args, 'json')) {
      output.out(`${terminalJson(panes, 2)}\n`);
      return;
    }
    for (const p of panes) {
      const exit = p.exitCode === null ? '' : ` (${p.exitCode})`;
      // A title is whatever the program set (OSC 2), or its command or folder: controls as marks.
      output.out(`${p.id}: [${p.workspace}] ${p.cols}x${p.rows} ${p.status}${exit}${p.focused ? ' (focused)' : ''} ${visibleText(p.title)}\n`);
    }
  },
});
