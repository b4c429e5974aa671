// Ending a workspace safely: `rm` (forget it; a managed checkout's folder goes too) and `reset`
// (a managed worktree back to its base). Both show a preflight first and refuse to lose work:
// unpushed commits or a stash need `force`, uncommitted changes need `discardChanges`.
// The in-client confirmation passes back the preflight it showed (`expect`): if anything changed
// since, nothing is done.

import fs from 'node:fs';
import { endRefusal, type EndChoices, type Preflight } from '../../git/endGuards.js';
import { gitPreflight } from '../../git/preflight.js';
import { removeWorktreeQuietly } from '../../git/checkout.js';
import { repoTop } from '../../git/repo.js';
import { gitOk } from '../../git/run.js';
import { RefusedError } from '../workspace.js';
import type { WorkspaceRegistry } from '../workspaceRegistry.js';

export type { Preflight } from '../../git/endGuards.js';

export interface EndOptions extends EndChoices {
  /** The preflight the user saw and confirmed; refused when today's differs. */
  expect?: Preflight;
  /** Runs once the checks passed, right before the workspace's panes end (a client showing it moves away). */
  beforeStop?: () => void;
}

export async function preflight(registry: WorkspaceRegistry, name: string): Promise<Preflight> {
  const entry = registry.all().find((w) => w.record.name === name);
  if (!entry) throw new RefusedError(`no workspace named '${name}'`);
  const { record, live } = entry;
  const inRepo = fs.existsSync(record.path) && (await repoTop(record.path).catch(() => undefined)) !== undefined;
  return {
    name,
    kind: record.kind,
    path: record.path,
    branch: record.branch ?? null,
    base: record.base ?? null,
    git: inRepo ? await gitPreflight(record.path, { base: record.base, ownStashesOnly: record.kind === 'worktree' }) : null,
    runningPanes: live ? [...live.panes.values()].filter((p) => p.isLive).map((p) => p.id) : [],
  };
}

function sameFacts(a: Preflight, b: Preflight): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

async function checked(registry: WorkspaceRegistry, name: string, options: EndOptions, action: 'rm' | 'reset'): Promise<Preflight> {
  const now = await preflight(registry, name);
  if (options.expect && !sameFacts(options.expect, now)) throw new RefusedError(`${name} changed since the preflight was shown; nothing was done — look again`);
  const why = endRefusal(now, options, action);
  if (why) throw new RefusedError(why);
  return now;
}

/** Removes a workspace: its panes end, its record goes; a managed worktree or clone folder is deleted. */
export async function removeWorkspace(registry: WorkspaceRegistry, name: string, options: EndOptions): Promise<string> {
  const check = await checked(registry, name, options, 'rm');
  const record = registry.records.get(name) ?? registry.all().find((w) => w.record.name === name)?.record;
  options.beforeStop?.();
  await registry.stop(name);
  if (!record || record.kind === 'adopted' || !fs.existsSync(record.path)) {
    await registry.forget(name);
    return `removed workspace ${name}${record?.kind === 'adopted' ? ` (its folder ${check.path} is untouched)` : ''}`;
  }
  if (record.kind === 'worktree' && record.repo) await removeWorktreeQuietly(record.repo, record.path);
  else fs.rmSync(record.path, { recursive: true, force: true });
  await registry.forget(name);
  const kept = record.kind === 'worktree' && record.branch ? `; branch ${record.branch} is kept in ${record.repo}` : '';
  return `removed workspace ${name} and its folder ${record.path}${kept}`;
}

/** Puts a managed worktree back to its base: checkout of its branch, hard reset to the base, clean (ignored files stay). */
export async function resetWorkspace(registry: WorkspaceRegistry, name: string, options: EndOptions): Promise<string> {
  const check = await checked(registry, name, options, 'reset');
  if (!check.base) throw new RefusedError(`${name} has no base branch to go back to`);
  options.beforeStop?.();
  await registry.stop(name);
  if (check.branch) await gitOk(check.path, ['checkout', '--force', check.branch]);
  await gitOk(check.path, ['reset', '--hard', check.base]);
  await gitOk(check.path, ['clean', '-fd']);
  return `reset workspace ${name} to ${check.base} (ignored files such as node_modules are kept); it is dormant, open it to start its panes`;
}
