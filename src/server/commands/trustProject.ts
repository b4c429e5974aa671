// trust: shows a workspace's project file (.tessera.json) with every command it would start and the
// files of the folder those run, and with `approve` (and the hash the user was shown) remembers it
// approved and starts what waited.

import { trustProject as definition } from '../../commands/trustProject.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import { projectPlace } from '../project/projectTrust.js';
import { describeProject, runWaitingWork } from '../project/projectWork.js';
import { templateSources } from '../templates/index.js';
import { tildify } from '../tildify.js';
import { RefusedError, type Workspace } from '../workspaces/workspace.js';
import { implement, type CommandContext } from './command.js';
import { callerPane } from './targets.js';

export const trustProject = implement(definition, (args, ctx) => {
  const { record, live } = targetRecord(args.workspace, ctx);
  const place = projectPlace(record);
  const look = ctx.registry.projects.look(place);
  if (look.problem) throw new RefusedError(look.problem);
  if (!look.project) throw new RefusedError(`there is no project file (.tessera.json) in ${tildify(place.folder)}`);
  const project = look.project;
  const waiting = live ? live.waitingForApproval : record.waitingForApproval;
  const problem = ctx.registry.projects.takeProblem();
  const shown = { workspace: record.name, ...describeProject(project, place.key), approved: look.approved, waiting: waiting !== undefined, notes: problem === undefined ? [] : [problem] };
  if (!(args.approve ?? false)) return shown;
  if (args.hash !== project.hash) throw new RefusedError(`${tildify(project.file)} or a file it runs changed since it was shown; run 'tessera trust' again to see it as it is now`);
  if (!look.approved) ctx.registry.projects.approve(look);
  // Every open workspace waiting for what was approved (its own file, the same key and contents)
  // starts what waited; a dormant one when it is opened.
  const sources = templateSources(ctx.settings.settings, ctx.env);
  const started: string[] = [];
  const notes: string[] = [];
  for (const { record: other, live: open } of ctx.registry.all()) {
    if (!open?.waitingForApproval) continue;
    const theirs = other.name === record.name ? look : ctx.registry.projects.look(projectPlace(other));
    if (!theirs.project || theirs.key !== place.key || theirs.project.hash !== project.hash) continue;
    notes.push(...runWaitingWork(ctx.registry, open, theirs.project, open.waitingForApproval, sources));
    started.push(other.name);
  }
  const dormantWaiting = !live && waiting !== undefined;
  return { ...shown, approved: true, started: started.includes(record.name), startedIn: started, startsWhenOpened: dormantWaiting, notes: [...shown.notes, ...notes] };
});

/** `-t NAME` (open or dormant), else the workspace the command was typed in, else the latest. */
function targetRecord(name: string | undefined, ctx: CommandContext): { record: WorkspaceRecord; live: Workspace | undefined } {
  const all = ctx.registry.all();
  const wanted = name ?? callerPane(ctx)?.workspace.name ?? ctx.registry.mostRecent()?.name;
  if (wanted === undefined) throw new RefusedError('there are no workspaces; give one with -t NAME');
  const found = all.find((w) => w.record.name === wanted);
  if (!found) throw new RefusedError(`no workspace named '${wanted}'`);
  return found;
}
