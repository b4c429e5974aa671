// Creating a workspace, the one way both `tessera new` and the in-client dialog do it: adopt a folder,
// or make a managed git worktree or clone (then start the setup command from the settings beside it);
// with a template, its panes start in its layout.

import path from 'node:path';
import { repoNameFromUrl } from '../../git/cloneUrl.js';
import { realPath } from '../../store/paths.js';
import { nameFromFolder } from '../../store/workspaceName.js';
import type { LaunchRequest } from '../panes/launchPlan.js';
import { ownPlace, projectPlace, type ProjectLook, type ProjectPlace } from '../project/projectTrust.js';
import { startProjectWork } from '../project/projectWork.js';
import { projectTemplates } from '../../store/templateCatalog.js';
import { addTemplatePanes, prepareTemplate, templateSources, type TemplatePlan } from '../templates/index.js';
import { RefusedError, type Workspace, type WorkspaceSettings } from '../workspaces/workspace.js';
import { createManaged, type ManagedContext, type ManagedRequest } from './createManaged.js';
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
  // The project file is the new workspace's own: an adopted folder's, read now; a worktree's or a
  // clone's, read from the checkout once it is made (a branch's own file, not the one it was made
  // from), before its first pane starts. A template is resolved there too, so an unknown one makes
  // nothing (or removes the checkout again, with the branch it made).
  let look: ProjectLook | undefined;
  let plan: TemplatePlan | undefined;
  const prepare = (where: ProjectPlace): LaunchRequest | undefined => {
    look = ctx.registry.projects.look(where);
    const sources = templateSources(ctx.settings, ctx.env, projectTemplates(look), ctx.settingsError);
    plan = request.template === undefined ? undefined : prepareTemplate(request.template, sources, where.folder);
    return plan ? { ...plan.launches[0], requestDir: request.launch?.requestDir ?? ctx.requestDir } : request.launch;
  };
  const launch = cwd === undefined ? request.launch : prepare(ownPlace(cwd));
  const workspace = await createFolderAndPane({ ...request, launch }, cwd, ctx, (checkout) => prepare(checkoutPlace(checkout)));
  const notes = [workspace.notice, plan?.note];
  if (plan && !plan.waitsForApproval) notes.push(addTemplatePanes(ctx.registry, workspace, plan, workspace.focusedPaneId));
  if (request.kind !== 'adopted') notes.push(startSetupPane(ctx.registry, workspace, ctx.settings));
  const waitingTemplate = plan?.waitsForApproval ? request.template : undefined;
  const projectNote = startProjectWork(ctx.registry, workspace, look, { template: waitingTemplate, setup: request.kind !== 'adopted' }, templateSources(ctx.settings, ctx.env, undefined, ctx.settingsError));
  const problem = ctx.registry.projects.takeProblem();
  const join = (all: (string | undefined)[]) => all.filter((n) => n !== undefined).join('; ') || undefined;
  // What waits for approval is said by the status bar of every client showing the workspace (waitingNote.ts), not once.
  workspace.notice = join([...notes, workspace.waitingForApproval ? undefined : projectNote, problem]);
  return { workspace, note: join([...notes, projectNote, problem]) };
}

/** A new checkout's project file: its own, approved by its repository's key for a worktree (see projectPlace). */
function checkoutPlace(checkout: { folder: string; repo?: string }): ProjectPlace {
  return projectPlace({ kind: checkout.repo === undefined ? 'clone' : 'worktree', path: checkout.folder, repo: checkout.repo });
}

/** The folder (adopted as `cwd`, or made) and the workspace's first pane. */
async function createFolderAndPane(request: WorkspaceRequest, cwd: string | undefined, ctx: ManagedContext, prepare: ManagedRequest['prepare']): Promise<Workspace> {
  const { settings, launch, size, template } = request;
  if (request.kind === 'adopted') {
    return ctx.registry.create({ name: request.name, cwd: cwd ?? realPath(request.cwd), origin: { kind: 'adopted', template }, size, launch, settings });
  }
  const url = request.kind === 'clone' ? request.url : undefined;
  return createManaged(
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
      prepare,
    },
    ctx,
  );
}

/** A clone is named after its repository, a worktree of an existing branch after the branch; else a name is needed. */
function defaultManagedName(url: string | undefined, branch: string | undefined): string {
  if (url !== undefined) return nameFromFolder(repoNameFromUrl(url));
  if (branch !== undefined) return nameFromFolder(path.basename(branch));
  throw new RefusedError('a new worktree needs a name: tessera new -s NAME --worktree');
}
