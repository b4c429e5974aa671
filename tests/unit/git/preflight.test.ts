// What the remove/reset preflight finds in real repositories: commits on a branch that is not checked
// out, on a tag only, only in the reflog (within its window), ignored files, unmerged files; a clone
// counts its whole repository, a worktree its HEAD alone (the repository's branches stay).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitPreflight } from '../../../src/git/preflight.js';
import { REFLOG_WINDOW_MS } from '../../../src/limits.js';
import { git, repoWithRemote } from '../../helpers/gitRepo.js';
import { scratch } from '../../helpers/scratch.js';

const temp = scratch('tessera-preflight-');

function commit(dir: string, file: string, text = `${file}\n`): void {
  fs.writeFileSync(path.join(dir, file), text);
  git(dir, 'add', file);
  git(dir, 'commit', '-q', '-m', `add ${file}`);
}

describe('the preflight of a clone (its whole repository goes with the folder)', () => {
  it('is clean for a fresh clone', async () => {
    const { repo } = repoWithRemote(temp.dir());
    const p = await gitPreflight(repo, { scope: 'clone' });
    expect(p).toMatchObject({ checkedOut: 'main', dirty: [], untracked: [], ignored: [], conflicts: [], unpushed: 0, unpushedRefs: [], reflogOnly: 0, stashes: 0, noRemote: false });
    expect(p.head).toMatch(/^[0-9a-f]{12} main: first$/);
  });

  it('counts a commit on a branch that is not checked out, naming the branch', async () => {
    const { repo } = repoWithRemote(temp.dir());
    git(repo, 'checkout', '-q', '-b', 'side');
    commit(repo, 'side.txt');
    git(repo, 'checkout', '-q', 'main');
    const p = await gitPreflight(repo, { scope: 'clone' });
    expect(p.unpushed).toBe(1);
    expect(p.unpushedRefs).toEqual(['branch side']);
    // A worktree's preflight counts its HEAD only: the repository's other branches are not deleted with it.
    expect((await gitPreflight(repo, { scope: 'worktree' })).unpushed).toBe(0);
  });

  it('counts a commit that only a tag holds, naming the tag', async () => {
    const { repo } = repoWithRemote(temp.dir());
    git(repo, 'checkout', '-q', '--detach');
    commit(repo, 'release.txt');
    git(repo, 'tag', '-a', '-m', 'local release', 'v-local');
    git(repo, 'checkout', '-q', 'main');
    const p = await gitPreflight(repo, { scope: 'clone' });
    expect(p.unpushed).toBe(1);
    expect(p.unpushedRefs).toEqual(['tag v-local']);
  });

  it('counts a commit only the reflog reaches, within the window only', async () => {
    const { repo } = repoWithRemote(temp.dir());
    commit(repo, 'dropped.txt');
    git(repo, 'reset', '-q', '--hard', 'HEAD~1');
    const p = await gitPreflight(repo, { scope: 'clone' });
    expect(p.unpushed).toBe(0);
    expect(p.reflogOnly).toBe(1);
    // Seen from a day past the window, that reflog entry is too old to count.
    const later = Date.now() + REFLOG_WINDOW_MS + 86_400_000;
    expect((await gitPreflight(repo, { scope: 'clone', now: later })).reflogOnly).toBe(0);
  });

  it('does not count older stashes (kept in the stash reflog) as reflog-only commits', async () => {
    const { repo } = repoWithRemote(temp.dir());
    for (const text of ['x\n', 'y\n']) {
      fs.writeFileSync(path.join(repo, 'a.txt'), text);
      git(repo, 'stash', '-q');
    }
    const p = await gitPreflight(repo, { scope: 'clone' });
    expect(p.stashes).toBe(2);
    expect(p.reflogOnly).toBe(0);
  });

  it('lists changed, untracked and ignored files, an ignored folder as one entry', async () => {
    const { repo } = repoWithRemote(temp.dir());
    fs.writeFileSync(path.join(repo, '.gitignore'), '.env\nnode_modules/\n');
    git(repo, 'add', '.gitignore');
    fs.writeFileSync(path.join(repo, '.env'), 'SECRET=1\n');
    fs.mkdirSync(path.join(repo, 'node_modules', 'dep'), { recursive: true });
    fs.writeFileSync(path.join(repo, 'node_modules', 'dep', 'index.js'), '1\n');
    fs.mkdirSync(path.join(repo, 'notes'));
    fs.writeFileSync(path.join(repo, 'notes', 'todo.txt'), 'x\n');
    fs.writeFileSync(path.join(repo, 'a.txt'), 'changed\n');
    const p = await gitPreflight(repo, { scope: 'clone' });
    expect(p.dirty.sort()).toEqual(['.gitignore', 'a.txt']);
    expect(p.untracked).toEqual(['notes/']);
    expect(p.ignored.sort()).toEqual(['.env', 'node_modules/']);
  });

  it('names files with an unresolved conflict', async () => {
    const { repo } = repoWithRemote(temp.dir());
    git(repo, 'checkout', '-q', '-b', 'other');
    commit(repo, 'a.txt', 'theirs\n');
    git(repo, 'checkout', '-q', 'main');
    commit(repo, 'a.txt', 'ours\n');
    expect(() => git(repo, 'merge', '-q', 'other')).toThrow();
    const p = await gitPreflight(repo, { scope: 'clone' });
    expect(p.conflicts).toEqual(['a.txt']);
    expect(p.dirty).toContain('a.txt');
  });

  it('with no remote at all, counts every commit of a clone', async () => {
    const { repo } = repoWithRemote(temp.dir());
    git(repo, 'remote', 'remove', 'origin');
    const p = await gitPreflight(repo, { scope: 'clone', base: 'main' });
    expect(p).toMatchObject({ noRemote: true, unpushed: 1, unpushedRefs: ['branch main'] });
  });
});

describe('the preflight of a worktree (its HEAD, its HEAD reflog and its files go; the branches stay)', () => {
  it('counts commits only its own HEAD reflog reaches', async () => {
    const root = temp.dir();
    const { repo } = repoWithRemote(root);
    const wt = path.join(fs.realpathSync(root), 'wt');
    git(repo, 'worktree', 'add', '-q', '-b', 'feat/x', wt, 'main');
    commit(wt, 'one.txt');
    git(wt, 'checkout', '-q', '--detach');
    commit(wt, 'detached.txt');
    git(wt, 'checkout', '-q', 'feat/x');
    const p = await gitPreflight(wt, { scope: 'worktree', base: 'main' });
    expect(p).toMatchObject({ checkedOut: 'feat/x', unpushed: 1, unpushedRefs: ['branch feat/x'], reflogOnly: 1 });
  });
});
