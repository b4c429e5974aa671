// Keeps one client subscribed to the workspace it shows and to each of its panes: output marks the pane's
// cells for the next frame, and a changed set of panes (split, close, a pane woken under the same id)
// re-subscribes.

import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import { nextTurn } from '../nextTurn.js';

export interface WatchHooks {
  /** A pane's program drew something. */
  paneOutput(pane: Pane): void;
  /** Panes were added or removed (these are the panes now). */
  panesChanged(panes: Pane[]): void;
  /** Anything shown about the workspace changed (focus, titles, statuses, panes). */
  changed(): void;
}

export class WorkspaceWatch {
  private unsubscribe: (() => void)[] = [];
  /** The panes subscribed to: a pane started again under the same id (wake) is a new one to watch. */
  private watched = new Set<Pane>();
  private workspace: Workspace | undefined;
  /** A change is shown once per turn, after the command that made it (a split, say) has answered. */
  private readonly changeSoon = nextTurn(() => this.onWorkspaceChange());

  constructor(private readonly hooks: WatchHooks) {}

  /** Watches this workspace (and stops watching the one before). */
  watch(workspace: Workspace): void {
    this.workspace = workspace;
    this.subscribe();
  }

  dispose(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    this.changeSoon.cancel();
    this.workspace = undefined;
  }

  private subscribe(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    const workspace = this.workspace;
    if (!workspace) return;
    this.watched = new Set(workspace.panes.values());
    this.unsubscribe.push(workspace.onChange(() => this.changeSoon()));
    for (const pane of workspace.panes.values()) {
      const subscription = pane.onScreen(() => this.hooks.paneOutput(pane));
      this.unsubscribe.push(() => subscription.dispose());
    }
  }

  private onWorkspaceChange(): void {
    if (!this.workspace) return;
    const panes = [...this.workspace.panes.values()];
    const same = panes.length === this.watched.size && panes.every((pane) => this.watched.has(pane));
    if (!same) {
      this.subscribe();
      this.hooks.panesChanged(panes);
    }
    this.hooks.changed();
  }
}
