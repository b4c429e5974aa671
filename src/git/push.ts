// `tessera push`: the workspace's branch to a remote, its upstream set to what was pushed (so that
// ahead/behind count against it from then on). Which remote: the one named, else the branch's own,
// else origin, else the only one there is.

import { GIT_PUSH_TIMEOUT_MS } from '../limits.js';
import { withoutCredentials } from './cloneUrl.js';
import { GitError, firstLine, git, gitOk } from './run.js';

export interface Pushed {
  remote: string;
  branch: string;
  /** git's own summary of what it did (`* [new branch] feat -> feat`), cut to a few lines. */
  summary: string;
}

export async function pushBranch(dir: string, branch: string, remote?: string): Promise<Pushed> {
  const remotes = (await gitOk(dir, ['remote'])).split('\n').filter((r) => r.length > 0);
  const chosen = remote ?? (await branchRemote(dir, branch, remotes));
  if (chosen === undefined) throw new GitError(remotes.length === 0 ? 'the repository has no remote to push to (add one with git remote add)' : `the repository has several remotes (${remotes.join(', ')}); name one with --remote`);
  if (!remotes.includes(chosen)) throw new GitError(`no remote named '${chosen}' (remotes: ${remotes.join(', ') || 'none'})`);
  const result = await git(dir, ['push', '--porcelain', '--set-upstream', chosen, `refs/heads/${branch}:refs/heads/${branch}`], { timeoutMs: GIT_PUSH_TIMEOUT_MS, network: true });
  const lines = `${result.stdout}\n${result.stderr}`.split('\n').map((l) => withoutCredentials(l.trim()));
  if (result.code !== 0) {
    const rejected = lines.find((l) => l.startsWith('!'));
    throw new GitError(`git push to ${chosen} failed: ${rejected ?? (withoutCredentials(firstLine(result.stderr)) || `status ${result.code}`)}`);
  }
  // --porcelain: one line per ref, its flag, a tab, `from:to`, a tab, what happened.
  const summary = `${result.stdout}`.split('\n').filter((l) => /^[*+= -]\t/.test(l)).map((l) => withoutCredentials(l.split('\t').slice(1).join(' ')));
  return { remote: chosen, branch, summary: summary.slice(0, 4).join('\n') };
}

async function branchRemote(dir: string, branch: string, remotes: string[]): Promise<string | undefined> {
  const configured = await git(dir, ['config', '--get', `branch.${branch}.remote`]);
  const own = configured.code === 0 ? configured.stdout.trim() : '';
  if (own && own !== '.' && remotes.includes(own)) return own;
  if (remotes.includes('origin')) return 'origin';
  return remotes.length === 1 ? remotes[0] : undefined;
}
