// The git side of `tessera diff` with real git: what a worktree brings to its base (committed,
// uncommitted and untracked changes, a binary file), the other views, paths, and an adopted folder
// without a base. The real index is never touched.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceChanges } from '../../../src/git/changeSummary.js';
import { commitsSince, workspaceFiles, workspacePatch, type DiffAsk } from '../../../src/git/workspaceDiff.js';
import { git, repoWithWorktrees } from '../../helpers/gitRepo.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-wsdiff-');

/** A repository on main with a.txt, and a worktree on feat/wt off main. */
function worktree(): { repo: string; dir: string } {
  const { repo, dirs } = repoWithWorktrees(tmp.dir(), { 'a.txt': 'one\ntwo\nthree\n' }, ['wt']);
  return { repo, dir: dirs.wt as string };
}

const branch = (extra: Partial<DiffAsk> = {}): DiffAsk => ({ view: { kind: 'branch' }, base: 'main', untracked: true, paths: [], ...extra });

/** A commit, an uncommitted edit, an untracked text file and an untracked binary file. */
function changeEverything(dir: string): void {
  fs.writeFileSync(path.join(dir, 'c.txt'), 'committed\n');
  git(dir, 'add', 'c.txt');
  git(dir, 'commit', '-q', '-m', 'add c');
  fs.writeFileSync(path.join(dir, 'a.txt'), 'one\nTWO\nthree\n');
  fs.writeFileSync(path.join(dir, 'new.txt'), 'x\ny\n');
  fs.writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 0, 255]));
}

describe('workspace diff', () => {
  it('shows what the branch brings to its base: commits, uncommitted and untracked changes, binary files', async () => {
    const { dir } = worktree();
    changeEverything(dir);
    const { text, against } = await workspacePatch(dir, branch(), 'patch');
    expect(against.label).toMatch(/^main \(merge base [0-9a-f]{7}\)$/);
    expect(against.note).toBeUndefined();
    expect(text).toContain('+++ b/c.txt'); // committed
    expect(text).toContain('+TWO'); // uncommitted
    expect(text).toContain('+++ b/new.txt'); // untracked
    expect(text).toMatch(/Binary files \/dev\/null and b\/blob\.bin differ/);
    const { files } = await workspaceFiles(dir, branch());
    expect(files).toEqual([
      { path: 'a.txt', status: 'modified', added: 1, removed: 1, binary: false },
      { path: 'blob.bin', status: 'untracked', added: 0, removed: 0, binary: true },
      { path: 'c.txt', status: 'added', added: 1, removed: 0, binary: false },
      { path: 'new.txt', status: 'untracked', added: 2, removed: 0, binary: false },
    ]);
    expect((await commitsSince(dir, against.commit as string, 10)).map((c) => c.subject)).toEqual(['add c']);
    // The real index still knows nothing of the untracked files.
    expect(git(dir, 'status', '--porcelain')).toContain('?? new.txt');
  });

  it('--uncommitted, --staged, --no-untracked, a range and paths', async () => {
    const { dir } = worktree();
    changeEverything(dir);
    const names = async (ask: DiffAsk) => (await workspaceFiles(dir, ask)).files.map((f) => f.path);
    expect(await names(branch({ view: { kind: 'uncommitted' } }))).toEqual(['a.txt', 'blob.bin', 'new.txt']);
    expect(await names(branch({ untracked: false }))).toEqual(['a.txt', 'c.txt']);
    expect(await names(branch({ view: { kind: 'staged' } }))).toEqual([]);
    git(dir, 'add', 'a.txt');
    expect(await names(branch({ view: { kind: 'staged' } }))).toEqual(['a.txt']);
    expect(await names(branch({ view: { kind: 'range', range: 'main..HEAD' } }))).toEqual(['c.txt']);
    expect(await names(branch({ paths: ['new.txt', 'c.txt'] }))).toEqual(['c.txt', 'new.txt']);
    const { text } = await workspacePatch(dir, branch({ paths: ['c.txt'] }), 'name-only');
    expect(text).toBe('c.txt\n');
  });

  it('an adopted folder without a base is compared with HEAD, and says so', async () => {
    const { dir } = worktree();
    changeEverything(dir);
    const { files, against } = await workspaceFiles(dir, branch({ base: undefined }));
    expect(against.label).toBe('HEAD');
    expect(against.note).toMatch(/no base branch.*against HEAD/);
    expect(files.map((f) => f.path)).toEqual(['a.txt', 'blob.bin', 'new.txt']);
    const gone = await workspaceFiles(dir, branch({ base: 'nope' }));
    expect(gone.against.note).toMatch(/base 'nope' was not found/);
  });

  it('counts the uncommitted diff and the branch since its base in one pass', async () => {
    const { dir } = worktree();
    changeEverything(dir);
    const changes = await workspaceChanges(dir, 'main');
    expect(changes?.diff).toEqual({ added: 3, removed: 1, untracked: 2, ahead: 1, behind: 0 });
    expect(changes?.branch).toEqual({ files: 4, added: 4, removed: 1, commits: 1 });
    expect(changes?.branchName).toBe('feat/wt');
    expect((await workspaceChanges(dir, undefined))?.branch).toBeNull();
  });
});
