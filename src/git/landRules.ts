// What `tessera land` checks before it changes anything, as data (printed by the CLI, read by scripts
// with --json) and the rules that refuse it. Pure: the facts come from src/server/records/landPreflight.ts.

import type { LandMode } from './landCommit.js';
import { someNames } from './namedList.js';

export interface LandFacts {
  action: 'land' | 'rebase-workspace';
  workspace: string;
  kind: 'adopted' | 'worktree' | 'clone';
  path: string;
  mode: LandMode;
  /** The branch checked out in the workspace (what lands); null when detached or git cannot tell. */
  branch: string | null;
  /** The branch it lands into; null when the workspace has no base and none was given. */
  into: string | null;
  /** The target does not exist locally yet: landing makes it from this (`origin/main`). */
  intoFrom: string | null;
  /** The target's commit now, and the workspace's (`abc123456789 branch: subject`); null when unknown. */
  intoHead: string | null;
  head: string | null;
  /** Commits of the branch the target lacks. */
  commits: number;
  /** Uncommitted changes in the workspace: changed tracked files, untracked files. */
  dirty: string[];
  untracked: string[];
  unpushed: number;
  stashes: number;
  /** Files that conflict between the branch and the target (computed without touching any folder). */
  conflicts: string[];
  /** --rebase: the commit whose replay conflicts. */
  conflictAt: string | null;
  /** The folder that has the target checked out, and its changed files. */
  baseCheckout: { path: string; dirty: string[] } | null;
  /** Why git could not read the workspace's folder (missing or broken `.git`, gone). */
  unreadable: string | null;
  runningPanes: number[];
}

export interface LandPreflight extends LandFacts {
  /** Why going ahead is refused; empty when it may. */
  blocked: string[];
  warnings: string[];
}

export interface LandChoices {
  /** Commit the uncommitted changes first (with `message`). */
  commit: boolean;
  message?: string;
}

const uncommitted = (f: LandFacts): string =>
  [f.dirty.length > 0 ? `${f.dirty.length} changed file(s) (${someNames(f.dirty)})` : '', f.untracked.length > 0 ? `${f.untracked.length} untracked file(s) (${someNames(f.untracked)})` : '']
    .filter(Boolean)
    .join(' and ');

export function landBlocks(f: LandFacts, choices: LandChoices): string[] {
  if (f.unreadable) return [`git could not read ${f.workspace}'s folder (${f.unreadable}); there is nothing to land`];
  if (f.branch === null) return [`${f.workspace} has a detached HEAD checked out: land works on a branch (check one out in ${f.path})`];
  if (f.into === null) return [`${f.workspace} has no base branch recorded; name the branch to land into with --into BRANCH`];
  if (f.intoHead === null) return [`there is no branch '${f.into}' to land into (neither a local branch nor origin's)`];
  if (f.branch === f.into) return [`${f.workspace} has ${f.into} itself checked out: there is nothing to land into it (push it with 'tessera push -t ${f.workspace}')`];
  const blocks: string[] = [];
  const changes = uncommitted(f);
  if (f.action === 'rebase-workspace') {
    if (f.dirty.length > 0) blocks.push(`${f.workspace} has ${f.dirty.length} changed file(s) (${someNames(f.dirty)}); commit or stash them before rebasing it`);
    return blocks;
  }
  if (changes && !choices.commit) blocks.push(`${f.workspace} has uncommitted changes: ${changes}; commit them, or add --commit --message TEXT to commit them all first`);
  if (f.commits === 0 && !(choices.commit && changes)) blocks.push(`nothing to land: every commit of ${f.branch} is in ${f.into} already`);
  if (f.conflicts.length > 0) {
    const at = f.conflictAt ? ` (replaying ${f.conflictAt})` : '';
    blocks.push(
      `landing ${f.branch} into ${f.into} conflicts in ${f.conflicts.length} file(s)${at}: ${someNames(f.conflicts)}; nothing was changed. 'tessera land -t ${f.workspace} --rebase-workspace --yes' rebases the workspace onto ${f.into} in its folder, where its agent can resolve them`,
    );
  }
  return blocks;
}

export function landWarnings(f: LandFacts, choices: LandChoices): string[] {
  const warnings: string[] = [];
  if (f.action === 'land' && choices.commit && uncommitted(f)) warnings.push(`with --yes, the changes are committed first in ${f.workspace} (git add -A); conflicts are checked again after that commit`);
  const checkout = f.baseCheckout;
  if (checkout && f.action === 'land') {
    if (checkout.dirty.length > 0) {
      warnings.push(
        `${f.into} is checked out in ${checkout.path} with ${checkout.dirty.length} changed file(s) (${someNames(checkout.dirty)}): its files are left as they are; the message after landing says how to bring them up to date`,
      );
    } else warnings.push(`${f.into} is checked out in ${checkout.path} (clean): its files follow the landing`);
  }
  if (f.intoFrom) warnings.push(`there is no local ${f.into} yet: landing makes it from ${f.intoFrom} (push it afterwards to share it)`);
  if (f.runningPanes.length > 0 && f.action === 'land') warnings.push(`${f.workspace}'s panes keep running: what lands is ${f.branch ?? 'the branch'} as it is when you confirm`);
  if (f.action === 'rebase-workspace' && f.runningPanes.length > 0) warnings.push(`${f.workspace}'s panes keep running: its agent sees the rebase (and any conflicts) in its folder`);
  return warnings;
}
