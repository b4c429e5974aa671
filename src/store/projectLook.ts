// Reading a folder's .tessera.json with whether the user approved what it would run, there: the
// server's view of a project file (see src/server/project/projectTrust.ts), and the command line's
// when it lists templates without a server.

import path from 'node:path';
import type { ProjectApprovals } from './projectApprovals.js';
import { PROJECT_FILE_NAME, readProjectFile, type ProjectFile } from './projectFile.js';

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

/** A folder's own file, approved by its own path (an adopted folder, a repository's top). */
export function ownPlace(folder: string): ProjectPlace {
  return { folder, key: path.join(folder, PROJECT_FILE_NAME) };
}

/** The file at `place` and whether `approvals` (undefined: none kept, so nothing is approved) approve it as it is. */
export function lookAtProject(place: ProjectPlace, approvals: ProjectApprovals | undefined): ProjectLook {
  const read = readProjectFile(place.folder);
  if ('none' in read) return { approved: false };
  if ('problem' in read) return { approved: false, problem: read.problem };
  return { project: read.project, key: place.key, approved: approvals?.isApproved(place.key, read.project.hash) ?? false };
}
