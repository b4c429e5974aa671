// Synchronized input: keys typed into a marked pane go to every marked pane of its workspace (one
// prompt to several agents at once). Marks are per workspace; a pane that is not marked gets its own
// keys only.

import type { Pane } from './pane.js';
import type { Workspace } from '../workspaces/workspace.js';

export type SyncChange = 'on' | 'off' | 'toggle';

/** Marks or unmarks one pane; returns whether it is marked now. */
export function setPaneSynced(workspace: Workspace, paneId: number, change: SyncChange): boolean {
  workspace.requirePane(paneId);
  const on = change === 'toggle' ? !workspace.synced.has(paneId) : change === 'on';
  if (on) workspace.synced.add(paneId);
  else workspace.synced.delete(paneId);
  workspace.notify();
  return on;
}

/** Marks every pane of the workspace (on) or none (off). */
export function setAllSynced(workspace: Workspace, on: boolean): void {
  workspace.synced.clear();
  if (on) for (const id of workspace.panes.keys()) workspace.synced.add(id);
  workspace.notify();
}

/** The other panes that receive what is typed into `pane`: the live marked ones, when it is marked. */
export function syncedWith(workspace: Workspace, pane: Pane): Pane[] {
  if (!workspace.synced.has(pane.id)) return [];
  return workspace.orderedPanes().filter((p) => p.id !== pane.id && p.isLive && workspace.synced.has(p.id));
}

/** Marked panes in reading order, for messages and `tessera sync`. */
export function syncedIds(workspace: Workspace): number[] {
  return workspace.orderedPanes().filter((p) => workspace.synced.has(p.id)).map((p) => p.id);
}
