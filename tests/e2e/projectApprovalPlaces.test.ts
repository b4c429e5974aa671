// An approval is for what will run, where it will run. A corpus of hostile repositories, with real git:
// a .tessera.json that is a symbolic link to a file approved elsewhere is refused (nothing of it runs,
// for a clone or an adopted folder); a worktree on another branch runs that branch's own file, which
// needs its own approval (and shows its own commands); a script the file runs that changed is asked
// about again, the script named with its hash.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git } from '../helpers/gitRepo.js';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
let root: string;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  root = fs.realpathSync(sandbox.root);
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** A repository at `dir` on branch main with these files committed (a value `{ link }` is a symbolic link). */
function repository(dir: string, files: Record<string, string | { link: string }>): string {
  git(root, 'init', '-q', '-b', 'main', dir);
  commitFiles(dir, files, 'first');
  return dir;
}

function commitFiles(dir: string, files: Record<string, string | { link: string }>, message: string): void {
  for (const [name, contents] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.rmSync(file, { force: true });
    if (typeof contents === 'string') fs.writeFileSync(file, contents);
    else fs.symlinkSync(contents.link, file);
    git(dir, 'add', name);
  }
  git(dir, 'commit', '-q', '-m', message);
}

const panesOf = async (workspace: string) => (await sandbox.listPanes()).filter((p) => p.workspace === workspace);
const workspaceDir = (repo: string, name: string) => path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), repo, name);

describe('where an approval holds', () => {
  it('refuses a .tessera.json that is a symbolic link to a file approved elsewhere: nothing of it runs', async () => {
    // A project the user approved: its setup command runs its own setup.sh.
    const trusted = repository(path.join(root, 'trusted'), { '.tessera.json': JSON.stringify({ setupCommand: 'sh setup.sh' }), 'setup.sh': 'touch trusted-ran\n' });
    await sandbox.cliOk(['new', '-d', '-s', 't', '-c', trusted]);
    expect((await sandbox.cli(['trust', '-t', 't', '--yes'])).code).toBe(0);

    // A hostile repository whose project file is a link to the approved one, beside its own setup.sh.
    const hostile = repository(path.join(root, 'hostile'), { '.tessera.json': { link: path.join(trusted, '.tessera.json') }, 'setup.sh': 'touch hostile-ran\n' });
    const remote = path.join(root, 'hostile.git');
    git(root, 'clone', '-q', '--bare', hostile, remote);
    const cloned = await sandbox.cli(['new', '-d', '-s', 'h', '--clone', remote]);
    expect(cloned.code).toBe(0);
    const clone = workspaceDir('hostile', 'h');
    expect(cloned.stderr).toBe(
      `tessera: ${clone}/.tessera.json is a symbolic link (to ${trusted}/.tessera.json); a project file must be a file of its own in the repository, so nothing of it is used\n`,
    );
    expect(await panesOf('h')).toHaveLength(1); // no setup pane
    const refused = await sandbox.cli(['trust', '-t', 'h', '--yes']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\.tessera\.json is a symbolic link .*nothing of it is used/);

    // The same as an adopted folder, and as a worktree: refused, nothing starts.
    const adopted = await sandbox.cli(['new', '-d', '-s', 'a', '-c', hostile]);
    expect(adopted.stderr).toMatch(/is a symbolic link/);
    const worktree = await sandbox.cli(['new', '-d', '-s', 'w', '--worktree', '--repo', hostile]);
    expect(worktree.stderr).toMatch(/is a symbolic link/);
    expect(await panesOf('w')).toHaveLength(1);
    expect(fs.existsSync(path.join(clone, 'hostile-ran'))).toBe(false);
    expect(fs.existsSync(path.join(workspaceDir('hostile', 'w'), 'hostile-ran'))).toBe(false);
  });

  it("runs a worktree's own branch's project file, approved on its own; a changed script is asked about again", async () => {
    const repo = repository(path.join(root, 'app'), {
      '.tessera.json': JSON.stringify({ setupCommand: 'sh setup.sh' }),
      'setup.sh': 'echo main >> setup-ran\n',
    });
    // Branch other: its own project file, running another script.
    git(repo, 'checkout', '-q', '-b', 'other');
    commitFiles(repo, { '.tessera.json': JSON.stringify({ setupCommand: 'sh other.sh' }), 'other.sh': 'echo other >> setup-ran\n' }, 'other setup');
    // Branch changed: the same project file as main, but its setup.sh does something else.
    git(repo, 'checkout', '-q', '-b', 'changed', 'main');
    commitFiles(repo, { 'setup.sh': 'echo changed >> setup-ran\n' }, 'changed script');
    git(repo, 'checkout', '-q', 'main');
    const ran = (name: string) => path.join(workspaceDir('app', name), 'setup-ran');

    // main's file approved: its worktrees run it.
    await sandbox.cli(['new', '-d', '-s', 'w1', '--worktree', '--repo', repo]);
    const shownMain = await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    expect(shownMain).toContain(`\n  setupCommand: sh setup.sh\nwith these files of the repository, as they are now:\n  setup.sh (sha256 `);
    await eventually(() => fs.existsSync(ran('w1')) && fs.readFileSync(ran('w1'), 'utf8'), (text) => text === 'main\n');

    // Branch other: its own file is read (not main's), and waits for its own approval.
    const other = await sandbox.cli(['new', '-d', '-s', 'wo', '--worktree', '--branch', 'other', '--repo', repo]);
    expect(other.code).toBe(0);
    expect(other.stderr).toBe(`tessera: ${workspaceDir('app', 'wo')}/.tessera.json is not approved yet, so nothing of it ran; 'tessera trust -t wo' shows what it runs and approves it\n`);
    expect(await panesOf('wo')).toHaveLength(1);
    const shownOther = await sandbox.cli(['trust', '-t', 'wo']);
    expect(shownOther.stdout).toContain('\n  setupCommand: sh other.sh\n');
    expect(shownOther.stdout).toContain('\n  other.sh (sha256 ');
    expect(shownOther.stdout).not.toContain('setup.sh');
    await sandbox.cliOk(['trust', '-t', 'wo', '--yes']);
    await eventually(() => fs.existsSync(ran('wo')) && fs.readFileSync(ran('wo'), 'utf8'), (text) => text === 'other\n');

    // Approving other's file did not take main's approval away.
    const again = await sandbox.cli(['new', '-d', '-s', 'w2', '--worktree', '--repo', repo]);
    expect(again.stderr).toBe('');
    await eventually(() => fs.existsSync(ran('w2')) && fs.readFileSync(ran('w2'), 'utf8'), (text) => text === 'main\n');

    // Branch changed: the same .tessera.json, another setup.sh: asked again, the script shown.
    const changed = await sandbox.cli(['new', '-d', '-s', 'wc', '--worktree', '--branch', 'changed', '--repo', repo]);
    expect(changed.stderr).toMatch(/wc\/\.tessera\.json is not approved yet, so nothing of it ran/);
    expect(await panesOf('wc')).toHaveLength(1);
    const shownChanged = await sandbox.cli(['trust', '-t', 'wc']);
    expect(shownChanged.stdout).toMatch(/is not approved; it would run:\n {2}setupCommand: sh setup\.sh\nwith these files of the repository, as they are now:\n {2}setup\.sh \(sha256 [0-9a-f]{12}\)\n/);
    expect(fs.existsSync(ran('wc'))).toBe(false);
  });
});
