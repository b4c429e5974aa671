// What the read-only commands ls and history can answer from the files a server keeps when
// no server runs, so that looking does not start one: the workspace records (all dormant now) and the
// session history. What only a live server knows (conflicts between workspaces, whether an approval
// still waits, running stacks) is left out and said on stderr.

import { ChangeCache } from '../../git/changeCache.js';
import { ChangeCacheFile } from '../../store/changeCacheFile.js';
import type { HistoryEntry } from '../../store/historyEntry.js';
import { SessionHistory } from '../../store/sessionHistory.js';
import { serverStateDirectory } from '../../store/stateDir.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { OfflineCaller } from '../contract.js';
import { storedRecords } from './panesOnDisk.js';
import type { WorkspaceFacts, WorkspaceList } from '../listWorkspaces.js';
import fs from 'node:fs';

/**
 * ls without a server: each record as the server would list a dormant workspace, its changes from the counts the
 * last server kept while the folder's fingerprint still matches them, else from git.
 */
export async function dormantFacts(ctx: OfflineCaller): Promise<WorkspaceList> {
  const { records, problems } = storedRecords(ctx);
  const counts = keptCounts(ctx, records);
  const workspaces = await Promise.all(records.map((record) => recordFacts(record, counts)));
  workspaces.sort((a, b) => (b.lastOpened ?? '').localeCompare(a.lastOpened ?? '') || a.name.localeCompare(b.name));
  return { workspaces, problems };
}

/** The change counts the last server kept on disk, read only (it is the server that writes them, or moves a damaged file aside). */
function keptCounts(ctx: OfflineCaller, records: readonly WorkspaceRecord[]): ChangeCache {
  const counts = new ChangeCache();
  const dirs = new Set(records.map((record) => record.path));
  const file = new ChangeCacheFile(serverStateDirectory(ctx.socketPath, ctx.env), () => {});
  counts.restore(file.read({ readOnly: true }).filter((entry) => dirs.has(entry.dir)));
  return counts;
}

async function recordFacts(record: WorkspaceRecord, counts: ChangeCache): Promise<WorkspaceFacts> {
  const changes = fs.existsSync(record.path) ? await counts.get(record.path, record.base).catch(() => undefined) : undefined;
  const merged = changes ? await counts.merged(record.path, record.base).catch(() => false) : false;
  return {
    name: record.name,
    kind: record.kind,
    path: record.path,
    repo: record.repo ?? null,
    branch: changes?.branchName ?? record.branch ?? null,
    base: record.base ?? null,
    state: 'dormant',
    panes: record.panes.length,
    needsYou: 0,
    // The record says work waits; whether the file has been approved since, only the server checks.
    waitingApproval: record.waitingForApproval !== undefined,
    diff: changes?.diff ?? null,
    merged,
    branchDiff: changes?.branch ?? null,
    conflicts: [],
    created: record.created,
    lastOpened: record.lastOpened ?? null,
  };
}

/** history without a server: the same file the server reads. */
export function storedHistory(ctx: OfflineCaller, workspace: string | undefined): { entries: readonly HistoryEntry[]; problem: string | null } {
  const history = new SessionHistory(serverStateDirectory(ctx.socketPath, ctx.env));
  const entries = history.list().filter((e) => workspace === undefined || e.workspace === workspace);
  return { entries, problem: history.problem ?? null };
}
