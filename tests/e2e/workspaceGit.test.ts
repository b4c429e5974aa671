// Workspaces on git: managed worktrees and clones made (and refused) with real git, the diff summary
// and diff from reality, and rm/reset that never lose work without being told.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';
import { git, repoWithRemote } from '../helpers/gitRepo.js';

let sandbox: TesseraSandbox;
let remote: string;
let repo: string;


interface LsEntry {
  name: string;
  kind: string;
  path: string;
  repo: string | null;
  branch: string | null;
  base: string | null;
  state: string;
  diff: { added: number; removed: number; untracked: number; ahead: number; behind: number } | null;
}

async function ls(): Promise<LsEntry[]> {
  return JSON.parse(await sandbox.cliOk(['ls', '--json'])) as LsEntry[];
}

beforeEach(() => {
  sandbox = new TesseraSandbox();
  ({ remote, repo } = repoWithRemote(sandbox.root));
});

afterEach(async () => {
  await sandbox.cleanup();
});

describe('workspaces on git', () => {
  it('makes a worktree on a new branch off the default branch, and counts its changes from git', async () => {
    expect((await sandbox.cliOk(['new', '-d', '-s', 'feat1', '--worktree'], { cwd: repo })).trim()).toBe('feat1');
    const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'feat1');
    expect(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('feat/feat1');
    let [entry] = await ls();
    expect(entry).toMatchObject({ name: 'feat1', kind: 'worktree', path: dir, repo, branch: 'feat/feat1', base: 'main', state: 'open' });
    expect(entry.diff).toEqual({ added: 0, removed: 0, untracked: 0, ahead: 0, behind: 0 });

    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\nTWO\nthree\nfour\n'); // +2 −1
    fs.writeFileSync(path.join(dir, 'new.txt'), 'x\ny\nz\n'); // untracked: +3
    fs.writeFileSync(path.join(dir, 'blob.bin'), Buffer.from([0, 1, 2, 0, 255])); // binary: skipped
    [entry] = await ls();
    expect(entry.diff).toEqual({ added: 5, removed: 1, untracked: 2, ahead: 0, behind: 0 });
    git(dir, 'add', 'a.txt');
    git(dir, 'commit', '-q', '-m', 'change');
    [entry] = await ls();
    expect(entry.diff).toEqual({ added: 3, removed: 0, untracked: 2, ahead: 1, behind: 0 });

    const patch = await sandbox.cliOk(['diff', '-t', 'feat1']);
    expect(patch).toContain('+++ b/new.txt');
    expect(patch).toContain('+y');
    expect(patch).toMatch(/Binary files .*blob\.bin differ|blob\.bin/);
    const stat = await sandbox.cliOk(['diff', '-t', 'feat1', '--stat']);
    expect(stat).toMatch(/new\.txt +\| +3 \+\+\+/);
    expect(git(dir, 'status', '--porcelain')).toContain('?? new.txt'); // the real index is untouched
  });

  it('refuses a busy branch, a missing base, a non-repository, a bad name and a symlink out of the root, leaving nothing', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'one', '--worktree', '--repo', repo]);
    const busy = await sandbox.cli(['new', '-d', '-s', 'two', '--worktree', '--repo', repo, '--branch', 'main']);
    expect(busy.stderr).toMatch(new RegExp(`branch 'main' is checked out in ${repo}`));
    const noBase = await sandbox.cli(['new', '-d', '-s', 'three', '--worktree', '--repo', repo, '--base', 'nope']);
    expect(noBase.stderr).toMatch(/base 'nope' does not exist/);
    const notRepo = await sandbox.cli(['new', '-d', '-s', 'four', '--worktree', '--repo', sandbox.env.HOME]);
    expect(notRepo.stderr).toMatch(/is not in a git repository/);
    const badName = await sandbox.cli(['new', '-d', '-s', '-bad', '--worktree', '--repo', repo]);
    expect(badName.code).not.toBe(0);
    const outside = path.join(sandbox.root, 'outside');
    fs.mkdirSync(outside);
    fs.symlinkSync(outside, path.join(sandbox.env.TESSERA_WORKSPACE_ROOT, 'app', 'escape'));
    const escape = await sandbox.cli(['new', '-d', '-s', 'escape', '--worktree', '--repo', repo]);
    expect(escape.stderr).toMatch(/leads outside .* \(through a symbolic link\)/);
    expect(fs.readdirSync(outside)).toEqual([]);
    expect((await ls()).map((w) => w.name)).toEqual(['one']);
    expect(git(repo, 'worktree', 'list').trim().split('\n')).toHaveLength(2);
  });

  it('clones a URL into the root, never over an existing folder, and a failed clone leaves nothing', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'c1', '--clone', remote]);
    const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'remote', 'c1');
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
    expect((await ls())[0]).toMatchObject({ name: 'c1', kind: 'clone', repo: remote, branch: 'main', base: 'main' });
    fs.mkdirSync(path.join(sandbox.env.TESSERA_WORKSPACE_ROOT, 'remote', 'taken'));
    const over = await sandbox.cli(['new', '-d', '-s', 'taken', '--clone', remote]);
    expect(over.stderr).toMatch(/exists already; tessera never makes a workspace over an existing folder/);
    const failed = await sandbox.cli(['new', '-d', '-s', 'nope', '--clone', path.join(sandbox.root, 'missing.git')]);
    expect(failed.stderr).toMatch(/git clone failed/);
    expect(fs.existsSync(path.join(sandbox.env.TESSERA_WORKSPACE_ROOT, 'missing'))).toBe(false);
    expect((await ls()).map((w) => w.name)).toEqual(['c1']);
  });

  it("clones with --branch: the remote's branch when it has one, else a new branch off its default branch", async () => {
    git(repo, 'switch', '-q', '-c', 'pushed');
    fs.writeFileSync(path.join(repo, 'p.txt'), 'pushed\n');
    git(repo, 'add', 'p.txt');
    git(repo, 'commit', '-q', '-m', 'pushed');
    git(repo, 'push', '-q', 'origin', 'pushed');
    const folder = (name: string) => path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'remote', name);

    await sandbox.cliOk(['new', '-d', '-s', 'has', '--clone', remote, '--branch', 'pushed']);
    expect(git(folder('has'), 'symbolic-ref', '--short', 'HEAD').trim()).toBe('pushed');
    expect(fs.readFileSync(path.join(folder('has'), 'p.txt'), 'utf8')).toBe('pushed\n');
    expect(git(folder('has'), 'rev-parse', '--abbrev-ref', 'pushed@{upstream}').trim()).toBe('origin/pushed');

    const made = await sandbox.cli(['new', '-d', '-s', 'fresh', '--clone', remote, '--branch', 'task/new']);
    expect(made.code).toBe(0);
    expect(made.stderr).toMatch(/the remote has no branch task\/new: it was made off main/);
    const dir = folder('fresh');
    expect(git(dir, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('task/new');
    expect(git(dir, 'rev-parse', 'HEAD').trim()).toBe(git(remote, 'rev-parse', 'main').trim());
    // A full checkout of main's files, nothing staged or missing.
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect((await ls()).find((w) => w.name === 'fresh')).toMatchObject({ kind: 'clone', branch: 'task/new', base: 'main' });

    const bad = await sandbox.cli(['new', '-d', '-s', 'bad', '--clone', remote, '--branch', 'no..dots']);
    expect(bad.stderr).toMatch(/'no\.\.dots' is not a valid branch name/);
    expect(fs.existsSync(folder('bad'))).toBe(false);
  });

  it('rm shows the preflight, keeps unpushed work and stashes without --force, and changes even with it', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--clone', remote]);
    const dir = (await ls())[0].path;
    fs.writeFileSync(path.join(dir, 'b.txt'), 'b\n');
    git(dir, 'add', 'b.txt');
    git(dir, 'commit', '-q', '-m', 'local only');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'changed\n');

    const dry = await sandbox.cli(['rm', '-t', 'w']);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toMatch(/changed files: +1/);
    expect(dry.stdout).toMatch(/unpushed commits: 1/);
    expect(dry.stdout).toMatch(/running panes: 1 \(id \d+\)/);
    expect(dry.stdout).toMatch(/nothing removed yet/);

    const forced = await sandbox.cli(['rm', '-t', 'w', '--yes', '--force']);
    expect(forced.stderr).toMatch(/1 changed file\(s\); commit them, or add --discard-changes/);
    git(dir, 'stash', '-q');
    const unpushed = await sandbox.cli(['rm', '-t', 'w', '--yes']);
    expect(unpushed.stderr).toMatch(/1 unpushed commit\(s\) and 1 stash\(es\); push them, or add --force/);
    expect(fs.existsSync(dir)).toBe(true);
    git(dir, 'stash', 'drop', '-q');
    git(dir, 'push', '-q', 'origin', 'HEAD:main');
    const ok = await sandbox.cliOk(['rm', '-t', 'w', '--yes']);
    expect(ok).toMatch(/removed workspace w and its folder/);
    expect(fs.existsSync(dir)).toBe(false);
    expect(await ls()).toEqual([]);
    expect(await sandbox.listPanes()).toEqual([]);
  });

  it('rm of an adopted folder forgets it and never touches its files; reset puts a worktree back to its base', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'mine', '-c', repo]);
    fs.writeFileSync(path.join(repo, 'dirty.txt'), 'keep me\n');
    expect(await sandbox.cliOk(['rm', '-t', 'mine', '--yes'])).toMatch(/its folder .* is untouched/);
    expect(fs.readFileSync(path.join(repo, 'dirty.txt'), 'utf8')).toBe('keep me\n');

    await sandbox.cliOk(['new', '-d', '-s', 'wt', '--worktree', '--repo', repo]);
    const dir = (await ls())[0].path;
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.writeFileSync(path.join(dir, 'node_modules', 'dep.js'), '1\n');
    fs.appendFileSync(path.join(git(repo, 'rev-parse', '--git-common-dir').trim().replace(/^(?!\/)/, `${repo}/`), 'info', 'exclude'), 'node_modules\n');
    fs.writeFileSync(path.join(dir, 'b.txt'), 'b\n');
    // A file only the branch ignores: once reset, the base's .gitignore does not ignore it, and it must still stay.
    fs.writeFileSync(path.join(dir, '.gitignore'), '.env\n');
    fs.writeFileSync(path.join(dir, '.env'), 'API_KEY=secret\n');
    git(dir, 'add', 'b.txt', '.gitignore');
    git(dir, 'commit', '-q', '-m', 'work');
    fs.writeFileSync(path.join(dir, 'scratch.txt'), 'x\n');
    expect((await sandbox.cli(['reset', '-t', 'wt', '--yes'])).stderr).toMatch(/untracked file/);
    expect((await sandbox.cli(['reset', '-t', 'wt', '--yes', '--discard-changes'])).stderr).toMatch(/1 unpushed commit\(s\).*--force/);
    await sandbox.cliOk(['reset', '-t', 'wt', '--yes', '--discard-changes', '--force']);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(git(repo, 'rev-parse', 'main'));
    expect(fs.existsSync(path.join(dir, 'scratch.txt'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'node_modules', 'dep.js'))).toBe(true); // ignored files stay
    expect(fs.readFileSync(path.join(dir, '.env'), 'utf8')).toBe('API_KEY=secret\n'); // also those only the branch ignored
    expect(fs.existsSync(path.join(dir, '.gitignore'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'b.txt'))).toBe(false);
    expect((await ls())[0]).toMatchObject({ name: 'wt', state: 'dormant', branch: 'feat/wt' });
    expect((await sandbox.cli(['reset', '-t', 'nothing', '--yes'])).stderr).toMatch(/no workspace named 'nothing'/);
  });

  it('removes a half-made checkout left by a server killed during create', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'first', '--worktree', '--repo', repo]);
    await sandbox.cliOk(['kill-server']);
    // What a kill -9 between "git worktree add" and the record leaves: the folder and the pending note.
    const half = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'half');
    git(repo, 'worktree', 'add', '-q', '-b', 'feat/half', half, 'main');
    const notes = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'creating');
    fs.mkdirSync(notes, { recursive: true });
    fs.writeFileSync(path.join(notes, 'half.json'), JSON.stringify({ name: 'half', kind: 'worktree', path: half, repo }));
    await sandbox.cliOk(['start-server']); // a new server cleans up what the killed one left half made
    expect((await ls()).map((w) => w.name)).toEqual(['first']);
    expect(fs.existsSync(half)).toBe(false);
    expect(git(repo, 'worktree', 'list')).not.toContain('half');
    expect(fs.readdirSync(notes)).toEqual([]);
  });

  it('makes a name once when two clients create it at the same moment', async () => {
    const [a, b] = await Promise.all([
      sandbox.cli(['new', '-d', '-s', 'same', '--worktree', '--repo', repo]),
      sandbox.cli(['new', '-d', '-s', 'same', '--worktree', '--repo', repo]),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect([a.stderr, b.stderr].join('')).toMatch(/a workspace named 'same' exists already/);
    expect((await ls()).map((w) => w.name)).toEqual(['same']);
    expect(git(repo, 'worktree', 'list').trim().split('\n')).toHaveLength(2);
  });

  it('runs the setup command from the settings in a pane of a new worktree, and refuses one the allowlist does not know', async () => {
    sandbox.writeSettings({ setupCommand: 'sh -c "echo setting-up; exit 3"' });
    await sandbox.cliOk(['new', '-d', '-s', 'setup', '--worktree', '--repo', repo]);
    const panes = await sandbox.listPanes();
    expect(panes).toHaveLength(2);
    expect(panes[0].focused).toBe(true); // the setup pane never takes the focus
    const failed = await eventually(() => sandbox.listPanes(), (p) => p[1]?.status === 'error');
    expect(failed[1].exitCode).toBe(3);
    expect(await sandbox.cliOk(['capture-pane', '-t', String(failed[1].id)])).toContain('setting-up');

    await sandbox.cliOk(['kill-server']);
    sandbox.writeSettings({ setupCommand: 'rm -rf /tmp/nothing' });
    const refused = await sandbox.cli(['new', '-d', '-s', 'nosetup', '--worktree', '--repo', repo]);
    expect(refused.code).toBe(0);
    expect(refused.stderr).toMatch(/setupCommand not run: Command 'rm' is not allowed/);
    expect((await sandbox.listPanes()).filter((p) => p.workspace === 'nosetup')).toHaveLength(1);
  });
});
