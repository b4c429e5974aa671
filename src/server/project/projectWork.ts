// What a project file starts in a workspace: at once when the user approved the file as it is, else
// nothing (held for `tessera trust`, with a note saying how to approve it); and, once approved, what
// was held.

import { projectCommands, type ProjectFile } from '../../store/projectFile.js';
import { startApprovedSetupPane } from '../records/setupPane.js';
import { addTemplatePanes, type ProjectTemplates, type TemplateSources } from '../templates/index.js';
import { planTemplate } from '../templates/templatePlan.js';
import { tildify } from '../tildify.js';
import type { Workspace } from '../workspace.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';
import type { ProjectLook, WaitingWork } from './projectTrust.js';

/** The project's templates as the template catalog takes them. */
export function projectTemplates(look: ProjectLook | undefined): ProjectTemplates | undefined {
  return look?.project ? { file: look.project.file, templates: look.project.templates, approved: look.approved } : undefined;
}

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
  registry.projects.hold(workspace, { template: wants.template, setup });
  return `${tildify(project.file)} is not approved yet, so nothing of it ran; 'tessera trust -t ${workspace.name}' shows what it runs and approves it`;
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
  registry.projects.release(workspace);
  return notes.filter((n): n is string => n !== undefined);
}

/** What the user is shown before approving: the file, its hash, and every command it would start. */
export function describeProject(project: ProjectFile): { file: string; hash: string; commands: string[] } {
  return { file: project.file, hash: project.hash, commands: projectCommands(project) };
}
