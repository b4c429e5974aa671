// A workspace taken over from the server of another version (new side): made from its record (the
// same layout, focus, zoom and titles a restart would give it) around panes whose programs run
// already, with what a record does not keep: each pane's screen and marks, the workspace's size,
// variables, synchronized panes and focus history.

import type { LayoutNode } from '../../mosaic/index.js';
import type { HandoverPane, HandoverWorkspace } from '../../protocol/handover.js';
import type { PtyProcess } from '../../pty/ptyProcess.js';
import type { PaneRecord, WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { Pane } from '../panes/pane.js';
import type { AdoptedPane } from '../panes/paneFactory.js';
import { launchFromRecord, treeFromRecord } from '../records/hydrate.js';
import { Workspace } from '../workspaces/workspace.js';

/** The PTY (or stand-in) each described pane runs in on this side. */
export type ProgramFor = (pane: HandoverPane) => PtyProcess;

export function adoptWorkspace(record: WorkspaceRecord, state: HandoverWorkspace, programFor: ProgramFor, adopt: (pane: AdoptedPane) => Pane): Workspace {
  const described = new Map(state.panes.map((pane) => [pane.id, pane]));
  if (record.panes.length !== state.panes.length) throw new Error(`workspace ${record.name}: its record lists ${record.panes.length} panes, the handover ${state.panes.length}`);
  const panes = record.panes.map((spec) => {
    const pane = spec.id === undefined ? undefined : described.get(spec.id);
    if (!pane) throw new Error(`workspace ${record.name}: pane ${spec.id ?? '?'} of its record was not handed over`);
    return adoptPane(spec, pane, record, programFor, adopt);
  });
  const ids = panes.map((p) => p.id);
  const tree: LayoutNode = record.layout ? treeFromRecord(record.layout, ids) : { kind: 'pane', paneId: ids[0] };
  const workspace = new Workspace(
    record.name,
    record.path,
    { panes, tree, focusedPaneId: ids[record.focus ?? 0] ?? ids[0], zoomedPaneId: record.zoom === undefined ? undefined : ids[record.zoom] },
    { cols: state.cols, rows: state.rows },
    { prompt: record.prompt, bypassPermissions: record.bypassPermissions, shell: record.shell },
    { kind: record.kind, repo: record.repo, branch: record.branch, base: record.base, template: record.template, created: record.created },
  );
  workspace.waitingForApproval = record.waitingForApproval;
  workspace.lastOpened = record.lastOpened;
  workspace.env = { ...state.env };
  for (const id of state.synced) if (workspace.panes.has(id)) workspace.synced.add(id);
  workspace.restoreFocusHistory(state.focusHistory);
  return workspace;
}

function adoptPane(spec: PaneRecord, pane: HandoverPane, record: WorkspaceRecord, programFor: ProgramFor, adopt: (pane: AdoptedPane) => Pane): Pane {
  const adopted = adopt({
    id: pane.id,
    kind: pane.kind,
    agent: pane.agent,
    command: pane.command,
    program: pane.program,
    cwd: spec.cwd,
    cols: pane.cols,
    rows: pane.rows,
    request: launchFromRecord(spec, record.path),
    sessionId: spec.sessionId,
    reportToken: pane.reportToken,
    adopted: {
      pty: programFor(pane),
      screen: pane.screen,
      title: pane.title,
      shell: pane.shell,
      startedAt: pane.startedAt,
      started: pane.started,
      exited: pane.exited && { exitCode: pane.exited.exitCode ?? undefined },
      asleep: pane.asleep,
      attention: pane.attention,
      rang: pane.rang,
    },
  });
  adopted.userTitle = spec.title ?? '';
  adopted.viewer = pane.viewer;
  return adopted;
}
