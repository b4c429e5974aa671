// What a project file starts in a workspace: at once when the user approved the file as it is, else
// nothing (held in the workspace and its record for `tessera trust`, with a note saying how to approve
// it); and, once approved, what was held: at approval for open workspaces, when opened for dormant ones.

import { projectCommands, type ProjectFile } from '../../store/projectFile.js';
import type { WaitingWork } from '../../store/workspaceRecord.js';
import { startApprovedSetupPane } from '../records/setupPane.js';
import { addTemplatePanes, type TemplateSources } from '../templates/index.js';
import { planTemplate } from '../templates/templatePlan.js';
import { tildify } from '../tildify.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { workspacePlace, type ProjectLook } from './projectTrust.js';
import { notApprovedNote } from './waitingNote.js';

/**
 * After a workspace was made: the project's setup command (wanted for new worktrees and clones) and a
 * project template not started yet (its file was not approved, or it is a clone's own). Returns a note
 * for the user, or undefined.
 */
export function startProjectWork(registry: WorkspaceRegistry, workspace: Workspace, look: ProjectLook | undefined, wants: WaitingWork, sources: TemplateSources): string | undefined {
  if (!look) return undefined;
  if (look.problem) return look.problem;
  const project = look.project;
  if (!project) return undefined;
  const setup = wants.setup && project.setupCommand !== '';
  if (!setup && wants.template === undefined) return undefined;
  if (look.approved) return runWaitingWork(registry, workspace, project, { template: wants.template, setup }, sources).join('; ') || undefined;
  hold(registry, workspace, { template: wants.template, setup });
  return notApprovedNote(project.file, workspace.name);
}

/** Keeps what waits in the workspace and writes its record now: a restart right after loses nothing. */
function hold(registry: WorkspaceRegistry, workspace: Workspace, work: WaitingWork): void {
  const held = workspace.waitingForApproval;
  workspace.waitingForApproval = { template: work.template ?? held?.template, setup: work.setup || (held?.setup ?? false) };
  registry.saveNow(workspace);
  workspace.notify();
}

function release(registry: WorkspaceRegistry, workspace: Workspace): void {
  workspace.waitingForApproval = undefined;
  registry.saveNow(workspace);
  workspace.notify();
}

/**
 * A workspace just opened from its record (after a restart, or dormant): what waited in it starts now
 * when its project file has been approved as it is meanwhile. Returns notes for the user, or undefined.
 */
export function startWaitingIfApproved(registry: WorkspaceRegistry, workspace: Workspace, sources: TemplateSources): string | undefined {
  const work = workspace.waitingForApproval;
  if (!work) return undefined;
  const look = registry.projects.look(workspacePlace(workspace));
  if (look.problem !== undefined) return look.problem;
  if (!look.project) {
    release(registry, workspace);
    return `what waited in workspace ${workspace.name} for the approval of its .tessera.json was dropped: the file is gone`;
  }
  if (!look.approved) return undefined;
  return runWaitingWork(registry, workspace, look.project, work, sources).join('; ') || undefined;
}

/** Starts what waited in the workspace for this (now approved) file; returns notes for what could not start. */
export function runWaitingWork(registry: WorkspaceRegistry, workspace: Workspace, project: ProjectFile, work: WaitingWork, sources: TemplateSources): string[] {
  const notes: (string | undefined)[] = [];
  if (work.template !== undefined) {
    const template = project.templates.find((t) => t.name === work.template);
    if (!template) notes.push(`template ${work.template} is no longer in ${tildify(project.file)}; not started`);
    else {
      const plan = planTemplate({ template, source: 'project' }, { ...sources, project: { file: project.file, templates: project.templates, approved: true } }, workspace.cwd);
      notes.push(plan.note);
      try {
        const first = registry.split(workspace.focusedPaneId, 'right', { launch: plan.launches[0], keepFocus: true, cwd: workspace.cwd });
        notes.push(addTemplatePanes(registry, workspace, plan, first.id));
      } catch (error) {
        notes.push(`template ${template.name} not started: ${(error as Error).message}`);
      }
    }
  }
  if (work.setup) notes.push(startApprovedSetupPane(registry, workspace, project.setupCommand));
  release(registry, workspace);
  return notes.filter((n): n is string => n !== undefined);
}

/** What the user is shown before approving: the file, the hash of what it runs, every command it would start and the files of the folder they run. */
export function describeProject(project: ProjectFile, key: string): { file: string; key: string; hash: string; commands: string[]; scripts: ProjectFile['scripts'] } {
  return { file: project.file, key, hash: project.hash, commands: projectCommands(project), scripts: project.scripts };
}
