// The change cache with real git: a count asked again after an edit runs only the git children that edit can
// affect (the tracked files, the merge base and the branch's own diff are remembered while their inputs stand
// still), and each remembered part is worked out again once what it depends on moves: the index (a file added),
// HEAD (a commit), the base (a commit on main).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChangeCache } from '../../../src/git/changeCache.js';
import { readStatus } from '../../../src/git/statusV2.js';
import { git, repoWithWorktrees, useGitIdentity } from '../../helpers/gitRepo.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-changecache-');
useGitIdentity();

/** A git in PATH that writes each subcommand it runs to a log, then runs the real git. */
function loggingGit(): { log(): string[]; clear(): void } {
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = path.join(tmp.dir(), 'bin');
  const logFile = path.join(bin, 'log');
  fs.mkdirSync(bin);
  // `git -C DIR SUBCOMMAND …`: the subcommand is the third argument.
  fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$3" >> '${logFile}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
  process.env.PATH = `${bin}:${savedPath}`;
  return {
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').trim().split('\n') : []),
    clear: () => fs.rmSync(logFile, { force: true }),
  };
}

let savedPath = '';
beforeEach(() => {
  savedPath = process.env.PATH ?? '';
});
afterEach(() => {
  process.env.PATH = savedPath;
});

function worktree(): { repo: string; dir: string } {
  const { repo, dirs } = repoWithWorktrees(tmp.dir(), { 'a.txt': 'one\ntwo\n', 'b.txt': 'bee\n' }, ['w1']);
  return { repo, dir: dirs.w1 as string };
}

describe('the change cache', () => {
  it('counts an edit again with three git children while the index, HEAD and the base stand still', async () => {
    const { dir } = worktree();
    const cache = new ChangeCache();
    fs.appendFileSync(path.join(dir, 'a.txt'), 'three\n');
    expect((await cache.get(dir, 'main'))?.branch).toEqual({ files: 1, added: 1, removed: 0, commits: 0 });

    const children = loggingGit();
    fs.appendFileSync(path.join(dir, 'a.txt'), 'four\n');
    const again = await cache.get(dir, 'main');
    expect(again?.branch).toEqual({ files: 1, added: 2, removed: 0, commits: 0 });
    expect(again?.diff).toMatchObject({ added: 2, removed: 0 });
    // The status, the base's commit, one diff (a branch without commits of its own forks at HEAD).
    expect(children.log().sort()).toEqual(['diff', 'rev-parse', 'status']);
  });

  it('lists the tracked files again once the index changed', async () => {
    const { dir } = worktree();
    const cache = new ChangeCache();
    await cache.get(dir, 'main');
    fs.writeFileSync(path.join(dir, 'c.txt'), 'new\n');
    git(dir, 'add', 'c.txt');
    expect((await cache.get(dir, 'main'))?.changedFiles).toEqual(['c.txt']);
    // Edited after it was added: seen only if the new file is among the files the fingerprint watches.
    fs.appendFileSync(path.join(dir, 'c.txt'), 'more\n');
    expect((await cache.get(dir, 'main'))?.diff).toMatchObject({ added: 2 });
  });

  it('works out the fork again after a commit in the workspace and after one on the base', async () => {
    const { repo, dir } = worktree();
    const cache = new ChangeCache();
    fs.appendFileSync(path.join(dir, 'a.txt'), 'three\n');
    await cache.get(dir, 'main');
    git(dir, 'commit', '-q', '-am', 'mine');
    fs.appendFileSync(path.join(dir, 'b.txt'), 'more\n');
    const committed = await cache.get(dir, 'main');
    expect(committed?.branch).toEqual({ files: 2, added: 2, removed: 0, commits: 1 });
    expect(committed?.diff).toMatchObject({ added: 1, removed: 0 });

    fs.writeFileSync(path.join(repo, 'z.txt'), 'theirs\n');
    git(repo, 'add', 'z.txt');
    git(repo, 'commit', '-q', '-m', 'theirs');
    const behind = await cache.get(dir, 'main');
    expect(behind?.diff).toMatchObject({ ahead: 1, behind: 1 });
    expect(behind?.branch).toEqual({ files: 2, added: 2, removed: 0, commits: 1 });
  });

  it('does not hand a count begun before a branch switch to a caller that asks after it', async () => {
    const { dir } = worktree();
    // The first count (the radar's, say) reads the status, then waits until the test lets it go on.
    let statusRead!: () => void;
    const read = new Promise<void>((resolve) => (statusRead = resolve));
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => (goOn = resolve));
    let first = true;
    const cache = new ChangeCache(async (folder) => {
      const status = await readStatus(folder);
      if (first) {
        first = false;
        statusRead();
        await held;
      }
      return status;
    });
    const early = cache.get(dir, 'main');
    await read;
    git(dir, 'switch', '-q', '-c', 'topic/x');
    // Asked after the switch, while the early count still runs: the answer must be the switched branch.
    const late = cache.get(dir, 'main');
    goOn();
    expect((await early)?.branchName).toBe('feat/w1');
    expect((await late)?.branchName).toBe('topic/x');
  });

  it('does not keep a count whose status was read just before a file changed: asked again, it counts the change', async () => {
    const { dir } = worktree();
    let first = true;
    // The first count's status is read, then a tracked file is written (in place: its folder's time stays) before
    // the count goes on, as an agent or an editor may do while the radar counts.
    const cache = new ChangeCache(async (folder) => {
      const status = await readStatus(folder);
      if (first) {
        first = false;
        fs.writeFileSync(path.join(dir, 'a.txt'), 'one\nTWO\n');
      }
      return status;
    });
    await cache.get(dir, 'main');
    expect((await cache.get(dir, 'main'))?.changedFiles).toEqual(['a.txt']);
  });

  it('asks git once about a folder outside every repository, and again once a repository is made above it', async () => {
    const parent = path.join(tmp.dir(), 'plain');
    const dir = path.join(parent, 'scratch');
    fs.mkdirSync(dir, { recursive: true });
    const cache = new ChangeCache();
    const children = loggingGit();
    expect(await cache.get(dir, undefined)).toBeUndefined();
    expect(await cache.get(dir, undefined)).toBeUndefined();
    expect(children.log()).toEqual(['rev-parse']);

    git(parent, 'init', '-q', '-b', 'main');
    children.clear();
    expect((await cache.get(dir, undefined))?.branchName).toBe('main');
    expect(children.log()).toContain('rev-parse');
  });
});
