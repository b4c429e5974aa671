// `tessera rm --merged`: every managed workspace (worktree or clone) whose branch is merged into its
// base, each through rm's own path (removal.ts): its preflight, its guards, its panes stopped and
// git asked again. No permission is given: a merged workspace that would lose anything (changed,
// untracked or ignored files, unpushed commits, stashes) is kept and the answer says why.

import { endBlocks, endWarnings } from '../../git/endGuards.js';
import { branchMerged } from '../../git/mergedBranch.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { removeWorkspace, type EndOutcome } from './removal.js';
import { workspacePreflight } from './workspacePreflight.js';

const NO_PERMISSION = { force: false, discardChanges: false, discardIgnored: false };

export type MergedOutcome = Omit<EndOutcome, 'message'> & { message?: string };

export async function removeMergedWorkspaces(registry: WorkspaceRegistry, root: string, yes: boolean): Promise<MergedOutcome[]> {
  const managed = registry.all().filter((w) => w.record.kind !== 'adopted');
  const merged = await Promise.all(managed.map(async (w) => ((await branchMerged(w.record.path, w.record.base).catch(() => false)) ? w.record.name : undefined)));
  const outcomes: MergedOutcome[] = [];
  for (const name of merged) {
    if (name === undefined) continue;
    const check = await workspacePreflight(registry, name, root);
    const blocked = endBlocks(check, NO_PERMISSION, 'rm');
    const warnings = endWarnings(check, 'rm');
    if (!yes) outcomes.push({ preflight: check, blocked, warnings, done: false, stopped: false });
    else if (blocked.length > 0) outcomes.push({ preflight: check, blocked, warnings, done: false, stopped: false, message: `kept ${name}: ${blocked.join('; ')}` });
    else outcomes.push(await removeWorkspace(registry, name, { ...NO_PERMISSION, root }));
  }
  return outcomes;
}
