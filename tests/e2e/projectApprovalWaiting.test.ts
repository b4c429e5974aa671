// What waits for the approval of a project file (.tessera.json) is kept in the workspace's record: after
// kill -9 or kill-server, `tessera trust --yes` approves it and the work starts when the workspace is
// opened (a dormant one starts nothing before); every client showing a waiting workspace says so in its
// status bar, and `tessera ls` marks it, from what is true now.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually, type OuterTerminal } from '../helpers/outerTerminal.js';
import { killServerHard } from '../helpers/serverProcess.js';

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
const PREFIX = '\x1c';
const UP = '\x1b[A';
const DOWN = '\x1b[B';
const RIGHT = '\x1b[C';
const LEFT = '\x1b[D';
const WAITING = '.tessera.json is not approved yet';

let sandbox: TesseraSandbox;
let folder: string;
const terminals: OuterTerminal[] = [];

beforeEach(() => {
  sandbox = new TesseraSandbox();
  folder = path.join(fs.realpathSync(sandbox.root), 'project');
  fs.mkdirSync(folder);
});

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox.cleanup();
});

function writeProject(dir: string, value: unknown): void {
  fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify(value));
}

function open(args: string[]): OuterTerminal {
  const t = sandbox.open(args, { cols: 160, rows: 30 });
  terminals.push(t);
  return t;
}

const panesOf = async (workspace: string) => (await sandbox.listPanes()).filter((p) => p.workspace === workspace);

interface Listed {
  name: string;
  state: string;
  waitingApproval: boolean;
}
const listed = async () => JSON.parse(await sandbox.cliOk(['ls', '--json'])) as Listed[];
const entry = async (name: string) => (await listed()).find((w) => w.name === name) as Listed;

describe('work waiting for a project file approval', () => {
  it('survives kill -9: approved while dormant, the template starts only when the workspace is opened', async () => {
    writeProject(folder, { templates: [{ name: 'web', panes: ['shell', { command: ['sh', '-c', 'echo ran >> marker; exec cat'] }] }] });
    const marker = path.join(folder, 'marker');
    await sandbox.cli(['new', '-d', '-s', 'a', '-c', folder, '--template', 'web']);
    await sandbox.cliOk(['new', '-d', '-s', 'b', '-c', folder]);
    expect((await entry('a')).waitingApproval).toBe(true);
    expect((await entry('b')).waitingApproval).toBe(false);
    expect(await sandbox.cliOk(['ls'])).toMatch(/^a: open 1 pane waiting for approval \('tessera trust -t a'\) /m);

    await killServerHard(sandbox);
    expect(await entry('a')).toMatchObject({ state: 'dormant', waitingApproval: true });

    const approved = await sandbox.cli(['trust', '-t', 'a', '--yes']);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toMatch(/\nwaiting to start in workspace a once approved\napproved; what waits in workspace a starts when you open it \('tessera attach -t a'\)\n$/);
    // Approved, but dormant: nothing runs until it is opened; and it no longer waits for an approval.
    expect(await entry('a')).toMatchObject({ state: 'dormant', waitingApproval: false });
    expect(fs.existsSync(marker)).toBe(false);

    const t = open(['attach', '-t', 'a']);
    await eventually(() => fs.existsSync(marker), (found) => found);
    expect((await panesOf('a')).map((p) => p.command.split(' ')[0])).toEqual(['bash', 'bash', 'sh']);
    await t.waitFor(() => t.lines().some((l) => l.includes('3 panes')));
    expect(t.text()).not.toContain(WAITING);

    // Started once: the record no longer holds it, so the next restart starts the panes as they are, nothing more.
    t.dispose();
    await sandbox.cliOk(['kill-server']);
    expect(await sandbox.cliOk(['trust', '-t', 'a'])).toMatch(/is approved; it would run:[\s\S]*approved already/);
    open(['attach', '-t', 'a']);
    await eventually(() => panesOf('a'), (panes) => panes.length === 3);
    expect(await entry('a')).toMatchObject({ state: 'open', waitingApproval: false });
  });

  it("keeps a new worktree's setup command waiting through kill-server; trust then attach runs it once", async () => {
    const repo = path.join(folder, 'app');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    writeProject(repo, { setupCommand: 'sh -c "echo x >> setup-ran"' });
    execFileSync('git', ['-C', repo, 'add', '.tessera.json']);
    execFileSync('git', ['-C', repo, 'commit', '-q', '-m', 'project file'], { env: { ...process.env, ...GIT_ENV } });
    const made = await sandbox.cli(['new', '-d', '-s', 'w1', '--worktree'], { cwd: repo });
    const ran = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'w1', 'setup-ran');
    expect(made.stderr).toMatch(/is not approved yet, so nothing of it ran; 'tessera trust -t w1'/);
    await sandbox.cliOk(['kill-server']);

    // Opened before approval: still waiting, and the status bar says so.
    const before = open(['attach', '-t', 'w1']);
    await before.waitFor(WAITING);
    expect(await entry('w1')).toMatchObject({ state: 'open', waitingApproval: true });
    before.dispose();
    await sandbox.cliOk(['kill-server']);

    const approved = await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    expect(approved).toMatch(/approved; what waits in workspace w1 starts when you open it/);
    expect(fs.existsSync(ran)).toBe(false);
    const t = open(['attach', '-t', 'w1']);
    await eventually(() => fs.existsSync(ran) && fs.readFileSync(ran, 'utf8'), (text) => text === 'x\n');
    expect(await panesOf('w1')).toHaveLength(2);
    await t.waitFor(() => t.lines().some((l) => l.includes('2 panes')));
    expect(t.text()).not.toContain(WAITING);
  });

  it('shows the waiting note to every client attaching or switching to the workspace, until it is approved', async () => {
    writeProject(folder, { templates: [{ name: 'web', panes: ['shell', { command: ['sh', '-c', 'exec cat'] }] }] });
    const other = path.join(folder, 'other');
    fs.mkdirSync(other);
    await sandbox.cli(['new', '-d', '-s', 'a', '-c', folder, '--template', 'web']);
    await sandbox.cliOk(['new', '-d', '-s', 'b', '-c', other]);

    const first = open(['attach', '-t', 'a']);
    await first.waitFor(`${folder}/.tessera.json is not approved yet, so nothing of it ran; 'tessera trust -t a' shows what it runs and approves it`);
    const second = open(['attach', '-t', 'a']);
    await second.waitFor(WAITING);
    // Still there after a key clears the status bar's messages.
    first.write('echo hi\r');
    await first.waitFor('hi');
    expect(first.text()).toContain(WAITING);

    // A client on another workspace sees it once it switches there (the strip numbers a 1, b 2).
    const third = open(['attach', '-t', 'b']);
    await third.waitFor(() => third.lines().some((l) => l.includes(' b ')));
    expect(third.text()).not.toContain(WAITING);
    third.write(`${PREFIX}1`);
    await third.waitFor(WAITING);

    await sandbox.cliOk(['trust', '-t', 'a', '--yes']);
    for (const t of [first, second, third]) await t.waitFor(() => !t.text().includes(WAITING) && t.lines().some((l) => l.includes('3 panes')));
  });

  it("lists the folder's templates, the project's marked as waiting for approval, for --template without a name", async () => {
    writeProject(folder, { templates: [{ name: 'web', panes: ['shell', { command: ['sh', '-c', 'exec cat'] }] }] });
    const listing = await sandbox.cli(['new', '-d', '--template', '-c', folder]);
    expect(listing.code).toBe(1);
    expect(listing.stdout).toMatch(/\nweb +shell \| sh -c 'exec cat' \(project\) {2}\[not approved yet: see 'tessera trust'\]\n$/);
    expect(listing.stderr).toMatch(/--template needs a name: one of the templates above \(nothing was made\)/);
    expect(await listed()).toEqual([]);
  });

  it("offers the chosen folder's project templates in the new-workspace dialog, marked; chosen, a shell starts and the template waits", async () => {
    const site = path.join(folder, 'site');
    const plain = path.join(folder, 'plain');
    fs.mkdirSync(site);
    fs.mkdirSync(plain);
    writeProject(site, { templates: [{ name: 'web', description: 'the site', panes: ['shell', { command: ['sh', '-c', 'echo ran >> marker; exec cat'] }] }] });
    const marker = path.join(site, 'marker');
    await sandbox.cliOk(['new', '-d', '-s', 'main', '-c', plain]);
    const t = open(['attach', '-t', 'main']);
    await t.waitFor(/tsh\$/);
    t.write(`${PREFIX}N`);
    await t.waitFor(/‹adopt a folder›/);
    const shows = (...parts: string[]) => () => parts.every((part) => t.text().includes(part));
    // The folder field starts with the parent of the folder on screen: <project>/. The templates are read
    // again once typing pauses, so → steps through them until the one wanted is offered.
    const choose = async (folderName: string, wanted: string, replace = true) => {
      t.write(`${replace ? '\x17' : ''}${folderName}`); // Ctrl+W: the folder's last part goes
      await t.waitFor(new RegExp(`Name +${folderName}`));
      t.write(DOWN);
      await t.waitFor(/› Template +‹/);
      await eventually(
        async () => {
          if (shows(`‹${wanted}›`)()) return true;
          t.write(RIGHT);
          await new Promise((r) => setTimeout(r, 100));
          return shows(`‹${wanted}›`)();
        },
        (found) => found,
      );
    };
    await choose('site', 'web', false);
    await t.waitFor(shows("the site (from .tessera.json, needs approval: 'tessera trust')"));
    // Another folder, without a project file: its templates are offered instead, the chosen one is gone.
    t.write(`${UP}\x17plain${DOWN}`);
    await t.waitFor(/Name +plain/);
    // Once read for that folder, the chosen template is no longer offered: none is chosen, the built-in ones come last.
    await t.waitFor(/› Template +‹none›/);
    t.write(LEFT);
    await t.waitFor(/› Template +‹all-agents›/);
    t.write(UP);
    await choose('site', 'web');
    t.write('\r');
    await t.waitFor(/\.tessera\.json is not approved yet/);
    t.write('\x1b[A'); // a key clears the status bar's message; the note stays
    await t.waitFor(() => t.lines().some((l) => l.includes(" is not approved yet, so nothing of it ran; 'tessera trust -t site'")));
    expect((await panesOf('site')).map((p) => p.command.split(' ')[0])).toEqual(['bash']);
    expect(await entry('site')).toMatchObject({ state: 'open', waitingApproval: true });
    expect(fs.existsSync(marker)).toBe(false);

    await sandbox.cliOk(['trust', '-t', 'site', '--yes']);
    await eventually(() => fs.existsSync(marker), (found) => found);
    expect(await panesOf('site')).toHaveLength(3);
  });
});
