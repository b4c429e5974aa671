// The workspace a stack command acts on and its approved profile: `-t NAME` (open or dormant), else the
// workspace of the pane the command was typed in, else the one whose folder holds the caller's
// directory, else the latest used. The profile is used only when the user approved its file as it is
// now (the same approval as templates and the setup command; a change asks again).

import path from 'node:path';
import { PROJECT_FILE_NAME } from '../../store/projectFile.js';
import type { StackProfile } from '../../store/stackProfile.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { CommandContext } from '../commands/command.js';
import { callerPane } from '../commands/targets.js';
import { projectPlace } from '../project/projectTrust.js';
import { notApprovedNote } from '../project/waitingNote.js';
import { tildify } from '../tildify.js';
import { RefusedError, type Workspace } from '../workspaces/workspace.js';
import { StackFiles, stacksFolder } from './stackFiles.js';

export interface StackTarget {
  record: WorkspaceRecord;
  live: Workspace | undefined;
  files: StackFiles;
  stacksDir: string;
}

export interface ProfiledTarget extends StackTarget {
  profile: StackProfile;
}

export function stackTarget(name: string | undefined, ctx: CommandContext): StackTarget {
  const all = ctx.registry.all();
  const wanted = name ?? callerPane(ctx)?.workspace.name ?? byFolder(all.map((w) => w.record), ctx.cwd) ?? ctx.registry.mostRecent()?.name;
  if (wanted === undefined) throw new RefusedError('there are no workspaces; give one with -t NAME');
  const found = all.find((w) => w.record.name === wanted);
  if (!found) throw new RefusedError(`no workspace named '${wanted}'`);
  const stacksDir = stacksFolder(ctx.socketPath, ctx.env);
  return { ...found, files: new StackFiles(stacksDir, found.record.name), stacksDir };
}

/** The target with its profile, refused unless the profile's file is approved as it is. */
export function profiledTarget(name: string | undefined, ctx: CommandContext): ProfiledTarget {
  const target = stackTarget(name, ctx);
  const look = ctx.registry.projects.look(projectPlace(target.record));
  const file = path.join(target.record.path, PROJECT_FILE_NAME);
  if (look.problem) throw new RefusedError(look.problem);
  if (!look.project?.stack) throw new RefusedError(`${tildify(file)} declares no stack (see 'tessera help stack')`);
  if (!look.approved) throw new RefusedError(notApprovedNote(file, target.record.name));
  return { ...target, profile: look.project.stack };
}

/** The workspace whose folder holds `cwd` (the deepest, when folders nest). */
function byFolder(records: WorkspaceRecord[], cwd: string | undefined): string | undefined {
  if (cwd === undefined) return undefined;
  const inside = records.filter((r) => cwd === r.path || cwd.startsWith(r.path.endsWith(path.sep) ? r.path : r.path + path.sep));
  inside.sort((a, b) => b.path.length - a.path.length);
  return inside[0]?.name;
}

/** The repository a worktree was made from; the workspace's own folder otherwise (a clone's URL is no folder). */
export function sourceRepo(record: WorkspaceRecord): string {
  return record.kind === 'worktree' && record.repo !== undefined ? record.repo : record.path;
}
