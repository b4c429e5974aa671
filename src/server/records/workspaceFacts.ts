// What `tessera ls` (and the workspace strip) says about a workspace, computed from reality when
// asked: processes alive, git queried. Nothing here is stored.

import fs from 'node:fs';
import type { BranchSummary, WorkspaceChanges } from '../../git/changeSummary.js';
import type { DiffSummary } from '../../git/diffSummary.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import { projectPlace, type ProjectLook, type ProjectPlace } from '../project/projectTrust.js';
import type { Workspace } from '../workspace.js';

export interface WorkspaceFacts {
  name: string;
  kind: WorkspaceRecord['kind'];
  path: string;
  repo: string | null;
  branch: string | null;
  base: string | null;
  state: 'open' | 'dormant';
  panes: number;
  needsYou: number;
  /** Work of its project file (a template, the setup command) waits for the user to approve the file as it is now. */
  waitingApproval: boolean;
  /** Uncommitted changes (against HEAD); null when the folder is not in a git repository (or is gone). */
  diff: DiffSummary | null;
  /** Its branch moved since it was made and all of it is in its base (merged, squashed or rebased there): see src/git/mergedBranch.ts. */
  merged: boolean;
  /**
   * What the branch brings to its base (from the merge base to the working tree); null without a
   * base. (`branch` already names the checked-out branch, so this is `branchDiff`.)
   */
  branchDiff: BranchSummary | null;
  /** Other workspaces of the repository whose changes would conflict with this one's, and the files. */
  conflicts: { workspace: string; files: string[] }[];
  created: string;
  lastOpened: string | null;
}

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
