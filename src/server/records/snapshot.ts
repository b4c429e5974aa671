// A live workspace as a record: what to write so that it can be started again exactly as it is now.

import type { LayoutNode } from '../../mosaic/index.js';
import { paneIds } from '../../mosaic/index.js';
import { RECORD_VERSION, type LayoutRecord, type PaneRecord, type WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { LaunchRequest } from '../panes/launchPlan.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';

export function snapshotRecord(workspace: Workspace): WorkspaceRecord {
  const ids = paneIds(workspace.layoutTree);
  const index = new Map(ids.map((id, i) => [id, i]));
  const panes = ids.map((id) => paneRecord(workspace.panes.get(id) as Pane, (workspace.panes.get(id) as Pane).request ?? {}));
  const zoom = workspace.zoomedPaneId === undefined ? undefined : index.get(workspace.zoomedPaneId);
  const record: WorkspaceRecord = {
    version: RECORD_VERSION,
    name: workspace.name,
    kind: workspace.origin.kind,
    path: workspace.cwd,
    repo: workspace.origin.repo,
    branch: workspace.origin.branch,
    base: workspace.origin.base,
    panes,
    layout: layoutRecord(workspace.layoutTree, index),
    focus: index.get(workspace.focusedPaneId),
    zoom,
    prompt: workspace.settings.prompt,
    shell: workspace.settings.shell,
    bypassPermissions: workspace.settings.bypassPermissions,
    template: workspace.origin.template,
    waitingForApproval: workspace.waitingForApproval,
    created: workspace.origin.created,
    lastOpened: workspace.lastOpened,
  };
  return withoutUndefined(record);
}

/** The record of a workspace whose last pane closed: listed, empty, one new shell when opened. */
export function emptiedRecord(record: WorkspaceRecord): WorkspaceRecord {
  const { layout: _layout, focus: _focus, zoom: _zoom, ...rest } = record;
  return { ...rest, panes: [] };
}

function paneRecord(pane: Pane, launch: LaunchRequest): PaneRecord {
  const argv = launch.argv && launch.argv.length > 0 ? launch.argv : undefined;
  const isAgent = pane.kind === 'agent' && pane.agent !== undefined;
  // An agent named as a command (`tessera new -- claude --x`) is stored as the agent and its extra arguments.
  const agentArgs = launch.agent ? argv : argv?.slice(1);
  return withoutUndefined({
    id: pane.id,
    kind: pane.kind,
    agent: pane.agent,
    argv: isAgent ? undefined : argv,
    args: isAgent && agentArgs && agentArgs.length > 0 ? agentArgs : undefined,
    shell: launch.shell,
    cwd: pane.cwd,
    model: launch.agent?.model,
    effort: launch.agent?.effort,
    sessionId: isAgent ? pane.sessionId : undefined,
    title: pane.userTitle || undefined,
  });
}

function layoutRecord(node: LayoutNode, index: Map<number, number>): LayoutRecord {
  if (node.kind === 'pane') return { kind: 'pane', paneId: index.get(node.paneId) as number };
  return { kind: 'split', direction: node.direction, children: node.children.map((c) => layoutRecord(c, index)), weights: [...node.weights] };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
