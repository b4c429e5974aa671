// Removing a workspace from inside the client: the confirmation shows the preflight, refuses when the
// worktree changed between showing and confirming (and shows what is true now), needs an explicit
// permission to throw changes away, and removes a clean worktree.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git, repoWithRemote } from '../helpers/gitRepo.js';
import { TesseraSandbox, eventually, isAlive, type OuterTerminal } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
const UP = '\x1b[A';

let sandbox: TesseraSandbox;
let repo: string;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  ({ repo } = repoWithRemote(sandbox.root));
});

afterEach(async () => {
  await sandbox.cleanup();
});

async function names(): Promise<string[]> {
  return (JSON.parse(await sandbox.cliOk(['ls', '--json'])) as { name: string }[]).map((w) => w.name);
}

/** Prefix : remove-workspace (or reset-workspace), then the workspace by name: its confirmation opens. */
async function askToEnd(t: OuterTerminal, name: string, action: 'remove' | 'reset' = 'remove'): Promise<void> {
  t.write(`${PREFIX}:`);
  await t.waitFor('Run an action');
  t.write(`${action}-workspace`);
  await t.waitFor(new RegExp(`${action}-workspace +${action} a`));
  t.write('\r');
  await t.waitFor(action === 'remove' ? 'Remove a workspace (a confirmation shows what it holds)' : 'Reset a worktree workspace to its base');
  t.write(name);
  await t.waitFor(() => t.lines().some((l) => l.includes(`${name}  `) && !l.includes('Search')));
  t.write('\r');
  await t.waitFor(`${action === 'remove' ? 'Remove' : 'Reset'} workspace ${name}?`);
}

describe('removing a workspace from the client', () => {
  it('refuses when the worktree changed since the confirmation showed it, then removes it once clean', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'here', '--worktree'], { cwd: repo });
    // Its pane runs a program with a child in the background: removing the workspace ends both.
    const pidFile = path.join(sandbox.root, 'child.pid');
    await sandbox.cliOk(['new', '-d', '-s', 'gone', '--worktree', '--', 'sh', '-c', `sleep 600 & echo $! > ${pidFile}; wait`], { cwd: repo });
    const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'gone');
    const child = Number(await eventually(() => (fs.existsSync(pidFile) ? fs.readFileSync(pidFile, 'utf8').trim() : ''), (text) => text !== ''));
    expect(isAlive(child)).toBe(true);
    const t = sandbox.open(['attach', '-t', 'here'], { cols: 120, rows: 40 });
    await t.waitFor(/tsh\$/);

    await askToEnd(t, 'gone');
    await t.waitFor(/untracked files +0/);
    await t.waitFor(/running panes +1 \(pane \d+\): stopped first, then checked again/);
    await t.waitFor('Cancel (keep everything)');
    // Something changes in the worktree while the confirmation is on screen.
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'keep me\n');
    t.write(UP); // from Cancel to "Remove gone"
    t.write('\r');
    await t.waitFor('gone changed since the preflight was shown; nothing was done');
    await t.waitFor(/untracked files +1/); // shown again as it is now
    await t.waitFor("[ ] discard changes: 1 untracked file(s) are thrown away for good");
    expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    expect(await names()).toContain('gone');

    // Confirming what is shown now is still refused: throwing the file away must be turned on.
    t.write(UP);
    t.write('\r');
    await t.waitFor('gone has 1 untracked file(s); commit them, or turn on');
    expect(fs.existsSync(dir)).toBe(true);
    t.write('\x1b');
    await t.waitFor(() => !t.text().includes('Remove workspace gone?'));

    // Clean again: the removal goes through, the folder and the record go, the branch stays.
    fs.rmSync(path.join(dir, 'notes.txt'));
    await askToEnd(t, 'gone');
    await t.waitFor(/untracked files +0/);
    t.write(UP);
    t.write('\r');
    await t.waitFor(`removed workspace gone and its folder ${dir}`);
    expect(fs.existsSync(dir)).toBe(false);
    expect(await names()).toEqual(['here']);
    await eventually(() => isAlive(child), (running) => !running);
    expect(git(repo, 'branch', '--list', 'feat/gone')).toContain('feat/gone');
    // The client still shows its own workspace, and keys reach its pane.
    t.write('echo still-here\r');
    await t.waitFor(/^still-here/m);
  });

  it('stops the panes only once confirmed, then refuses when they left something behind, showing it', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'here', '--worktree'], { cwd: repo });
    const program = 'trap "echo bye > goodbye.txt; exit 0" HUP TERM; echo ready; while :; do sleep 1; done';
    await sandbox.cliOk(['new', '-d', '-s', 'saver', '--worktree', '--', 'sh', '-c', program], { cwd: repo });
    const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'saver');
    const pane = (await sandbox.listPanes()).find((p) => p.workspace === 'saver');
    await eventually(() => sandbox.capturePane(String(pane?.id)), (screen) => screen.includes('ready'));
    const t = sandbox.open(['attach', '-t', 'here'], { cols: 120, rows: 40 });
    await t.waitFor(/tsh\$/);

    await askToEnd(t, 'saver');
    await t.waitFor(/untracked files +0/);
    await t.waitFor('Cancel (keep everything)');
    expect(fs.existsSync(path.join(dir, 'goodbye.txt'))).toBe(false); // showing the confirmation stops nothing
    t.write(UP);
    t.write('\r');
    // Confirmed: the pane is stopped, writes its file, and git is asked again before anything is deleted.
    await t.waitFor('saver changed when its panes stopped');
    await t.waitFor(/untracked files +1 \(goodbye\.txt\)/);
    await t.waitFor(/running panes +none/);
    expect(fs.readFileSync(path.join(dir, 'goodbye.txt'), 'utf8')).toBe('bye\n');
    expect(await names()).toContain('saver');

    // What is shown now can be confirmed, once throwing the file away is turned on.
    t.write(`${UP}${UP} `);
    await t.waitFor('[x] discard changes');
    t.write('\x1b[B\r');
    await t.waitFor(`removed workspace saver and its folder ${dir}`);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('removes the workspace on screen from the switcher after the user turns on discarding its changes, moving the client to another', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'other', '--worktree'], { cwd: repo });
    await sandbox.cliOk(['new', '-d', '-s', 'doomed', '--worktree'], { cwd: repo });
    const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'doomed');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'changed\n');
    const t = sandbox.open(['attach', '-t', 'doomed'], { cols: 120, rows: 40 });
    await t.waitFor(/tsh\$/);
    // This time from the switcher: C-x on the selected workspace.
    t.write(`${PREFIX}g`);
    await t.waitFor('Switch to a workspace (C-x removes, C-r resets the selected one)');
    t.write('doomed');
    await t.waitFor(() => t.lines().some((l) => l.includes('doomed  ') && !l.includes('Search')));
    t.write('\x18');
    await t.waitFor('Remove workspace doomed?');
    await t.waitFor(/changed files +1/);
    t.write(`${UP}${UP}`); // Cancel → Remove → discard changes
    t.write(' ');
    await t.waitFor('[x] discard changes');
    t.write('\x1b[B\r'); // down to "Remove doomed", Enter
    await t.waitFor(`removed workspace doomed and its folder ${dir}`);
    expect(fs.existsSync(dir)).toBe(false);
    await eventually(() => names(), (n) => n.join() === 'other');
    // The client moved to the other workspace instead of ending.
    await t.waitFor(/● 1 other/); // the strip lists the one workspace left, shown here
    t.write('echo moved-on\r');
    await t.waitFor(/^moved-on/m);
  });

  it('resets the worktree on screen only once losing its unpushed commit is turned on, and shows it again afterwards', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'other', '--worktree'], { cwd: repo });
    await sandbox.cliOk(['new', '-d', '-s', 'fix', '--worktree'], { cwd: repo });
    const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'fix');
    fs.writeFileSync(path.join(dir, 'b.txt'), 'work\n');
    git(dir, 'add', 'b.txt');
    git(dir, 'commit', '-q', '-m', 'local only');
    const t = sandbox.open(['attach', '-t', 'fix'], { cols: 120, rows: 40 });
    await t.waitFor(/tsh\$/);
    await askToEnd(t, 'fix', 'reset');
    await t.waitFor(/unpushed commits +1/);
    t.write(`${UP}\r`); // "Reset fix" as it is: refused
    await t.waitFor('fix has 1 unpushed commit(s); push them, or turn on');
    expect(fs.existsSync(path.join(dir, 'b.txt'))).toBe(true);
    t.write(`${UP} `);
    await t.waitFor('[x] lose unpushed commits');
    t.write('\x1b[B\r');
    await t.waitFor(/reset workspace fix to main .*its panes started again/);
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(git(repo, 'rev-parse', 'main'));
    expect(fs.existsSync(path.join(dir, 'b.txt'))).toBe(false);
    expect(await names()).toEqual(['fix', 'other']);
    // The client shows fix again, with a new shell in its folder.
    t.write('pwd\r');
    await t.waitFor(new RegExp(`^${dir}$`, 'm'));
  });
});
