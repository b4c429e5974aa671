// The commit a landing moves its target branch to, built in the object store only (no checkout, no
// index, no ref changes): a merge commit, one squashed commit, or the branch's commits replayed on
// the target (see replay.ts). Until a ref points at it, it is garbage git collects in time.

import { mergeTrees } from './mergeTree.js';
import { replayCommits } from './replay.js';
import { commitTree } from './commitTree.js';

export const LAND_MODES = ['merge', 'squash', 'rebase'] as const;
export type LandMode = (typeof LAND_MODES)[number];

export interface LandBuildRequest {
  /** The target's commit now. */
  onto: string;
  /** The workspace's branch tip. */
  source: string;
  mode: LandMode;
  /** The merge or squash commit's message (a rebase keeps each commit's own). */
  message: string;
}

export type LandBuild = { commit: string } | { conflicts: string[]; at?: string };

export async function buildLanding(dir: string, request: LandBuildRequest): Promise<LandBuild> {
  if (request.mode === 'rebase') return replayCommits(dir, request.onto, request.source);
  const merged = await mergeTrees(dir, request.onto, request.source);
  if (merged.conflicts.length > 0) return { conflicts: merged.conflicts };
  // --merge always records the landing as a merge commit (the branch's commits stay as they were);
  // --squash makes one commit whose only parent is the target.
  const parents = request.mode === 'merge' ? ['-p', request.onto, '-p', request.source] : ['-p', request.onto];
  return { commit: await commitTree(dir, merged.tree, parents, request.message) };
}
