// The server's side of project files: reading a workspace's .tessera.json with whether the user
// approved it as it is (what waits for that approval is kept in each workspace: see projectWork.ts).

import fs from 'node:fs';
import { repoTop } from '../../git/repo.js';
import type { ProjectApprovals } from '../../store/projectApprovals.js';
import { readProjectFile, type ProjectFile } from '../../store/projectFile.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';

export interface ProjectLook {
  project?: ProjectFile;
  approved: boolean;
  /** The file exists but cannot be used (bad JSON, wrong shape, too large): nothing of it runs. */
  problem?: string;
}

export class ProjectTrust {
  private loggedProblem: string | undefined;

  /** `approvals` undefined: nothing is ever approved (unit tests without a state directory). */
  constructor(
    private readonly approvals: ProjectApprovals | undefined,
    private readonly log: (text: string) => void = () => undefined,
  ) {}

  look(folder: string): ProjectLook {
    const read = readProjectFile(folder);
    if ('none' in read) return { approved: false };
    if ('problem' in read) return { approved: false, problem: read.problem };
    const approved = this.approvals?.isApproved(read.project.file, read.project.hash) ?? false;
    const problem = this.approvals?.problem;
    if (problem !== undefined && problem !== this.loggedProblem) this.log((this.loggedProblem = problem));
    return { project: read.project, approved };
  }

  approve(project: ProjectFile): void {
    if (!this.approvals) throw new Error('project approvals are not kept by this server');
    this.approvals.approve(project.file, project.hash);
  }

  /** A problem with the approvals file itself (moved aside), once. */
  takeProblem(): string | undefined {
    const problem = this.approvals?.problem;
    if (this.approvals) this.approvals.problem = undefined;
    return problem;
  }
}

/**
 * Where a workspace's project file is: an adopted folder's own, a worktree's source repository's
 * (so one approval covers every worktree of it), a clone's own.
 */
export function projectFolder(record: Pick<WorkspaceRecord, 'kind' | 'path' | 'repo'>): string {
  return record.kind === 'worktree' && record.repo !== undefined ? record.repo : record.path;
}

/** The project folder for a new worktree of the repository containing `dir` (undefined when there is none). */
export async function sourceRepoFolder(dir: string): Promise<string | undefined> {
  return fs.existsSync(dir) ? repoTop(dir) : undefined;
}
