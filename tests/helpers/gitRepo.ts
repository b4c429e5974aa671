// A real git repository for e2e tests: a bare "remote" and a clone of it with one commit on main, pushed.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

export function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

/**
 * `<root>/app`, a repository on main holding `files` (name → text) in one commit, and a worktree
 * `<root>/NAME` on `feat/NAME` off main for each of `worktrees`.
 */
export function repoWithWorktrees(root: string, files: Record<string, string>, worktrees: string[]): { repo: string; dirs: Record<string, string> } {
  const real = fs.realpathSync(root);
  const repo = path.join(real, 'app');
  fs.mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(repo, name), text);
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'first');
  const dirs: Record<string, string> = {};
  for (const name of worktrees) {
    dirs[name] = path.join(real, name);
    git(repo, 'worktree', 'add', '-q', '-b', `feat/${name}`, dirs[name], 'main');
  }
  return { repo, dirs };
}

/** `<root>/remote.git` (bare) and `<root>/app` cloned from it, a.txt committed on main and pushed. */
export function repoWithRemote(root: string): { remote: string; repo: string } {
  const real = fs.realpathSync(root);
  const remote = path.join(real, 'remote.git');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
  const repo = path.join(real, 'app');
  execFileSync('git', ['clone', '-q', remote, repo], { env: { ...process.env, ...GIT_ENV } });
  fs.writeFileSync(path.join(repo, 'a.txt'), 'one\ntwo\nthree\n');
  git(repo, 'add', 'a.txt');
  git(repo, 'commit', '-q', '-m', 'first');
  git(repo, 'push', '-q', 'origin', 'main');
  git(repo, 'remote', 'set-head', 'origin', 'main');
  return { remote, repo };
}

/** For a test file whose code under test runs git in this process: GIT_ENV's identity in process.env while it runs (commit-tree, fast-import read it from there, as the server's git does). */
export function useGitIdentity(): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [key, value] of Object.entries(GIT_ENV)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}
