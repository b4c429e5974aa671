// Landing a workspace through the real binary and a real server, with real git: a bare "origin",
// worktree and clone workspaces; merge, squash and rebase; a conflicting land refused with its files
// named; uncommitted changes; a base checkout that is clean (updated) or not (left alone); push;
// "merged" in ls (a squash merge too); rm --merged keeping what has unpushed work; and the server
// killed with SIGKILL at random moments of a land: the base is old or new, never half merged.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GIT_ENV, git, repoWithRemote } from '../helpers/gitRepo.js';
import { TESSERA_BIN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
let remote: string;
let repo: string;

beforeEach(() => {
  sandbox = new TesseraSandbox(GIT_ENV);
  ({ remote, repo } = repoWithRemote(sandbox.root));
});

afterEach(async () => {
  await sandbox.cleanup();
});

const rev = (dir: string, ref: string): string => git(dir, 'rev-parse', ref).trim();

function commit(dir: string, file: string, text = `${file}\n`): string {
  fs.writeFileSync(path.join(dir, file), text);
  git(dir, 'add', file);
  git(dir, 'commit', '-q', '-m', `change ${file}`);
  return rev(dir, 'HEAD');
}

/** A worktree workspace of the sandbox's repository (branch feat/NAME off main); its folder. */
async function worktree(name: string): Promise<string> {
  await sandbox.cliOk(['new', '-d', '-s', name, '--worktree', '--repo', repo, '--', 'sleep', '600']);
  return path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', name);
}

interface Listed {
  name: string;
  merged: boolean;
}

async function listed(): Promise<Listed[]> {
  return JSON.parse(await sandbox.cliOk(['ls', '--json'])) as Listed[];
}

describe('tessera land', () => {
  it('merges a worktree into main, updates the clean checkout of main, and ls says merged', async () => {
    const dir = await worktree('w1');
    commit(dir, 'b.txt');
    const tip = commit(dir, 'c.txt');
    const old = rev(repo, 'main');
    const preflight = await sandbox.cli(['land', '-t', 'w1']);
    expect(preflight.code).toBe(1);
    expect(preflight.stdout).toMatch(/land feat\/w1 into: main/);
    expect(preflight.stdout).toMatch(/commits to land: 2/);
    expect(preflight.stdout).toMatch(new RegExp(`main checked out: ${repo}, clean`));
    expect(preflight.stdout).toMatch(/nothing landed yet: run again with --yes/);
    expect(rev(repo, 'main')).toBe(old);
    expect((await listed()).find((w) => w.name === 'w1')?.merged).toBe(false);

    const landed = await sandbox.cliOk(['land', '-t', 'w1', '--yes']);
    expect(landed).toMatch(/landed feat\/w1 into main \(merged, 2 commit\(s\)\)/);
    expect(git(repo, 'log', '-1', '--format=%P', 'main').trim()).toBe(`${old} ${tip}`);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(fs.readFileSync(path.join(repo, 'c.txt'), 'utf8')).toBe('c.txt\n');
    expect((await listed()).find((w) => w.name === 'w1')?.merged).toBe(true);
    expect(await sandbox.cliOk(['ls'])).toMatch(/w1: .*feat\/w1 \(worktree\) merged/);
  });

  it('refuses a conflicting land naming the files (text and --json), then rebases the workspace for its agent', async () => {
    const dir = await worktree('w2');
    commit(dir, 'a.txt', 'from the workspace\n');
    commit(dir, 'd.txt');
    const moved = commit(repo, 'a.txt', 'from main\n');
    const refused = await sandbox.cli(['land', '-t', 'w2', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/conflicts with main: 1 \(a\.txt\)/);
    expect(refused.stderr).toMatch(/landing feat\/w2 into main conflicts in 1 file\(s\): a\.txt; nothing was changed/);
    expect(rev(repo, 'main')).toBe(moved);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    const data = JSON.parse((await sandbox.cli(['land', '-t', 'w2', '--json'])).stdout) as Record<string, unknown>;
    expect(data).toMatchObject({ action: 'land', workspace: 'w2', branch: 'feat/w2', into: 'main', conflicts: ['a.txt'], dirty: [], untracked: [], done: false });
    expect((data.blocked as string[]).join('\n')).toMatch(/a\.txt/);

    const rebase = await sandbox.cli(['land', '-t', 'w2', '--rebase-workspace', '--yes']);
    expect(rebase.stdout).toMatch(/the rebase of feat\/w2 onto main stopped at conflicts in a\.txt/);
    expect(git(dir, 'diff', '--name-only', '--diff-filter=U').trim()).toBe('a.txt');
    expect(rev(repo, 'main')).toBe(moved);
  });

  it('says what --commit did when the conflict shows only once the changes are committed', async () => {
    const dir = await worktree('w4');
    const moved = commit(repo, 'g.txt', 'from main\n');
    fs.writeFileSync(path.join(dir, 'g.txt'), 'from the workspace\n'); // uncommitted: the first look sees no conflict
    const refused = await sandbox.cli(['land', '-t', 'w4', '--commit', '-m', 'add g.txt', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/committed w4's changes as [0-9a-f]{12}; landing feat\/w4 into main conflicts in 1 file\(s\): g\.txt; nothing was landed \(the commit stays on feat\/w4\)/);
    expect(refused.stderr).not.toMatch(/nothing was changed/);
    expect(git(dir, 'log', '-1', '--format=%s').trim()).toBe('add g.txt');
    expect(rev(repo, 'main')).toBe(moved);
  });

  it('refuses uncommitted changes unless --commit; rebases; leaves a changed checkout of main alone and says how to update it', async () => {
    const dir = await worktree('w3');
    commit(dir, 'b.txt');
    fs.writeFileSync(path.join(dir, 'new.txt'), 'untracked\n');
    const refused = await sandbox.cli(['land', '-t', 'w3', '--rebase', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/w3 has uncommitted changes: 1 untracked file\(s\) \(new\.txt\); commit them, or add --commit --message TEXT/);
    commit(repo, 'c.txt');
    fs.writeFileSync(path.join(repo, 'a.txt'), 'edited in main\n');
    const old = rev(repo, 'main');
    const landed = await sandbox.cliOk(['land', '-t', 'w3', '--rebase', '--commit', '-m', 'add new.txt', '--yes']);
    expect(landed).toMatch(/committed w3's changes as [0-9a-f]{12}; landed feat\/w3 into main \(rebased, 2 commit\(s\)\)/);
    expect(landed).toMatch(new RegExp(`its files were left at ${old.slice(0, 12)}.*read-tree -m -u ${old.slice(0, 12)} main`));
    expect(git(repo, 'log', '--format=%s', `${old}..main`).trim().split('\n')).toEqual(['add new.txt', 'change b.txt']);
    expect(git(repo, 'log', '-1', '--format=%P', 'main~1').trim()).toBe(old);
    // The changed file is still the user's; the files left alone are main's old ones.
    expect(fs.readFileSync(path.join(repo, 'a.txt'), 'utf8')).toBe('edited in main\n');
    expect(fs.existsSync(path.join(repo, 'new.txt'))).toBe(false);
    git(repo, 'read-tree', '-m', '-u', old, 'main');
    expect(git(repo, 'status', '--porcelain').trim()).toBe('M a.txt');
  });

  it('squash-lands a clone (making its local main from origin), shows it merged, pushes it; rm --merged keeps unpushed work', async () => {
    git(repo, 'push', '-q', 'origin', 'main:feat');
    await sandbox.cliOk(['new', '-d', '-s', 'c1', '--clone', remote, '--branch', 'feat', '--', 'sleep', '600']);
    const clone = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'remote', 'c1');
    commit(clone, 'b.txt');
    commit(clone, 'c.txt');
    const landed = await sandbox.cliOk(['land', '-t', 'c1', '--squash', '-m', 'feat, squashed', '--yes']);
    expect(landed).toMatch(/landed feat into main \(squashed, 2 commit\(s\)\)/);
    expect(landed).toMatch(/push it with 'git -C .* push origin main'/);
    expect(git(clone, 'log', '-1', '--format=%s%n%P', 'main').trim()).toBe(`feat, squashed\n${rev(clone, 'origin/main')}`);
    expect((await listed()).find((w) => w.name === 'c1')?.merged).toBe(true);

    // Merged, but its commits are nowhere else: rm --merged keeps it and says why.
    const kept = await sandbox.cliOk(['rm', '--merged', '--yes']);
    expect(kept).toMatch(/kept c1: c1 has \d+ unpushed commit\(s\)/);
    expect(fs.existsSync(clone)).toBe(true);

    const pushed = await sandbox.cliOk(['push', '-t', 'c1']);
    expect(pushed).toMatch(/pushed feat to origin \(upstream set\)/);
    expect(git(remote, 'rev-parse', 'feat').trim()).toBe(rev(clone, 'feat'));
    expect(git(clone, 'rev-parse', '--abbrev-ref', 'feat@{upstream}').trim()).toBe('origin/feat');
    git(clone, 'push', '-q', 'origin', 'main');
    const removed = await sandbox.cliOk(['rm', '--merged', '--yes']);
    expect(removed).toMatch(/removed workspace c1/);
    expect(fs.existsSync(clone)).toBe(false);
  });
});

/**
 * Lands killed at random moments, each in its own slice of the land's span (stratified): ten cover the span as evenly
 * as twenty uniform draws did (which left gaps and took 100 s of the suite under load).
 */
const KILL_RUNS = 10;
/** The kills spread over a little more than one land's span, measured before (a land under load can take longer). */
const KILL_WINDOW = 1.2;

describe('a land killed with SIGKILL at random moments', () => {
  it(`leaves main old or new (${KILL_RUNS} runs), never half merged, and the checkout of main matching it`, async () => {
    const dir = await worktree('k1');
    for (let i = 0; i < 5; i++) commit(dir, `k${i}.txt`);
    const tip = rev(dir, 'HEAD');
    const old = rev(repo, 'main');
    // A server is started when none runs (the one before was killed); server-info names its pid.
    const serverPid = async (): Promise<number> => {
      await sandbox.cliOk(['start-server']);
      return (JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number }).pid;
    };
    const restore = (): void => {
      git(repo, 'update-ref', 'refs/heads/main', old);
      git(repo, 'reset', '-q', '--hard', old);
    };
    // How long a whole land takes from the command line here (the kills fall within it).
    let started = Date.now();
    await sandbox.cliOk(['land', '-t', 'k1', '--yes']);
    const span = Date.now() - started;
    restore();
    const outcomes = { old: 0, new: 0 };
    for (let run = 0; run < KILL_RUNS; run++) {
      const pid = await serverPid();
      started = Date.now();
      const client = new Promise<void>((resolve) => execFile(process.execPath, [TESSERA_BIN, '-L', sandbox.socketName, 'land', '-t', 'k1', '--yes'], { env: sandbox.env, cwd: sandbox.root }, () => resolve()));
      // Run `run` kills at a random moment of its own slice of the land's span: every part of it is hit.
      await new Promise((resolve) => setTimeout(resolve, ((run + Math.random()) / KILL_RUNS) * span * KILL_WINDOW));
      process.kill(pid, 'SIGKILL');
      await client;
      await eventually(() => alive(pid), (a) => !a);
      // A landing already handed to git finishes without the server: wait until main and its checkout agree.
      const state = await eventually(() => repoState(old, tip), (s) => s !== 'between', 30_000);
      expect(state, `run ${run}`).not.toBe('between');
      outcomes[state === 'old' ? 'old' : 'new']++;
      expect(git(dir, 'status', '--porcelain'), `run ${run}: the workspace`).toBe('');
      expect(rev(dir, 'HEAD')).toBe(tip);
      restore();
    }
    expect(outcomes.old + outcomes.new).toBe(KILL_RUNS);
    console.log(`SIGKILL during land: main old ${outcomes.old} times, new ${outcomes.new} times`);
  }, 600_000);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `old`: main and its checkout untouched; `new`: main is the merge of the branch and its checkout is clean at it; else `between`. */
function repoState(old: string, tip: string): 'old' | 'new' | 'between' {
  const main = rev(repo, 'main');
  const clean = git(repo, 'status', '--porcelain') === '';
  if (main === old) return clean ? 'old' : 'between';
  const parents = git(repo, 'log', '-1', '--format=%P', main).trim();
  return parents === `${old} ${tip}` && clean ? 'new' : 'between';
}
