// Creating a workspace, the one way both `tessera new` and the in-client dialog do it: adopt a folder,
// or make a managed git worktree or clone (then start the setup command from the settings beside it);
// with a template, its panes start in its layout.

import fs from 'node:fs';
import path from 'node:path';
import { repoNameFromUrl } from '../../git/cloneUrl.js';
import { realPath } from '../../store/paths.js';
import { nameFromFolder } from '../../store/workspaceName.js';
import type { LaunchRequest } from '../launchPlan.js';
import { sourceRepoFolder, type ProjectLook } from '../project/projectTrust.js';
import { projectTemplates, startProjectWork } from '../project/projectWork.js';
import { availableTemplates, findTemplate } from '../templates/templateCatalog.js';
import { addTemplatePanes, prepareTemplate, templateSources } from '../templates/index.js';
import { RefusedError, type Workspace, type WorkspaceSettings } from '../workspace.js';
import { createManaged, type ManagedContext } from './createManaged.js';
import { startSetupPane } from './setupPane.js';

export type WorkspaceRequest = {
  /** Default: a free number (adopted), the repository's name (clone) or the branch's (worktree of an existing branch). */
  name?: string;
  settings: WorkspaceSettings;
  launch?: LaunchRequest;
  /** The terminal about to show it; absent for a detached workspace. */
  size?: { cols: number; rows: number };
  /** A template's name (see templates/index.ts): its panes replace `launch`. */
  template?: string;
} & (
  | { kind: 'adopted'; cwd: string }
  /** `repoDir`: a folder inside the source repository (default: where the request was made). */
  | { kind: 'worktree'; repoDir?: string; branch?: string; base?: string }
  | { kind: 'clone'; url: string; branch?: string }
);

export interface CreatedWorkspace {
  workspace: Workspace;
  /** Something the user should know (what a template left out, the setup command could not run, what waits for approval); also in the status bar of the first client that attaches. */
  note?: string;
}

export async function createWorkspace(request: WorkspaceRequest, ctx: ManagedContext): Promise<CreatedWorkspace> {
  const cwd = request.kind === 'adopted' ? realPath(request.cwd) : undefined;
  // The project file as it is before anything is made (a clone's exists only after cloning).
  const before = await lookBefore(request, cwd, ctx);
  const sources = templateSources(ctx.settings, ctx.env, projectTemplates(before), ctx.settingsError);
  // Resolved before anything is made, so an unknown template creates nothing; except a clone's own
  // project templates, known only once it is cloned (an unknown one then removes the clone again).
  const afterClone = request.kind === 'clone' && request.template !== undefined && !availableTemplates(sources).some((e) => e.template.name === request.template);
  const plan = request.template === undefined || afterClone ? undefined : prepareTemplate(request.template, sources, cwd ?? ctx.requestDir ?? process.cwd());
  const launch = plan ? { ...plan.launches[0], requestDir: request.launch?.requestDir ?? ctx.requestDir } : request.launch;
  const { workspace } = await createFolderAndPane({ ...request, launch, template: plan?.name ?? request.template }, cwd, ctx);
  const look = request.kind === 'clone' ? ctx.registry.projects.look(workspace.cwd) : before;
  if (afterClone) await checkCloneTemplate(request.template as string, look, workspace, ctx);
  const notes = [plan?.note];
  if (plan && !plan.waitsForApproval) notes.push(addTemplatePanes(ctx.registry, workspace, plan, workspace.focusedPaneId));
  if (request.kind !== 'adopted') notes.push(startSetupPane(ctx.registry, workspace, ctx.settings));
  const waitingTemplate = afterClone || plan?.waitsForApproval ? request.template : undefined;
  const projectNote = startProjectWork(ctx.registry, workspace, look, { template: waitingTemplate, setup: request.kind !== 'adopted' }, templateSources(ctx.settings, ctx.env, undefined, ctx.settingsError));
  const problem = ctx.registry.projects.takeProblem();
  const join = (all: (string | undefined)[]) => all.filter((n) => n !== undefined).join('; ') || undefined;
  // What waits for approval is said by the status bar of every client showing the workspace (waitingNote.ts), not once.
  workspace.notice = join([...notes, workspace.waitingForApproval ? undefined : projectNote, problem]);
  return { workspace, note: join([...notes, projectNote, problem]) };
}

/** A template found nowhere before cloning must be one of the clone's own; else the clone goes again and the name is refused. */
async function checkCloneTemplate(name: string, look: ProjectLook | undefined, workspace: Workspace, ctx: ManagedContext): Promise<void> {
  if (look?.project?.templates.some((t) => t.name === name)) return;
  await ctx.registry.forget(workspace.name);
  fs.rmSync(workspace.cwd, { recursive: true, force: true });
  try {
    fs.rmdirSync(path.dirname(workspace.cwd)); // <root>/<repo>, when this clone was its only folder
  } catch {
    // other workspaces of the repository are there
  }
  findTemplate(name, templateSources(ctx.settings, ctx.env, projectTemplates(look), ctx.settingsError)); // throws, naming the templates there are
}

/** An adopted folder's project file, or the source repository's for a new worktree. */
async function lookBefore(request: WorkspaceRequest, cwd: string | undefined, ctx: ManagedContext): Promise<ProjectLook | undefined> {
  if (cwd !== undefined) return ctx.registry.projects.look(cwd);
  if (request.kind !== 'worktree') return undefined;
  const source = await sourceRepoFolder(realPath(request.repoDir ?? ctx.requestDir ?? process.cwd()));
  return source === undefined ? undefined : ctx.registry.projects.look(source);
}

/** The folder (adopted as `cwd`, or made) and the workspace's first pane. */
async function createFolderAndPane(request: WorkspaceRequest, cwd: string | undefined, ctx: ManagedContext): Promise<{ workspace: Workspace }> {
  const { settings, launch, size, template } = request;
  if (request.kind === 'adopted') {
    const workspace = ctx.registry.create({ name: request.name, cwd: cwd ?? realPath(request.cwd), origin: { kind: 'adopted', template }, size, launch, settings });
    return { workspace };
  }
  const url = request.kind === 'clone' ? request.url : undefined;
  const workspace = await createManaged(
    {
      name: request.name ?? defaultManagedName(url, request.branch),
      kind: request.kind,
      repoDir: request.kind === 'worktree' ? request.repoDir : undefined,
      url,
      branch: request.branch,
      base: request.kind === 'worktree' ? request.base : undefined,
      settings,
      launch,
      size,
      template,
    },
    ctx,
  );
  return { workspace };
}

/** A clone is named after its repository, a worktree of an existing branch after the branch; else a name is needed. */
function defaultManagedName(url: string | undefined, branch: string | undefined): string {
  if (url !== undefined) return nameFromFolder(repoNameFromUrl(url));
  if (branch !== undefined) return nameFromFolder(path.basename(branch));
  throw new RefusedError('a new worktree needs a name: tessera new -s NAME --worktree');
}
