// The line a workspace shows while work of its project file waits for the user's approval: in the
// status bar of every client showing it, and after `tessera new` on the command line.

import { PROJECT_FILE_NAME } from '../../store/projectFile.js';
import { tildify } from '../tildify.js';
import type { Workspace } from '../workspace.js';
import { projectFolder } from './projectTrust.js';

/** The note for a workspace whose project work waits for approval; undefined when nothing waits. */
export function waitingNote(workspace: Workspace): string | undefined {
  if (!workspace.waitingForApproval) return undefined;
  const folder = projectFolder({ kind: workspace.origin.kind, path: workspace.cwd, repo: workspace.origin.repo });
  return notApprovedNote(`${folder}/${PROJECT_FILE_NAME}`, workspace.name);
}

export function notApprovedNote(file: string, workspace: string): string {
  return `${tildify(file)} is not approved yet, so nothing of it ran; 'tessera trust -t ${workspace}' shows what it runs and approves it`;
}
