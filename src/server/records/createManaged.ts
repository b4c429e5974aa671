// A workspace on its own checkout: a managed git worktree of a local repository, or a full clone.
// The folder is made under the workspace root, checked to stay inside it, noted as pending while git
// works (so a crash leaves nothing behind), and removed again if anything after it fails, with the
// branch the create made. A clone URL's user name and password are never stored or shown: git gets
// the URL as given, the record and the folder's name get it without them.

import fs from 'node:fs';
import path from 'node:path';
import { addWorktree, checkCloneUrl, cloneRepo, deleteMadeBranch, planWorktree, removeWorktreeQuietly, repoNameFromUrl, withoutCredentials, type WorktreePlan } from '../../git/checkout.js';
import { defaultBranch, repoTop } from '../../git/repo.js';
import { GitError } from '../../git/run.js';
import { pathUnderRoot, realPath } from '../../store/paths.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { nameFromFolder } from '../../store/workspaceName.js';
import { workspaceRoot } from '../../store/workspaceRoot.js';
import type { LaunchRequest } from '../panes/launchPlan.js';
import { RefusedError, type Workspace, type WorkspaceSettings } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';

export interface ManagedRequest {
  name: string;
  kind: 'worktree' | 'clone';
  /** worktree: a folder inside the source repository (default: where the command was typed). */
  repoDir?: string;
  /** clone: what to clone. */
  url?: string;
  branch?: string;
  base?: string;
  settings: WorkspaceSettings;
  launch?: LaunchRequest;
  size?: { cols: number; rows: number };
  template?: string;
  /**
   * Called once the checkout is made, before its first pane starts: what that pane runs (it may read
   * the checkout's own project file). Throwing removes the checkout again, with the branch it made.
   */
  prepare?: (checkout: { folder: string; repo?: string }) => LaunchRequest | undefined;
}

export interface ManagedContext {
  registry: WorkspaceRegistry;
  settings: Settings;
  /** Why the settings file is not in force, if it is not (told to whoever names one of its templates). */
  settingsError?: string;
  env: NodeJS.ProcessEnv;
  requestDir?: string;
}

export async function createManaged(request: ManagedRequest, ctx: ManagedContext): Promise<Workspace> {
  const reservation = ctx.registry.reserve(request.name);
  try {
    return await createReserved(request, ctx);
  } catch (error) {
    if (error instanceof GitError) throw new RefusedError(error.message);
    throw error;
  } finally {
    reservation.release();
  }
}

async function createReserved(request: ManagedRequest, ctx: ManagedContext): Promise<Workspace> {
  const root = prepareRoot(workspaceRoot(ctx.env, ctx.settings.workspaceRoot));
  let repo: string;
  let repoName: string;
  if (request.kind === 'worktree') {
    const dir = realPath(request.repoDir ?? ctx.requestDir ?? process.cwd());
    const top = fs.existsSync(dir) ? await repoTop(dir) : undefined;
    if (!top) throw new RefusedError(`${dir} is not in a git repository; give one with --repo DIR`);
    repo = top;
    repoName = nameFromFolder(path.basename(top));
  } else {
    const url = request.url ?? '';
    const problem = checkCloneUrl(url);
    if (problem) throw new RefusedError(problem);
    repo = url;
    repoName = nameFromFolder(repoNameFromUrl(url)); // without user-info (see cloneUrl.ts)
  }
  const madeRepoDir = !fs.existsSync(path.join(root, repoName));
  const target = folderFor(root, repoName, request.name);
  try {
    return await makeCheckout(request, ctx, { repo, target });
  } catch (error) {
    // Nothing half made: the <root>/<repo> folder goes too when this create made it and it is empty.
    if (madeRepoDir) removeIfEmpty(path.dirname(target));
    throw error;
  }
}

async function makeCheckout(request: ManagedRequest, ctx: ManagedContext, where: { repo: string; target: string }): Promise<Workspace> {
  const { repo, target } = where;
  const pending = ctx.registry.records.creating;
  try {
    const made = await checkout(request, ctx, where);
    try {
      const folder = realPath(target);
      const launch = request.prepare ? request.prepare({ folder, repo: request.kind === 'worktree' ? repo : undefined }) : request.launch;
      const workspace = ctx.registry.create({
        name: request.name,
        reservation: true,
        cwd: folder,
        launch,
        size: request.size,
        settings: request.settings,
        origin: { kind: request.kind, repo: request.kind === 'clone' ? withoutCredentials(repo) : repo, branch: made.branch, base: made.base, template: request.template },
      });
      if (made.note !== undefined) workspace.notice = made.note;
      return workspace;
    } catch (error) {
      // The template is unknown, the first pane could not start, the record could not be written:
      // the checkout goes too, and the branch this create made, so nothing is left half made.
      await undoCheckout(request.kind, target, made.plan);
      throw error;
    }
  } finally {
    pending?.done(request.name);
  }
}

interface MadeCheckout {
  branch?: string;
  base?: string;
  /** A worktree's plan: which branch it made, and at which commit. */
  plan?: WorktreePlan;
  /** Said to the user once the workspace shows (a branch made because the remote had none). */
  note?: string;
}

/** git worktree add or git clone, noted as pending first (with the branch a worktree makes). */
async function checkout(request: ManagedRequest, ctx: ManagedContext, where: { repo: string; target: string }): Promise<MadeCheckout> {
  const { repo, target } = where;
  const pending = ctx.registry.records.creating;
  if (request.kind === 'worktree') {
    const plan = await planWorktree(repo, target, { branch: request.branch, base: request.base, newBranch: `${ctx.settings.branchPrefix}${request.name}` });
    pending?.note({ name: request.name, kind: 'worktree', path: target, repo, branch: plan.newBranch, branchAt: plan.baseCommit });
    await addWorktree(plan);
    return { branch: plan.branch, base: plan.base, plan };
  }
  pending?.note({ name: request.name, kind: 'clone', path: target });
  const how = await cloneRepo(repo, target, request.branch);
  const base = await defaultBranch(target);
  const note = how === 'made' ? `the remote has no branch ${request.branch}: it was made off ${base ?? 'the default branch'} (tessera push -t ${request.name} publishes it)` : undefined;
  return { branch: request.branch ?? base, base, note };
}

async function undoCheckout(kind: 'worktree' | 'clone', target: string, plan: WorktreePlan | undefined): Promise<void> {
  if (kind === 'worktree' && plan) {
    await removeWorktreeQuietly(plan.repo, target);
    await deleteMadeBranch(plan);
  } else fs.rmSync(target, { recursive: true, force: true });
}

/** The root exists and is writable, or the user learns why not and how to choose another. */
function prepareRoot(root: string): string {
  try {
    fs.mkdirSync(root, { recursive: true, mode: 0o700 });
    fs.accessSync(root, fs.constants.W_OK);
  } catch (error) {
    throw new RefusedError(`cannot use the workspace root ${root} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); choose another with TESSERA_WORKSPACE_ROOT or the workspaceRoot setting`);
  }
  return root;
}

/** `<root>/<repo>/<name>`: inside the root even through symlinks, and not there yet. */
function folderFor(root: string, repoName: string, name: string): string {
  let target: string;
  try {
    fs.mkdirSync(path.join(root, repoName), { recursive: true, mode: 0o700 });
    target = pathUnderRoot(root, repoName, name);
  } catch (error) {
    throw new RefusedError((error as Error).message);
  }
  if (fs.existsSync(target) || isLink(target)) throw new RefusedError(`${target} exists already; tessera never makes a workspace over an existing folder`);
  return target;
}

function removeIfEmpty(dir: string): void {
  try {
    fs.rmdirSync(dir);
  } catch {
    // not empty (another workspace of this repository), or gone
  }
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** After a crash: folders whose create never finished are removed (a finished one has its record). */
export async function sweepUnfinishedCreates(registry: WorkspaceRegistry, log: (text: string) => void): Promise<void> {
  const pending = registry.records.creating;
  if (!pending) return;
  for (const entry of pending.leftovers()) {
    if (!registry.records.get(entry.name)) {
      let branch = '';
      if (entry.kind === 'worktree' && entry.repo) {
        await removeWorktreeQuietly(entry.repo, entry.path);
        if (await deleteMadeBranch({ repo: entry.repo, newBranch: entry.branch, baseCommit: entry.branchAt })) branch = ` and its new branch ${entry.branch}`;
      } else fs.rmSync(entry.path, { recursive: true, force: true });
      log(`removed ${entry.path}${branch}: making workspace ${entry.name} was interrupted`);
    }
    pending.done(entry.name);
  }
}
