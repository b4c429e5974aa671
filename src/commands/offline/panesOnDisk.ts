// list-panes without a server: no pane runs, and the workspace records say which are dormant. Apart
// from recordsOnDisk.ts (ls's facts need git and the change counts) so the quick path's small bundle
// (src/cli/quick.ts) can carry this answer without them.

import { serverStateDirectory } from '../../store/stateDir.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import { WorkspaceStore } from '../../store/workspaceStore.js';
import type { OfflineCaller } from '../contract.js';

/** The stored workspace records, read only: a damaged file is reported and left for the server to move aside. */
export function storedRecords(ctx: OfflineCaller): { records: WorkspaceRecord[]; problems: string[] } {
  const { records, problems } = new WorkspaceStore(serverStateDirectory(ctx.socketPath, ctx.env)).loadAll({ readOnly: true });
  return { records, problems };
}

/** list-panes without a server: no pane runs; the note names the dormant workspaces and their panes. */
export function noRunningPanes(ctx: OfflineCaller): string {
  const { records } = storedRecords(ctx);
  if (records.length === 0) return 'no server is running: no pane runs, and there are no workspaces';
  const listed = records.map((r) => `${r.name} (${r.panes.length} pane${r.panes.length === 1 ? '' : 's'})`).join(', ');
  return `no server is running: no pane runs; dormant workspaces: ${listed} ('tessera attach -t NAME' opens one)`;
}
