// What `tessera ls` (and the workspace strip) says about a workspace, computed from reality when
// asked: processes alive, git queried. Nothing here is stored.

import fs from 'node:fs';
import { diffSummary, type DiffSummary } from '../../git/diffSummary.js';
import { branchMerged } from '../../git/mergedBranch.js';
import { currentBranch, repoTop } from '../../git/repo.js';
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
  /** null when the folder is not in a git repository (or is gone). */
  diff: DiffSummary | null;
  /** Its branch moved since it was made and all of it is in its base (merged, squashed or rebased there): see src/git/mergedBranch.ts. */
  merged: boolean;
  created: string;
  lastOpened: string | null;
}

/** `look` reads a workspace's .tessera.json with whether it is approved as it is now. */
export async function workspaceFacts(record: WorkspaceRecord, live: Workspace | undefined, look: (place: ProjectPlace) => ProjectLook): Promise<WorkspaceFacts> {
  const exists = fs.existsSync(record.path);
  const top = exists ? await repoTop(record.path).catch(() => undefined) : undefined;
  const [branch, diff, merged] = top
    ? await Promise.all([currentBranch(record.path).catch(() => undefined), diffSummary(record.path, record.base).catch(() => null), branchMerged(record.path, record.base).catch(() => false)])
    : [undefined, null, false];
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
    waitingApproval: waitsForApproval(record, live, look),
    diff,
    merged,
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
