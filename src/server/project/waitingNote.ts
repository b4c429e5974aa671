// The line a workspace shows while work of its project file waits for the user's approval: in the
// status bar of every client showing it, and after `tessera new` on the command line.

import path from 'node:path';
import { PROJECT_FILE_NAME } from '../../store/projectFile.js';
import { tildify } from '../tildify.js';
import type { Workspace } from '../workspaces/workspace.js';
import { workspacePlace } from './projectTrust.js';

/** The note for a workspace whose project work waits for approval; undefined when nothing waits. */
export function waitingNote(workspace: Workspace): string | undefined {
  if (!workspace.waitingForApproval) return undefined;
  return notApprovedNote(path.join(workspacePlace(workspace).folder, PROJECT_FILE_NAME), workspace.name);
}

export function notApprovedNote(file: string, workspace: string): string {
  return `${tildify(file)} is not approved yet, so nothing of it ran; 'tessera trust -t ${workspace}' shows what it runs and approves it`;
}
