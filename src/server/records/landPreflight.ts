// The facts `tessera land` shows before it acts, asked of git now: the workspace's folder as rm's
// preflight reads it (changes, unpushed commits, stashes, running panes), the target branch, the
// commits that would land, the files that would conflict (merged in the object store only: no folder
// or index is touched), and the state of the folder that has the target checked out.

import { baseCheckout } from '../../git/baseCheckout.js';
import type { LandMode } from '../../git/landCommit.js';
import { landBlocks, landWarnings, type LandChoices, type LandFacts, type LandPreflight } from '../../git/landRules.js';
import { landTarget, type LandTarget } from '../../git/landTarget.js';
import { mergeTrees } from '../../git/mergeTree.js';
import { headCommit } from '../../git/repo.js';
import { replayCommits } from '../../git/replay.js';
import { gitOk } from '../../git/run.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { workspacePreflight } from './workspacePreflight.js';

export interface LandRequest extends LandChoices {
  workspace: string;
  mode: LandMode;
  /** The target branch; default: the workspace's base. */
  into?: string;
  action: LandFacts['action'];
  /** The workspace root in force (the preflight reads the folder guards with it). */
  root: string;
}

/** The preflight, and what acting on it needs (full commit ids). */
export interface LandCheck {
  preflight: LandPreflight;
  target?: LandTarget;
  source?: string;
  /** --rebase: the replay the preflight built already (of `source` onto `target.commit`), reused by the landing. */
  replayed?: string;
}

export async function landPreflight(registry: WorkspaceRegistry, request: LandRequest): Promise<LandCheck> {
  const p = await workspacePreflight(registry, request.workspace, request.root);
  const g = p.git;
  const facts: LandFacts = {
    action: request.action,
    workspace: p.name,
    kind: p.kind,
    path: p.path,
    mode: request.mode,
    branch: g?.checkedOut ?? null,
    into: request.into ?? p.base,
    intoFrom: null,
    intoHead: null,
    head: g?.head ?? null,
    commits: 0,
    dirty: g?.dirty ?? [],
    untracked: g?.untracked ?? [],
    unpushed: g?.unpushed ?? 0,
    stashes: g?.stashes ?? 0,
    conflicts: [],
    conflictAt: null,
    baseCheckout: null,
    unreadable: g ? null : (p.unreadable?.reason ?? 'the folder is gone or is not a git repository'),
    runningPanes: p.runningPanes,
  };
  let replayed: string | undefined;
  const done = (target?: LandTarget, source?: string): LandCheck => ({
    preflight: { ...facts, blocked: landBlocks(facts, request), warnings: landWarnings(facts, request) },
    target,
    source,
    replayed,
  });
  if (!g || facts.into === null) return done();
  const source = await headCommit(p.path);
  const target = await landTarget(p.path, facts.into);
  if (!target || !source) return done();
  facts.into = target.branch;
  facts.intoFrom = target.fromRemote ?? null;
  facts.intoHead = `${target.commit.slice(0, 12)} ${target.branch}: ${(await gitOk(p.path, ['log', '-1', '--format=%s', target.commit])).trim()}`;
  if (facts.branch === target.branch) return done(target, source);
  facts.commits = Number((await gitOk(p.path, ['rev-list', '--count', `${target.commit}..${source}`])).trim()) || 0;
  if (facts.commits > 0) replayed = await findConflicts(p.path, facts, target.commit, source);
  const checkout = target.old ? await baseCheckout(p.path, target.branch) : undefined;
  facts.baseCheckout = checkout ?? null;
  return done(target, source);
}

/** Fills in the files that would conflict (for --rebase, at the first commit whose replay conflicts); gives a clean replay's commit. */
async function findConflicts(dir: string, facts: LandFacts, onto: string, source: string): Promise<string | undefined> {
  if (facts.mode !== 'rebase' || facts.action === 'rebase-workspace') {
    facts.conflicts = (await mergeTrees(dir, onto, source)).conflicts;
    return undefined;
  }
  // A branch with merge commits cannot be replayed: GitError says so, and the request fails with it.
  const replayed = await replayCommits(dir, onto, source);
  if (!('conflicts' in replayed)) return replayed.commit;
  facts.conflicts = replayed.conflicts;
  facts.conflictAt = replayed.at;
  return undefined;
}
