// list-panes: every pane (or those of one workspace) with process, status and place on screen.

import { listPanes as definition } from '../../commands/listPanes.js';
import { implement } from './command.js';

export const listPanes = implement(definition, (args, ctx) => {
  const workspaces = args.workspace === undefined ? ctx.registry.list() : [ctx.registry.require(args.workspace)];
  return workspaces.flatMap((workspace) =>
    workspace.orderedPanes().map((pane) => ({
      id: pane.id,
      workspace: workspace.name,
      title: pane.title,
      command: pane.command,
      pid: pane.isExited ? null : pane.pid,
      status: pane.status,
      agent: pane.agent ?? null,
      sessionId: pane.sessionId ?? null,
      question: pane.question ?? null,
      // Names the waiting question for `approve --question` (and whatever follows it: an inbox, events).
      questionId: pane.waiting?.id ?? null,
      attention: pane.attention,
      synced: workspace.synced.has(pane.id),
      exitCode: pane.exitCode ?? null,
      cols: pane.cols,
      rows: pane.rows,
      rect: workspace.layout.panes.get(pane.id)?.content ?? null,
      cursor: { x: pane.emulator.cursorX, y: pane.emulator.cursorY },
      focused: pane.id === workspace.focusedPaneId,
      cwd: pane.cwd,
    })),
  );
});
