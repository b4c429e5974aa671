// Which workspace a pane is in now. A pane can move to another workspace (move-pane, break-pane)
// with its program running, so whatever watches a pane (its agent monitor, its bell and clipboard,
// its history entry, its events) asks its home at the moment it needs the workspace instead of
// keeping the one the pane was started in.

import type { Workspace } from '../workspaces/workspace.js';

export class PaneHome {
  constructor(public workspace: Workspace) {}
}
