// Ending a workspace safely: `rm` (forget it; a managed checkout's folder goes too) and `reset` (a
// managed worktree back to its base). The order is what makes the preflight true:
//   1. preflight; refused here (nothing touched) when it is already clear the action may not go on;
//   2. the workspace's panes are stopped (whole process groups), so what they write as they end
//      (on SIGHUP/SIGTERM: a log, a saved session) is in the folder before git is asked again;
//   3. preflight again; refused (panes stopped, nothing else done) when it needs a permission not given;
//   4. the folder guards once more, right before the folder is deleted or reset.
// The in-client confirmation passes back the preflight it showed (`expect`): when the workspace
// differs from it at step 1 or 3 (running panes aside), nothing more is done, and the answer holds
// the preflight as it is now, to show.

import fs from 'node:fs';
import { removeWorktreeQuietly } from '../../git/checkout.js';
import { endBlocks, endWarnings, type EndAction, type EndChoices, type Preflight } from '../../git/endGuards.js';
import { preflightChange } from '../../git/preflightChange.js';
import { currentBranch } from '../../git/repo.js';
import { gitOk } from '../../git/run.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import { RefusedError } from '../refusedError.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { folderProblems } from './folderGuards.js';
import { workspacePreflight } from './workspacePreflight.js';

export type { Preflight } from '../../git/endGuards.js';

export interface EndOptions extends EndChoices {
  /** The workspace root in force: no folder outside it is deleted or reset. */
  root: string;
  /** The preflight the user saw and confirmed; refused when today's differs (running panes aside). */
  expect?: Preflight;
  /** Runs once the first checks passed, right before the workspace's panes end (a client showing it moves away). */
  beforeStop?: () => void;
}

export interface EndOutcome {
  /** The newest preflight: taken after the panes stopped, when they were. */
  preflight: Preflight;
  /** Why it was not done (empty when done). */
  blocked: string[];
  warnings: string[];
  done: boolean;
  /** What was done, or why not. */
  message: string;
  /** The workspace's panes were stopped (it is dormant now), done or not. */
  stopped: boolean;
}

export async function removeWorkspace(registry: WorkspaceRegistry, name: string, options: EndOptions): Promise<EndOutcome> {
  return endWorkspace(registry, name, 'rm', options);
}

export async function resetWorkspace(registry: WorkspaceRegistry, name: string, options: EndOptions): Promise<EndOutcome> {
  return endWorkspace(registry, name, 'reset', options);
}

async function endWorkspace(registry: WorkspaceRegistry, name: string, action: EndAction, options: EndOptions): Promise<EndOutcome> {
  const refuse = (check: Preflight, blocked: string[], stopped: boolean): EndOutcome => {
    const after = stopped ? `\n${name}'s panes were stopped (it is dormant now); nothing else was done` : '';
    return { preflight: check, blocked, warnings: endWarnings(check, action), done: false, stopped, message: `${blocked.join('\n')}${after}` };
  };
  const before = await workspacePreflight(registry, name, options.root);
  const changed = options.expect && preflightChange(options.expect, before);
  if (changed) return refuse(before, [`${name} changed since the preflight was shown; nothing was done — look again (${changed})`], false);
  const blockedBefore = endBlocks(before, options, action);
  if (blockedBefore.length > 0) return refuse(before, blockedBefore, false);

  const open = registry.get(name) !== undefined;
  let check = before;
  if (open) {
    options.beforeStop?.();
    await registry.stop(name, 'ended');
    check = await workspacePreflight(registry, name, options.root);
    const changedNow = options.expect && preflightChange(options.expect, check);
    if (changedNow) return refuse(check, [`${name} changed when its panes stopped (${changedNow}); look again`], true);
    const blocked = endBlocks(check, options, action);
    if (blocked.length > 0) return refuse(check, blocked, true);
  }
  const record = registry.records.get(name);
  if (!record) throw new RefusedError(`no workspace named '${name}'`);
  const message = action === 'rm' ? await removeFolder(registry, record, options.root) : await resetFolder(registry, record, options.root);
  if (typeof message !== 'string') return refuse(check, message.blocked, open);
  return { preflight: check, blocked: [], warnings: endWarnings(check, action), done: true, message, stopped: open };
}

/** The record goes; a managed worktree or clone folder goes too, after the folder guards pass once more. */
async function removeFolder(registry: WorkspaceRegistry, record: WorkspaceRecord, root: string): Promise<string | { blocked: string[] }> {
  const name = record.name;
  if (record.kind === 'adopted' || !fs.existsSync(record.path)) {
    await registry.forget(name);
    return `removed workspace ${name}${record.kind === 'adopted' ? ` (its folder ${record.path} is untouched)` : ''}`;
  }
  const problems = await guardsNow(registry, record, root);
  if (problems.length > 0) return { blocked: problems };
  // The path checked is the real one: the same folder is deleted even if a link on the way changes.
  const real = fs.realpathSync(record.path);
  if (record.kind === 'worktree' && record.repo) await removeWorktreeQuietly(record.repo, real);
  else fs.rmSync(real, { recursive: true, force: true });
  await registry.forget(name);
  const kept = record.kind === 'worktree' && record.branch ? `; branch ${record.branch} is kept in ${record.repo}` : '';
  return `removed workspace ${name} and its folder ${record.path}${kept}`;
}

/** The branch checked out now (which must be the recorded one) goes back to the base, untracked files are cleaned (ignored ones stay). */
async function resetFolder(registry: WorkspaceRegistry, record: WorkspaceRecord, root: string): Promise<string | { blocked: string[] }> {
  const name = record.name;
  const problems = await guardsNow(registry, record, root);
  if (problems.length > 0) return { blocked: problems };
  const real = fs.realpathSync(record.path);
  const branch = await currentBranch(real);
  if (!record.branch || branch !== record.branch) return { blocked: [`${name} has ${branch ?? 'no branch'} checked out now, not ${record.branch ?? '(none recorded)'}; nothing was reset`] };
  if (!record.base) return { blocked: [`${name} has no base branch to go back to`] };
  // Cleaned first, under the branch's own ignore rules (those the preflight showed): a file only the
  // branch ignores (its .gitignore's `.env`) is untracked, not ignored, once the reset has put the
  // base's .gitignore back, and a clean after the reset deleted it.
  await gitOk(real, ['clean', '-fd']);
  await gitOk(real, ['reset', '--hard', record.base]);
  return `reset workspace ${name} to ${record.base} (ignored files such as node_modules are kept); it is dormant, open it to start its panes`;
}

function guardsNow(registry: WorkspaceRegistry, record: WorkspaceRecord, root: string): Promise<string[]> {
  return folderProblems(record, root, registry.all().map((w) => ({ name: w.record.name, path: w.record.path })));
}
