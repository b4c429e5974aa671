// Starting a dormant workspace from its record: the same panes in the same layout and proportions,
// each in its last directory. Panes start here, once, when the workspace is opened; never at load.

import fs from 'node:fs';
import type { LayoutNode } from '../../mosaic/index.js';
import type { Effort } from '../../agents/launch/options.js';
import { EFFORTS } from '../../agents/launch/options.js';
import type { LayoutRecord, PaneRecord, WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { LaunchRequest } from '../panes/launchPlan.js';
import type { Pane } from '../panes/pane.js';
import { RefusedError, STATUS_BAR_ROWS, Workspace } from '../workspaces/workspace.js';

export interface HydrateHost {
  /** `id`: the number the pane had when the record was written; kept when no open pane has it. */
  createPane(launch: LaunchRequest, cwd: string, size: { cols: number; rows: number }, id?: number): Pane;
  log(text: string): void;
}

export function hydrateWorkspace(record: WorkspaceRecord, size: { cols: number; rows: number }, host: HydrateHost): Workspace {
  if (!isDirectory(record.path)) {
    throw new RefusedError(`the folder of workspace '${record.name}' is gone (${record.path}); 'tessera rm -t ${record.name}' forgets it`);
  }
  const paneSize = { cols: size.cols, rows: Math.max(1, size.rows - STATUS_BAR_ROWS - 1) };
  const specs: PaneRecord[] = record.panes.length > 0 ? record.panes : [{ kind: 'shell', cwd: record.path }];
  const panes: Pane[] = [];
  try {
    for (const spec of specs) {
      const cwd = isDirectory(spec.cwd) ? spec.cwd : record.path;
      const launch = launchFromRecord(spec, record.path);
      // A record edited by hand may name one number twice: only its first pane keeps it.
      const id = spec.id !== undefined && !panes.some((p) => p.id === spec.id) ? spec.id : undefined;
      try {
        const pane = host.createPane(launch, cwd, paneSize, id);
        // An agent that cannot start here now keeps its place asleep: Enter tries again once it can.
        if (pane.kind === 'agent' && !pane.installed) pane.markAsleep();
        panes.push(pane);
      } catch (error) {
        // The program is no longer allowed or found: the pane keeps its place as a shell, and the log says why.
        host.log(`workspace ${record.name}: could not start '${(spec.argv ?? [spec.agent ?? spec.kind, ...(spec.args ?? [])]).join(' ')}' again (${(error as Error).message}); a shell takes its place`);
        const fallback: LaunchRequest = { requestDir: record.path };
        panes.push(host.createPane(fallback, cwd, paneSize, id));
      }
    }
  } catch (error) {
    for (const pane of panes) void pane.close();
    throw error;
  }
  specs.forEach((spec, i) => {
    if (spec.title) panes[i].userTitle = spec.title;
  });
  const ids = panes.map((p) => p.id);
  const tree = record.layout && record.panes.length > 0 ? treeFromRecord(record.layout, ids) : ({ kind: 'pane', paneId: ids[0] } as LayoutNode);
  const workspace = new Workspace(
    record.name,
    record.path,
    {
      panes,
      tree,
      focusedPaneId: ids[record.focus ?? 0] ?? ids[0],
      zoomedPaneId: record.zoom === undefined ? undefined : ids[record.zoom],
    },
    size,
    { prompt: record.prompt, bypassPermissions: record.bypassPermissions, shell: record.shell },
    { kind: record.kind, repo: record.repo, branch: record.branch, base: record.base, template: record.template, created: record.created },
  );
  workspace.waitingForApproval = record.waitingForApproval;
  return workspace;
}

/**
 * What to run for a stored pane. The initial prompt is not given again (the agent had it when it
 * first started), so `prompt` is empty; an agent whose conversation id is known resumes it.
 */
export function launchFromRecord(spec: PaneRecord, workspaceDir: string): LaunchRequest {
  if (spec.kind === 'agent' && spec.agent) {
    const effort = (EFFORTS as readonly string[]).includes(spec.effort ?? '') ? (spec.effort as Effort) : undefined;
    const resume = spec.sessionId === undefined ? undefined : { sessionId: spec.sessionId };
    return { agent: { kind: spec.agent, model: spec.model, effort, resume }, argv: spec.args, requestDir: workspaceDir, prompt: '', restored: true };
  }
  return { argv: spec.argv, shell: spec.shell, requestDir: workspaceDir, prompt: '' };
}

export function treeFromRecord(node: LayoutRecord, ids: number[]): LayoutNode {
  if (node.kind === 'pane') return { kind: 'pane', paneId: ids[node.paneId] };
  return { kind: 'split', direction: node.direction, children: node.children.map((c) => treeFromRecord(c, ids)), weights: [...node.weights] };
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
