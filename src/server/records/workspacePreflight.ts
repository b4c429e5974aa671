// The preflight of one workspace: what git says its folder holds (or that git cannot read it, and
// what files are there), what would refuse touching the folder at all, and which panes still run.

import fs from 'node:fs';
import type { Preflight, UnreadableFolder } from '../../git/endGuards.js';
import { gitPreflight, type GitPreflight } from '../../git/preflight.js';
import { repoTop } from '../../git/repo.js';
import { GitError, firstLine, git } from '../../git/run.js';
import { realPath } from '../../store/paths.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import { RefusedError } from '../refusedError.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { folderProblems } from './folderGuards.js';
import { listFolder } from './folderListing.js';

/** `root`: the workspace root in force (folders outside it are never deleted or reset). */
export async function workspacePreflight(registry: WorkspaceRegistry, name: string, root: string): Promise<Preflight> {
  const all = registry.all();
  const entry = all.find((w) => w.record.name === name);
  if (!entry) throw new RefusedError(`no workspace named '${name}'`);
  const { record, live } = entry;
  const others = all.map((w) => ({ name: w.record.name, path: w.record.path }));
  const { git: facts, unreadable } = await readFolder(record);
  return {
    name,
    kind: record.kind,
    path: record.path,
    branch: record.branch ?? null,
    base: record.base ?? null,
    git: facts,
    unreadable,
    folderProblems: await folderProblems(record, root, others),
    runningPanes: live ? [...live.panes.values()].filter((p) => p.isLive).map((p) => p.id) : [],
  };
}

async function readFolder(record: WorkspaceRecord): Promise<{ git: GitPreflight | null; unreadable: UnreadableFolder | null }> {
  if (!fs.existsSync(record.path)) return { git: null, unreadable: null };
  if (record.kind === 'adopted') {
    // Never deleted or reset: what git says is shown for information, and no answer is no harm.
    const inRepo = (await repoTop(record.path).catch(() => undefined)) !== undefined;
    const facts = inRepo ? await gitPreflight(record.path, { base: record.base, scope: 'worktree' }).catch(() => null) : null;
    return { git: facts, unreadable: null };
  }
  // A managed checkout must be a repository of its own: a broken `.git` would otherwise let git find
  // the repository of a folder above it (a home in a dotfiles repository) and answer for that one.
  const problem = await ownRepositoryProblem(record.path);
  if (problem) return { git: null, unreadable: unreadableFolder(record.path, problem) };
  try {
    return { git: await gitPreflight(record.path, { base: record.base, scope: record.kind }), unreadable: null };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    return { git: null, unreadable: unreadableFolder(record.path, error.message) };
  }
}

async function ownRepositoryProblem(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--show-toplevel']).catch((error: Error) => ({ code: 1, stdout: '', stderr: error.message }));
  if (result.code !== 0) return firstLine(result.stderr) || 'git rev-parse failed';
  const top = result.stdout.trim();
  return realPath(top) === realPath(dir) ? undefined : `git finds the repository of ${top} here, not one of this folder's own`;
}

function unreadableFolder(dir: string, reason: string): UnreadableFolder {
  return { reason, ...listFolder(dir) };
}
