// The data-loss corpus of `tessera rm` and `tessera reset` (issues 21 and 27), with real git in a
// sandbox: each case is something the preflight used to miss or a guard used to skip. Every test first
// asserts that the work survives `--yes`, then that the preflight names it.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git, repoWithRemote } from '../helpers/gitRepo.js';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
let remote: string;
let repo: string;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  ({ remote, repo } = repoWithRemote(sandbox.root));
});

afterEach(async () => {
  await sandbox.cleanup();
});

const workspaces = (): string => fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT);

function commit(dir: string, file: string): string {
  fs.writeFileSync(path.join(dir, file), `${file}\n`);
  git(dir, 'add', file);
  git(dir, 'commit', '-q', '-m', `add ${file}`);
  return git(dir, 'rev-parse', 'HEAD').trim();
}

/** A clone workspace `c1` of the sandbox's remote; its folder. */
async function cloneWorkspace(name = 'c1'): Promise<string> {
  await sandbox.cliOk(['new', '-d', '-s', name, '--clone', remote]);
  return path.join(workspaces(), 'remote', name);
}

/** The record file of workspace `name`, edited by `change` (the server must be stopped). */
function editRecord(name: string, change: (record: Record<string, unknown>) => void): void {
  const file = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'workspaces', `${name}.json`);
  const record = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(record);
  fs.writeFileSync(file, JSON.stringify(record, null, 2));
}

async function names(): Promise<string[]> {
  return (JSON.parse(await sandbox.cliOk(['ls', '--json'])) as { name: string }[]).map((w) => w.name);
}

describe('rm and reset lose nothing the preflight does not name', () => {
  it('keeps a clone with a commit on a branch that is not checked out', async () => {
    const dir = await cloneWorkspace();
    git(dir, 'checkout', '-q', '-b', 'side');
    const sideCommit = commit(dir, 'side.txt');
    git(dir, 'checkout', '-q', 'main');
    const refused = await sandbox.cli(['rm', '-t', 'c1', '--yes']);
    expect(refused.code).toBe(1);
    expect(git(dir, 'rev-parse', 'side').trim()).toBe(sideCommit);
    expect(refused.stdout).toMatch(/unpushed commits: 1 \(branch side\)/);
    expect(refused.stderr).toMatch(/c1 has 1 unpushed commit\(s\); push them, or add --force/);
    expect(await names()).toEqual(['c1']);
  });

  it('keeps a clone whose dropped commit only the reflog reaches', async () => {
    const dir = await cloneWorkspace();
    const dropped = commit(dir, 'dropped.txt');
    git(dir, 'reset', '-q', '--hard', 'HEAD~1');
    const refused = await sandbox.cli(['rm', '-t', 'c1', '--yes']);
    expect(refused.code).toBe(1);
    expect(git(dir, 'cat-file', '-t', dropped).trim()).toBe('commit');
    expect(refused.stdout).toMatch(/commits only in the reflog \(last 30 days\): 1/);
    expect(refused.stderr).toMatch(/1 commit\(s\) only in the reflog; push them, or add --force/);
  });

  it('keeps a clone with a commit only an unpushed tag holds', async () => {
    const dir = await cloneWorkspace();
    git(dir, 'checkout', '-q', '--detach');
    const tagged = commit(dir, 'release.txt');
    git(dir, 'tag', 'v-local');
    git(dir, 'checkout', '-q', 'main');
    const refused = await sandbox.cli(['rm', '-t', 'c1', '--yes']);
    expect(refused.code).toBe(1);
    expect(git(dir, 'rev-parse', 'v-local').trim()).toBe(tagged);
    expect(refused.stdout).toMatch(/unpushed commits: 1 \(tag v-local\)/);
  });

  it('keeps an ignored .env until --discard-ignored allows it, and says --force is not enough', async () => {
    const dir = await cloneWorkspace();
    fs.appendFileSync(path.join(dir, '.git', 'info', 'exclude'), '.env\n');
    fs.writeFileSync(path.join(dir, '.env'), 'TOKEN=only-here\n');
    const refused = await sandbox.cli(['rm', '-t', 'c1', '--yes', '--force', '--discard-changes']);
    expect(refused.code).toBe(1);
    expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe('TOKEN=only-here\n');
    expect(refused.stdout).toMatch(/ignored files: 1 \(\.env\)/);
    expect(refused.stderr).toMatch(/c1 has 1 ignored file\(s\) .*add --discard-ignored to delete them with the folder \(--force and --discard-changes are not enough\)/);
    // The preflight as data names it too.
    const data = JSON.parse((await sandbox.cli(['rm', '-t', 'c1', '--json'])).stdout) as Record<string, unknown>;
    expect(data).toMatchObject({ action: 'rm', workspace: 'c1', kind: 'clone', branch: 'main', ignored: ['.env'], dirty: [], untracked: [], conflicts: [], unpushed: 0, stashes: 0, done: false });
    expect(data.blocked).toEqual([expect.stringMatching(/1 ignored file\(s\)/)]);
    expect(await sandbox.cliOk(['rm', '-t', 'c1', '--yes', '--discard-ignored'])).toMatch(/removed workspace c1 and its folder/);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('stops the panes first and keeps what a program wrote as it ended, naming it', async () => {
    const program = 'trap "echo bye > goodbye.txt; exit 0" HUP TERM; echo ready; while :; do sleep 1; done';
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--worktree', '--', 'sh', '-c', program], { cwd: repo });
    const dir = path.join(workspaces(), 'app', 'w');
    const [pane] = await sandbox.listPanes();
    await eventually(() => sandbox.capturePane(String(pane.id)), (screen) => screen.includes('ready'));
    const dry = await sandbox.cli(['rm', '-t', 'w']);
    expect(dry.stdout).toContain(`running panes: 1 (id ${pane.id})`);
    expect(dry.stdout).toMatch(/untracked files: 0/);
    const refused = await sandbox.cli(['rm', '-t', 'w', '--yes']);
    expect(refused.code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'goodbye.txt'), 'utf8')).toBe('bye\n');
    // The preflight printed is the one taken after the panes stopped.
    expect(refused.stdout).toMatch(/untracked files: 1 \(goodbye\.txt\)/);
    expect(refused.stdout).toMatch(/running panes: none/);
    expect(refused.stderr).toMatch(/w has 1 untracked file\(s\); commit them, or add --discard-changes/);
    expect(refused.stderr).toMatch(/w's panes were stopped \(it is dormant now\); nothing else was done/);
    expect(await sandbox.listPanes()).toEqual([]);
    expect(await names()).toEqual(['w']);
  });

  it('refuses to reset a worktree whose checked-out branch is not its own, moving neither', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'R1', '--worktree'], { cwd: repo });
    const dir = path.join(workspaces(), 'app', 'R1');
    const work = commit(dir, 'work.txt');
    git(dir, 'push', '-q', 'origin', 'feat/R1'); // pushed, so only the branch switch stands in the way
    git(dir, 'switch', '-q', '-c', 'other', 'main');
    const otherCommit = commit(dir, 'other.txt');
    git(dir, 'push', '-q', 'origin', 'other');
    const refused = await sandbox.cli(['reset', '-t', 'R1', '--yes', '--force', '--discard-changes']);
    expect(refused.code).toBe(1);
    expect(git(repo, 'rev-parse', 'feat/R1').trim()).toBe(work);
    expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(otherCommit);
    expect(refused.stdout).toMatch(/checked out: other \(its own branch is feat\/R1\)/);
    expect(refused.stderr).toMatch(/R1 has branch other checked out, not its own branch feat\/R1; reset works on the branch checked out now and refuses to reset any other/);
    // Back on its own branch, the reset goes through and moves that branch.
    git(dir, 'switch', '-q', 'feat/R1');
    await sandbox.cliOk(['reset', '-t', 'R1', '--yes', '--force']);
    expect(git(repo, 'rev-parse', 'feat/R1').trim()).toBe(git(repo, 'rev-parse', 'main').trim());
    expect(git(repo, 'rev-parse', 'other').trim()).toBe(otherCommit);
  });
});

describe('guards that always run', () => {
  it('keeps a clone whose .git is broken, with its untracked file, unless --discard-changes is given', async () => {
    const dir = await cloneWorkspace();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'only here\n');
    fs.writeFileSync(path.join(dir, '.git', 'HEAD'), 'garbage\n');
    const refused = await sandbox.cli(['rm', '-t', 'c1', '--yes', '--force']);
    expect(refused.code).toBe(1);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('only here\n');
    expect(refused.stdout).toMatch(/unreadable: git could not read this folder/);
    expect(refused.stdout).toMatch(/files it holds: 3 \(\.git\/, a\.txt, notes\.txt\)/);
    expect(refused.stderr).toMatch(/add --discard-changes to delete it and the 3 file\(s\) it holds anyway \(--force is not enough\)/);
    await sandbox.cliOk(['rm', '-t', 'c1', '--yes', '--discard-changes']);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('never lets git answer for a repository above a clone whose .git is broken', async () => {
    const dir = await cloneWorkspace();
    git(sandbox.root, 'init', '-q'); // the workspace root now lies inside a repository (a home in a dotfiles repository)
    fs.rmSync(path.join(dir, '.git'), { recursive: true });
    const data = JSON.parse((await sandbox.cli(['rm', '-t', 'c1', '--yes', '--force', '--json'])).stdout) as { done: boolean; unreadable: { reason: string; files: string[] } | null; head: string | null };
    expect(data.done).toBe(false);
    expect(fs.existsSync(path.join(dir, 'a.txt'))).toBe(true);
    expect(data.head).toBeNull();
    expect(data.unreadable?.reason).toBe(`git finds the repository of ${fs.realpathSync(sandbox.root)} here, not one of this folder's own`);
    expect(data.unreadable?.files).toEqual(['a.txt']);
  });

  it('refuses a record edited to point at a folder outside the workspace root', async () => {
    await cloneWorkspace();
    await sandbox.cliOk(['kill-server']);
    const precious = path.join(fs.realpathSync(sandbox.root), 'precious');
    fs.mkdirSync(precious);
    fs.writeFileSync(path.join(precious, 'thesis.txt'), 'years of work\n');
    git(precious, 'init', '-q', '-b', 'main'); // a repository of its own, so nothing else would stop it
    editRecord('c1', (record) => (record.path = precious));
    expect(await names()).toEqual(['c1']); // ls reads the record; rm starts the server, which reads it too
    const refused = await sandbox.cli(['rm', '-t', 'c1', '--yes', '--force', '--discard-changes', '--discard-ignored']);
    expect(refused.code).toBe(1);
    expect(fs.readFileSync(path.join(precious, 'thesis.txt'), 'utf8')).toBe('years of work\n');
    expect(refused.stderr).toContain(`${precious} is not inside the workspace root ${workspaces()}`);
  });

  it('refuses a worktree record whose folder its repository does not list', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--worktree'], { cwd: repo });
    await sandbox.cliOk(['kill-server']);
    // Inside the root and a repository, but a clone, not a worktree of the recorded repository.
    const impostor = path.join(workspaces(), 'app', 'impostor');
    git(sandbox.root, 'clone', '-q', repo, impostor);
    editRecord('w', (record) => (record.path = impostor));
    expect(await names()).toEqual(['w']);
    const refused = await sandbox.cli(['rm', '-t', 'w', '--yes', '--force', '--discard-changes', '--discard-ignored']);
    expect(refused.code).toBe(1);
    expect(fs.existsSync(path.join(impostor, 'a.txt'))).toBe(true);
    expect(refused.stderr).toContain(`${impostor} is not a worktree of ${repo} ('git worktree list' there does not list it)`);
  });

  it('asks each workspace its own repository when the server was started with GIT_DIR set', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--worktree'], { cwd: repo });
    const dir = path.join(workspaces(), 'app', 'w');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\nTWO\nthree\n');
    await sandbox.cliOk(['kill-server']);
    const other = path.join(fs.realpathSync(sandbox.root), 'other');
    fs.mkdirSync(other);
    git(other, 'init', '-q', '-b', 'theirs');
    commit(other, 'theirs.txt');
    const gitContext = { GIT_DIR: path.join(other, '.git'), GIT_WORK_TREE: other, GIT_INDEX_FILE: path.join(other, '.git', 'index'), GIT_COMMON_DIR: path.join(other, '.git') };
    // The server starts with this environment.
    await sandbox.cliOk(['start-server'], { env: gitContext });
    const entry = (JSON.parse(await sandbox.cliOk(['ls', '--json'], { env: gitContext })) as { name: string; diff: unknown }[]).find((w) => w.name === 'w');
    expect(entry?.diff).toEqual({ added: 1, removed: 1, untracked: 0, ahead: 0, behind: 0 });
    expect(await sandbox.cliOk(['diff', '-t', 'w'])).toContain('+TWO');
    // A worktree made by this server is one of the repository it was asked for, on the right branch.
    await sandbox.cliOk(['new', '-d', '-s', 'w2', '--worktree', '--repo', repo]);
    const dir2 = path.join(workspaces(), 'app', 'w2');
    expect(git(dir2, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('feat/w2');
    expect(git(repo, 'worktree', 'list')).toContain(dir2);
    expect(git(other, 'branch', '--list').trim()).toBe('* theirs');
    // And its preflight is this worktree's.
    expect((await sandbox.cli(['rm', '-t', 'w', '--json'])).stdout).toMatch(/"dirty": \[\s*"a\.txt"\s*\]/);
  });
});
