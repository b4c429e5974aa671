// The branches the new-workspace dialog lists, read from a real repository: which worktree holds each,
// and which only origin has.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { listBranches } from '../../../src/git/branches.js';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env: GIT_ENV, stdio: 'pipe' });
let root: string;

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('lists local branches with the worktree holding each, then the branches only origin has', async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-branches-')));
  const origin = path.join(root, 'origin');
  fs.mkdirSync(origin);
  git(origin, 'init', '-q', '-b', 'main');
  git(origin, 'commit', '-q', '--allow-empty', '-m', 'first');
  git(origin, 'branch', 'only-there');
  const repo = path.join(root, 'repo');
  execFileSync('git', ['clone', '-q', origin, repo], { env: GIT_ENV, stdio: 'pipe' });
  git(repo, 'branch', 'free');
  git(repo, 'branch', 'held');
  git(repo, 'worktree', 'add', '-q', path.join(root, 'elsewhere'), 'held');

  expect(await listBranches(repo)).toEqual([
    { name: 'free' },
    { name: 'held', holder: path.join(root, 'elsewhere') },
    { name: 'main', holder: repo },
    { name: 'only-there', remoteOnly: true },
  ]);
});
