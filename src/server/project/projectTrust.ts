// The server's side of project files: reading a workspace's .tessera.json with whether the user
// approved what it would run, there (what waits for that approval is kept in each workspace: see
// projectWork.ts).

import path from 'node:path';
import type { ProjectApprovals } from '../../store/projectApprovals.js';
import { PROJECT_FILE_NAME } from '../../store/projectFile.js';
import { lookAtProject, ownPlace, type ProjectLook, type ProjectPlace } from '../../store/projectLook.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { Workspace } from '../workspaces/workspace.js';

export { ownPlace, type ProjectLook, type ProjectPlace } from '../../store/projectLook.js';

export class ProjectTrust {
  private loggedProblem: string | undefined;

  /** `approvals` undefined: nothing is ever approved (unit tests without a state directory). */
  constructor(
    private readonly approvals: ProjectApprovals | undefined,
    private readonly log: (text: string) => void = () => undefined,
  ) {}

  /** A folder's own file (adopted, a clone, a repository's top), or a worktree's file with its repository's key. */
  look(where: string | ProjectPlace): ProjectLook {
    const look = lookAtProject(typeof where === 'string' ? ownPlace(where) : where, this.approvals);
    const problem = this.approvals?.problem;
    if (problem !== undefined && problem !== this.loggedProblem) this.log((this.loggedProblem = problem));
    return look;
  }

  /** Approves what the looked-at file would run, where it was looked at. */
  approve(look: ProjectLook): void {
    if (!this.approvals) throw new Error('project approvals are not kept by this server');
    if (!look.project || look.key === undefined) throw new Error('there is no project file to approve');
    this.approvals.approve(look.key, look.project.hash);
  }

  /** A problem with the approvals file itself (moved aside, from an older version), once. */
  takeProblem(): string | undefined {
    const problem = this.approvals?.problem;
    if (this.approvals) this.approvals.problem = undefined;
    return problem;
  }
}

/**
 * A workspace's project file: its own folder's (a worktree's own checkout, so a branch's own file is
 * what runs there), approved by its repository's key for a worktree.
 */
export function projectPlace(record: Pick<WorkspaceRecord, 'kind' | 'path' | 'repo'>): ProjectPlace {
  const keyFolder = record.kind === 'worktree' && record.repo !== undefined ? record.repo : record.path;
  return { folder: record.path, key: path.join(keyFolder, PROJECT_FILE_NAME) };
}

/** An open workspace's project file (see projectPlace). */
export function workspacePlace(workspace: Pick<Workspace, 'origin' | 'cwd'>): ProjectPlace {
  return projectPlace({ kind: workspace.origin.kind, path: workspace.cwd, repo: workspace.origin.repo });
}
