// A workspace on its own checkout: a managed git worktree of a local repository, or a full clone.
// The folder is made under the workspace root, checked to stay inside it, noted as pending while git
// works (so a crash leaves nothing behind), and removed again if anything after it fails.

import fs from 'node:fs';
import path from 'node:path';
import { addWorktree, checkCloneUrl, cloneRepo, planWorktree, removeWorktreeQuietly, repoNameFromUrl } from '../../git/checkout.js';
import { defaultBranch, repoTop } from '../../git/repo.js';
import { GitError } from '../../git/run.js';
import { pathUnderRoot, realPath } from '../../store/paths.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { nameFromFolder } from '../../store/workspaceName.js';
import { workspaceRoot } from '../../store/workspaceRoot.js';
import type { LaunchRequest } from '../launchPlan.js';
import { RefusedError, type Workspace, type WorkspaceSettings } from '../workspace.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';

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
    repoName = nameFromFolder(repoNameFromUrl(url));
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
  let branch: string | undefined;
  let base: string | undefined;
  if (request.kind === 'worktree') {
    const plan = await planWorktree(repo, target, { branch: request.branch, base: request.base, newBranch: `${ctx.settings.branchPrefix}${request.name}` });
    pending?.note({ name: request.name, kind: 'worktree', path: target, repo });
    await addWorktree(plan);
    branch = plan.branch;
    base = plan.base;
  } else {
    pending?.note({ name: request.name, kind: 'clone', path: target });
    await cloneRepo(repo, target, request.branch);
    base = await defaultBranch(target);
    branch = request.branch ?? base;
  }
  try {
    return ctx.registry.create({
      name: request.name,
      reservation: true,
      cwd: realPath(target),
      launch: request.launch,
      size: request.size,
      settings: request.settings,
      origin: { kind: request.kind, repo, branch, base, template: request.template },
    });
  } catch (error) {
    // The first pane could not start: the checkout goes too, so nothing is left half made.
    if (request.kind === 'worktree') await removeWorktreeQuietly(repo, target);
    else fs.rmSync(target, { recursive: true, force: true });
    throw error;
  } finally {
    pending?.done(request.name);
  }
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
      if (entry.kind === 'worktree' && entry.repo) await removeWorktreeQuietly(entry.repo, entry.path);
      else fs.rmSync(entry.path, { recursive: true, force: true });
      log(`removed ${entry.path}: making workspace ${entry.name} was interrupted`);
    }
    pending.done(entry.name);
  }
}
