// The server's side of project files: reading a workspace's .tessera.json with whether the user
// approved what it would run, there (what waits for that approval is kept in each workspace: see
// projectWork.ts).

import fs from 'node:fs';
import path from 'node:path';
import { repoTop } from '../../git/repo.js';
import type { ProjectApprovals } from '../../store/projectApprovals.js';
import { PROJECT_FILE_NAME, readProjectFile, type ProjectFile } from '../../store/projectFile.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { Workspace } from '../workspace.js';

/** Where a project file is read, and what its approval is kept by. */
export interface ProjectPlace {
  /** The folder whose own .tessera.json is read, and where its commands run. */
  folder: string;
  /**
   * `<folder>/.tessera.json`, except for a worktree: its repository's (`<repo>/.tessera.json`), so one
   * approval covers the repository's worktrees whose file and scripts are the same, byte for byte.
   */
  key: string;
}

export interface ProjectLook {
  project?: ProjectFile;
  /** What an approval of this file is kept by (see ProjectPlace). */
  key?: string;
  approved: boolean;
  /** The file exists but cannot be used (a link, bad JSON, wrong shape, too large): nothing of it runs. */
  problem?: string;
}

export class ProjectTrust {
  private loggedProblem: string | undefined;

  /** `approvals` undefined: nothing is ever approved (unit tests without a state directory). */
  constructor(
    private readonly approvals: ProjectApprovals | undefined,
    private readonly log: (text: string) => void = () => undefined,
  ) {}

  /** A folder's own file (adopted, a clone, a repository's top), or a worktree's file with its repository's key. */
  look(where: string | ProjectPlace): ProjectLook {
    const place = typeof where === 'string' ? ownPlace(where) : where;
    const read = readProjectFile(place.folder);
    if ('none' in read) return { approved: false };
    if ('problem' in read) return { approved: false, problem: read.problem };
    const approved = this.approvals?.isApproved(place.key, read.project.hash) ?? false;
    const problem = this.approvals?.problem;
    if (problem !== undefined && problem !== this.loggedProblem) this.log((this.loggedProblem = problem));
    return { project: read.project, key: place.key, approved };
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

/** A folder's own file, approved by its own path (an adopted folder, a repository's top). */
export function ownPlace(folder: string): ProjectPlace {
  return { folder, key: path.join(folder, PROJECT_FILE_NAME) };
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

/** The project folder for a new worktree of the repository containing `dir` (undefined when there is none). */
export async function sourceRepoFolder(dir: string): Promise<string | undefined> {
  return fs.existsSync(dir) ? repoTop(dir) : undefined;
}
