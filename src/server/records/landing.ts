// `tessera land`: the workspace's branch into its base, with nothing half-done anywhere. The order:
//   1. preflight (landPreflight.ts); without `yes`, or when something refuses it, that is the answer;
//   2. with --commit, the workspace's changes are committed (git add -A; git commit), and the
//      preflight is taken again on that commit;
//   3. the new commit of the target is built in the object store (landCommit.ts): no folder, index
//      or ref changes, so a refusal or a crash here leaves only unreferenced objects;
//   4. one step moves the target by compare-and-swap and brings a clean checkout of it along
//      (landRefs.ts): the target is old or new, never in between.
// `--rebase-workspace` is the other way round: the workspace's branch is rebased onto the target in
// the workspace's own folder, where its agent can resolve what conflicts.

import fs from 'node:fs';
import { buildLanding } from '../../git/landCommit.js';
import { applyLanding } from '../../git/landRefs.js';
import type { LandPreflight } from '../../git/landRules.js';
import { commitOf } from '../../git/repo.js';
import { firstLine, git, gitOk } from '../../git/run.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { landPreflight, type LandCheck, type LandRequest } from './landPreflight.js';

export interface LandAnswer {
  preflight: LandPreflight;
  done: boolean;
  /** What was done, or why not (absent: the preflight alone, nothing was asked to be done). */
  message?: string;
}

/**
 * A refusal after --commit made its commit: the refusals say "nothing was changed", which is no longer so; the
 * message says what was committed, and that nothing was landed.
 */
function afterCommit(committed: string, branch: string | null, message: string): string {
  if (committed === '') return message;
  return committed + message.replaceAll('nothing was changed', `nothing was landed (the commit stays on ${branch ?? 'the workspace\'s branch'})`);
}

export async function landWorkspace(registry: WorkspaceRegistry, request: LandRequest & { yes: boolean }): Promise<LandAnswer> {
  let check = await landPreflight(registry, request);
  if (!request.yes || check.preflight.blocked.length > 0) return refusal(check, request.yes);
  let committed = '';
  const p = check.preflight;
  if (request.commit && p.dirty.length + p.untracked.length > 0) {
    await gitOk(p.path, ['add', '-A']);
    await gitOk(p.path, ['commit', '-q', '-m', request.message ?? '']);
    committed = `committed ${p.workspace}'s changes as ${((await commitOf(p.path, 'HEAD')) ?? '').slice(0, 12)}; `;
    check = await landPreflight(registry, { ...request, commit: false });
    if (check.preflight.blocked.length > 0) return { preflight: check.preflight, done: false, message: afterCommit(committed, p.branch, check.preflight.blocked.join('\n')) };
  }
  const { preflight, target, source, replayed } = check;
  if (!target || !source || preflight.branch === null) return { preflight, done: false, message: afterCommit(committed, p.branch, 'cannot tell what to land (the workspace changed meanwhile?); nothing was changed') };
  // A replay is built once: the preflight's (of these very commits) is the landing's.
  const built = replayed && request.mode === 'rebase' ? { commit: replayed } : await buildLanding(preflight.path, { onto: target.commit, source, mode: request.mode, message: request.message ?? defaultMessage(preflight) });
  if ('conflicts' in built) return { preflight: { ...preflight, conflicts: built.conflicts }, done: false, message: afterCommit(committed, p.branch, `landing conflicts in ${built.conflicts.join(', ')}; nothing was changed`) };
  const checkout = preflight.baseCheckout && preflight.baseCheckout.dirty.length === 0 ? { path: preflight.baseCheckout.path, from: target.old } : undefined;
  const applied = await applyLanding({ dir: preflight.path, ref: target.ref, old: target.old, next: built.commit, reason: `tessera land (${request.mode}): ${preflight.branch} of workspace ${preflight.workspace}`, checkout });
  // The ref itself says whether the landing happened (the child may have ended in a way it could not report).
  if ((await commitOf(preflight.path, target.ref)) !== built.commit) {
    const why = applied.moved ? 'it is not where the landing put it' : applied.detail;
    return { preflight, done: false, message: `${committed}${target.branch} was not moved (${why}); nothing was landed: look again and run land again` };
  }
  return { preflight, done: true, message: `${committed}${landedText(preflight, built.commit, target.old, applied)}` };
}

function landedText(p: LandPreflight, commit: string, old: string, applied: Awaited<ReturnType<typeof applyLanding>>): string {
  const how = p.mode === 'merge' ? 'merged' : p.mode === 'squash' ? 'squashed' : 'rebased';
  const lines = [`landed ${p.branch} into ${p.into} (${how}, ${p.commits} commit(s)): ${p.into} is now ${commit.slice(0, 12)}`];
  const checkout = p.baseCheckout;
  if (checkout && applied.moved && applied.checkout === 'updated') lines.push(`${checkout.path} (which has ${p.into} checked out) was updated to it`);
  else if (checkout) {
    const why = applied.moved && applied.checkout === 'left' ? applied.detail : `it has changes of its own (${checkout.dirty.slice(0, 3).join(', ')})`;
    lines.push(
      `${checkout.path} has ${p.into} checked out; its files were left at ${old.slice(0, 12)} (${why}). To bring them up to date, keeping your changes: git -C '${checkout.path}' read-tree -m -u ${old.slice(0, 12)} ${p.into}`,
    );
  }
  if (p.kind === 'clone') lines.push(`${p.into} moved in the clone ${p.path} only: push it with 'git -C ${p.path} push origin ${p.into}'`);
  return lines.join('\n');
}

function defaultMessage(p: LandPreflight): string {
  return p.mode === 'squash' ? `${p.branch}: ${p.commits} commit(s) squashed (workspace ${p.workspace})` : `Merge branch '${p.branch}' into ${p.into}`;
}

function refusal(check: LandCheck, yes: boolean): LandAnswer {
  return yes ? { preflight: check.preflight, done: false, message: check.preflight.blocked.join('\n') } : { preflight: check.preflight, done: false };
}

/** `land --rebase-workspace`: `git rebase TARGET` in the workspace's folder; it may stop at conflicts, for the agent there to resolve. */
export async function rebaseWorkspace(registry: WorkspaceRegistry, request: LandRequest & { yes: boolean }): Promise<LandAnswer> {
  const check = await landPreflight(registry, { ...request, action: 'rebase-workspace', commit: false });
  const { preflight, target } = check;
  if (!request.yes || preflight.blocked.length > 0) return refusal(check, request.yes);
  if (!target) return { preflight, done: false, message: 'cannot tell what to rebase onto; nothing was changed' };
  const onto = target.old ? target.branch : (target.fromRemote ?? target.branch);
  const result = await git(preflight.path, ['rebase', onto], { env: { GIT_EDITOR: 'true' } });
  if (result.code === 0) return { preflight, done: true, message: `rebased ${preflight.branch} onto ${onto} in ${preflight.path}` };
  const stopped = fs.existsSync((await gitOk(preflight.path, ['rev-parse', '--path-format=absolute', '--git-path', 'rebase-merge'])).trim());
  if (!stopped) return { preflight, done: false, message: `git rebase ${onto} failed: ${firstLine(result.stderr) || `status ${result.code}`}; nothing was changed` };
  const conflicts = (await gitOk(preflight.path, ['diff', '--name-only', '--diff-filter=U', '-z'])).split('\0').filter((f) => f.length > 0);
  return {
    preflight: { ...preflight, conflicts },
    done: true,
    message: `the rebase of ${preflight.branch} onto ${onto} stopped at conflicts in ${conflicts.join(', ') || 'some files'}: resolve them in ${preflight.path}, 'git add' them and 'git rebase --continue' (or 'git rebase --abort' to go back)`,
  };
}
