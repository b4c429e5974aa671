// The git pieces of `tessera land`, on real repositories: conflicts found without touching a folder,
// merge/squash/rebase commits built in the object store, the compare-and-swap that moves the target
// (and a clean checkout of it along), and "merged" read from git (including a squash merge).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseCheckout } from '../../../src/git/baseCheckout.js';
import { buildLanding } from '../../../src/git/landCommit.js';
import { applyLanding } from '../../../src/git/landRefs.js';
import { landTarget } from '../../../src/git/landTarget.js';
import { branchMerged } from '../../../src/git/mergedBranch.js';
import { mergeTrees } from '../../../src/git/mergeTree.js';
import { git, repoWithRemote, useGitIdentity } from '../../helpers/gitRepo.js';
import { scratch } from '../../helpers/scratch.js';

const temp = scratch('tessera-land-');
useGitIdentity();

function commit(dir: string, file: string, text = `${file}\n`): string {
  fs.writeFileSync(path.join(dir, file), text);
  git(dir, 'add', file);
  git(dir, 'commit', '-q', '-m', `change ${file}`);
  return rev(dir, 'HEAD');
}

const rev = (dir: string, ref: string): string => git(dir, 'rev-parse', ref).trim();

/** The sandbox's repository with a worktree on a new branch `feat` at `<root>/wt`. */
function withWorktree(): { repo: string; wt: string } {
  const { repo } = repoWithRemote(temp.dir());
  const wt = path.join(path.dirname(repo), 'wt');
  git(repo, 'worktree', 'add', '-q', '-b', 'feat', wt, 'main');
  return { repo, wt };
}

describe('conflicts, without touching any folder', () => {
  it('names the files both sides changed, and leaves both checkouts as they were', async () => {
    const { repo, wt } = withWorktree();
    commit(wt, 'a.txt', 'feat\n');
    commit(wt, 'b.txt');
    commit(repo, 'a.txt', 'main\n');
    const statusBefore = [git(repo, 'status', '--porcelain'), git(wt, 'status', '--porcelain')];
    const merged = await mergeTrees(wt, rev(repo, 'main'), rev(wt, 'HEAD'));
    expect(merged.conflicts).toEqual(['a.txt']);
    expect([git(repo, 'status', '--porcelain'), git(wt, 'status', '--porcelain')]).toEqual(statusBefore);
    expect(fs.readFileSync(path.join(repo, 'a.txt'), 'utf8')).toBe('main\n');
  });

  it('finds none when the two sides changed different files', async () => {
    const { repo, wt } = withWorktree();
    commit(wt, 'b.txt');
    commit(repo, 'c.txt');
    expect((await mergeTrees(wt, rev(repo, 'main'), rev(wt, 'HEAD'))).conflicts).toEqual([]);
  });
});

describe('the landing commit', () => {
  it('--merge: a merge commit of the base and the branch', async () => {
    const { repo, wt } = withWorktree();
    const tip = commit(wt, 'b.txt');
    const base = commit(repo, 'c.txt');
    const built = await buildLanding(wt, { onto: base, source: tip, mode: 'merge', message: 'land feat' });
    if (!('commit' in built)) throw new Error('conflicts');
    expect(git(repo, 'log', '-1', '--format=%P%n%s', built.commit).trim()).toBe(`${base} ${tip}\nland feat`);
    expect(git(repo, 'ls-tree', '--name-only', built.commit).split('\n').filter(Boolean).sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(rev(repo, 'main')).toBe(base); // built only: no ref moved
  });

  it('--squash: one commit on the base holding all of the branch', async () => {
    const { repo, wt } = withWorktree();
    commit(wt, 'b.txt');
    const tip = commit(wt, 'd.txt');
    const base = rev(repo, 'main');
    const built = await buildLanding(wt, { onto: base, source: tip, mode: 'squash', message: 'squashed' });
    if (!('commit' in built)) throw new Error('conflicts');
    expect(git(repo, 'log', '-1', '--format=%P', built.commit).trim()).toBe(base);
    expect(git(repo, 'diff', '--name-only', base, built.commit).split('\n').filter(Boolean)).toEqual(['b.txt', 'd.txt']);
  });

  it('--rebase: each commit replayed on the moved base, authors and messages kept; a conflict names the commit', async () => {
    const { repo, wt } = withWorktree();
    commit(wt, 'b.txt');
    const tip = commit(wt, 'd.txt');
    const base = commit(repo, 'c.txt');
    const built = await buildLanding(wt, { onto: base, source: tip, mode: 'rebase', message: 'unused' });
    if (!('commit' in built)) throw new Error('conflicts');
    expect(git(repo, 'log', '--format=%s|%an', `${base}..${built.commit}`).trim().split('\n')).toEqual(['change d.txt|t', 'change b.txt|t']);
    expect(git(repo, 'log', '-1', '--format=%P', `${built.commit}~1`).trim()).toBe(base);
    commit(wt, 'c.txt', 'other\n');
    const conflicting = await buildLanding(wt, { onto: base, source: rev(wt, 'HEAD'), mode: 'rebase', message: 'unused' });
    expect(conflicting).toMatchObject({ conflicts: ['c.txt'], at: expect.stringMatching(/change c\.txt$/) });
  });
});

describe('moving the target', () => {
  it('moves it and brings its clean checkout along', async () => {
    const { repo, wt } = withWorktree();
    const tip = commit(wt, 'b.txt');
    const old = rev(repo, 'main');
    const built = await buildLanding(wt, { onto: old, source: tip, mode: 'merge', message: 'm' });
    if (!('commit' in built)) throw new Error('conflicts');
    const checkout = await baseCheckout(wt, 'main');
    expect(checkout).toEqual({ path: repo, dirty: [] });
    const applied = await applyLanding({ dir: wt, ref: 'refs/heads/main', old, next: built.commit, reason: 'test', checkout: { path: repo, from: old } });
    expect(applied).toEqual({ moved: true, checkout: 'updated' });
    expect(rev(repo, 'main')).toBe(built.commit);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(fs.readFileSync(path.join(repo, 'b.txt'), 'utf8')).toBe('b.txt\n');
  });

  it('changes nothing when the target moved since it was read (compare-and-swap)', async () => {
    const { repo, wt } = withWorktree();
    const tip = commit(wt, 'b.txt');
    const old = rev(repo, 'main');
    const built = await buildLanding(wt, { onto: old, source: tip, mode: 'merge', message: 'm' });
    if (!('commit' in built)) throw new Error('conflicts');
    const moved = commit(repo, 'c.txt');
    const applied = await applyLanding({ dir: wt, ref: 'refs/heads/main', old, next: built.commit, reason: 'test', checkout: { path: repo, from: old } });
    expect(applied.moved).toBe(false);
    expect(rev(repo, 'main')).toBe(moved);
    expect(fs.existsSync(path.join(repo, 'b.txt'))).toBe(false);
  });

  it('creates a missing local target only while it is still missing', async () => {
    const { repo } = repoWithRemote(temp.dir());
    git(repo, 'checkout', '-q', '-b', 'feat');
    git(repo, 'branch', '-q', '-D', 'main');
    const target = await landTarget(repo, 'main');
    expect(target).toMatchObject({ branch: 'main', old: '', fromRemote: 'origin/main', commit: rev(repo, 'origin/main') });
    const tip = commit(repo, 'b.txt');
    expect(await applyLanding({ dir: repo, ref: 'refs/heads/main', old: '', next: tip, reason: 'test' })).toEqual({ moved: true, checkout: 'none' });
    expect(rev(repo, 'main')).toBe(tip);
    expect((await applyLanding({ dir: repo, ref: 'refs/heads/main', old: '', next: rev(repo, 'origin/main'), reason: 'test' })).moved).toBe(false);
    expect(rev(repo, 'main')).toBe(tip);
  });
});

describe('merged, read from git', () => {
  it('is not merged when new (nothing committed yet) or ahead of its base', async () => {
    const { repo, wt } = withWorktree();
    commit(repo, 'c.txt'); // the base moves on: the new branch is behind it, still not "merged"
    expect(await branchMerged(wt, 'main')).toBe(false);
    commit(wt, 'b.txt');
    expect(await branchMerged(wt, 'main')).toBe(false);
  });

  it('is merged after a merge into the local base, and after a squash merge', async () => {
    const { repo, wt } = withWorktree();
    commit(wt, 'b.txt');
    commit(wt, 'd.txt', 'one\n');
    git(repo, 'merge', '-q', '--squash', 'feat');
    git(repo, 'commit', '-q', '-m', 'squash of feat');
    commit(repo, 'c.txt'); // and the base moves on after it
    expect(await branchMerged(wt, 'main')).toBe(true);
    commit(wt, 'e.txt');
    expect(await branchMerged(wt, 'main')).toBe(false);
    git(repo, 'merge', '-q', '--no-edit', 'feat');
    expect(await branchMerged(wt, 'main')).toBe(true);
  });

  it("is merged when origin's base has it (merged on the server, then fetched)", async () => {
    const { remote, repo } = repoWithRemote(temp.dir());
    git(repo, 'checkout', '-q', '-b', 'feat');
    commit(repo, 'b.txt');
    git(repo, 'push', '-q', 'origin', 'feat:main');
    git(repo, 'fetch', '-q', 'origin');
    git(repo, 'branch', '-q', '-f', 'main', `${rev(repo, 'main')}`);
    expect(remote).toBeTruthy();
    expect(await branchMerged(repo, 'main')).toBe(true);
  });
});
