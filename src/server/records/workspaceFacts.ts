// What `tessera ls` (and the workspace strip) says about a workspace, computed from reality when
// asked: processes alive, git queried. Nothing here is stored.

import fs from 'node:fs';
import type { WorkspaceChanges } from '../../git/changeSummary.js';
import type { WorkspaceFacts } from '../../commands/listWorkspaces.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import { projectPlace, type ProjectLook, type ProjectPlace } from '../project/projectTrust.js';
import type { Workspace } from '../workspaces/workspace.js';

// The type is the ls command's answer (src/commands/listWorkspaces.ts), where the command line sees it too.
export type { WorkspaceFacts };

/** What ls reads besides the record: the change counts of a folder, a .tessera.json (with whether it is approved as it is now), the radar's conflicts. */
export interface FactSources {
  changes(dir: string, base: string | undefined): Promise<WorkspaceChanges | undefined>;
  /** Whether the folder's branch is all in its base (kept while nothing changed). */
  merged(dir: string, base: string | undefined): Promise<boolean>;
  /** The top folder of the repository holding a counted folder. */
  top(dir: string): string | undefined;
  look(place: ProjectPlace): ProjectLook;
  conflicts(name: string): { workspace: string; files: string[] }[];
}

export async function workspaceFacts(record: WorkspaceRecord, live: Workspace | undefined, sources: FactSources): Promise<WorkspaceFacts> {
  const exists = fs.existsSync(record.path);
  const changes = exists ? await sources.changes(record.path, record.base).catch(() => undefined) : undefined;
  const top = changes ? sources.top(record.path) : undefined;
  const branch = changes?.branchName;
  const diff = changes?.diff ?? null;
  const merged = changes ? await sources.merged(record.path, record.base).catch(() => false) : false;
  return {
    name: record.name,
    kind: record.kind,
    path: record.path,
    repo: record.repo ?? top ?? null,
    branch: branch ?? record.branch ?? null,
    base: record.base ?? null,
    state: live ? 'open' : 'dormant',
    panes: live ? live.panes.size : record.panes.length,
    needsYou: live ? [...live.panes.values()].filter((p) => p.attention || p.status === 'approval').length : 0,
    waitingApproval: waitsForApproval(record, live, sources.look),
    diff,
    merged,
    branchDiff: changes?.branch ?? null,
    conflicts: sources.conflicts(record.name),
    created: record.created,
    lastOpened: record.lastOpened ?? null,
  };
}

/** Something waits and the file is there, not approved as it is now (or unusable until fixed). */
function waitsForApproval(record: WorkspaceRecord, live: Workspace | undefined, look: (place: ProjectPlace) => ProjectLook): boolean {
  if (!(live ? live.waitingForApproval : record.waitingForApproval)) return false;
  const project = look(projectPlace(record));
  return project.problem !== undefined || (project.project !== undefined && !project.approved);
}
