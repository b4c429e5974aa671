// The "new workspace" dialog in the real client: prefix N opens it, it makes a worktree or clone with real
// git and switches to it; a bad name or a failing clone is refused inside the dialog, and Esc makes nothing.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PROMPT_PATTERN, TesseraSandbox, type OuterTerminal } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
const UP = '\x1b[A';
const DOWN = '\x1b[B';
const RIGHT = '\x1b[C';
const COLS = 100;
const ROWS = 32;
const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

let sandbox: TesseraSandbox;
let repo: string;
/** Clones from ssh://HOST/… wait until the test creates this folder's file HOST: a slow network, on cue. */
let releaseDir: string;

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { env: { ...process.env, ...GIT_ENV }, encoding: 'utf8' });
}

interface LsEntry {
  name: string;
  kind: string;
  path: string;
  branch: string | null;
  base: string | null;
}

async function names(): Promise<string[]> {
  return (JSON.parse(await sandbox.cliOk(['ls', '--json'])) as LsEntry[]).map((w) => w.name).sort();
}

/** What the workspace root holds: the folders of managed worktrees and clones. */
function rootEntries(): string[] {
  const root = sandbox.env.TESSERA_WORKSPACE_ROOT;
  return fs.existsSync(root) ? fs.readdirSync(root).flatMap((repoDir) => fs.readdirSync(path.join(root, repoDir)).map((n) => `${repoDir}/${n}`)) : [];
}

const statusBar = (t: OuterTerminal): string => t.lines()[ROWS - 1];
const strip = (t: OuterTerminal): string => t.lines()[ROWS - 2];

/** Attached to workspace "main" (the repository, adopted), with the dialog open and the repository read. */
async function openDialog(): Promise<OuterTerminal> {
  await sandbox.cliOk(['new', '-d', '-s', 'main', '-c', repo]);
  const t = sandbox.open(['attach', '-t', 'main'], { cols: COLS, rows: ROWS });
  await t.waitFor(PROMPT_PATTERN);
  t.write(`${PREFIX}N`);
  await t.waitFor(/New workspace/);
  await t.waitFor(/branch(es)?, default main/);
  return t;
}

/**
 * Stands in for ssh: waits for the file named after the host, then serves the repository from this machine
 * (git runs it as `ssh HOST 'git-upload-pack PATH'` with GIT_SSH_VARIANT=simple).
 */
function slowSsh(dir: string): string {
  const script = path.join(dir, 'slow-ssh');
  // It gives up after a minute, so a failed test never leaves it waiting.
  fs.writeFileSync(script, `#!/bin/sh\nn=0\nwhile [ ! -e "${releaseDir}/$1" ]; do n=$((n+1)); [ $n -gt 1200 ] && exit 1; sleep 0.05; done\neval "$2"\n`, { mode: 0o755 });
  return script;
}

beforeEach(() => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ssh-'));
  releaseDir = path.join(root, 'release');
  fs.mkdirSync(releaseDir);
  sandbox = new TesseraSandbox({ GIT_SSH_COMMAND: slowSsh(root), GIT_SSH_VARIANT: 'simple' });
  repo = path.join(fs.realpathSync(sandbox.root), 'app');
  fs.mkdirSync(repo);
  git(repo, 'init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(repo, 'a.txt'), 'one\n');
  git(repo, 'add', 'a.txt');
  git(repo, 'commit', '-q', '-m', 'first');
});

afterEach(async () => {
  for (const host of ['hold', 'later']) fs.writeFileSync(path.join(releaseDir, host), '');
  await sandbox.cleanup();
  fs.rmSync(path.dirname(releaseDir), { recursive: true, force: true });
});

it('prefix N, a name and Enter make a worktree workspace on a new branch, listed in the strip and shown', async () => {
  const t = await openDialog();
  t.write('fix-login');
  await t.waitFor(/new branch feat\/fix-login/);
  t.write('\r');
  await t.waitFor(() => statusBar(t).startsWith(' fix-login '));
  await t.waitFor(() => /1 fix-login .*2 main/.test(strip(t)));
  expect(t.text()).not.toContain('New workspace');
  // The strip highlights the workspace on screen: the new one.
  const at = strip(t).indexOf('1 fix-login');
  expect(t.cell(at, ROWS - 2)?.isBgPalette() || t.cell(at, ROWS - 2)?.isBgRGB()).toBeTruthy();

  const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'fix-login');
  const entry = (JSON.parse(await sandbox.cliOk(['ls', '--json'])) as LsEntry[]).find((w) => w.name === 'fix-login');
  expect(entry).toMatchObject({ kind: 'worktree', path: dir, branch: 'feat/fix-login', base: 'main' });
  expect(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('feat/fix-login');
  // Its first pane is a shell in the new worktree.
  const panes = await sandbox.listPanes();
  expect(panes.find((p) => p.workspace === 'fix-login')?.cwd).toBe(dir);
});

it('refuses an invalid name inside the dialog, keeps what was typed, and creates nothing', async () => {
  const t = await openDialog();
  t.write('bad name');
  await t.waitFor(/Name +bad name/);
  // Live, under the name: the rule.
  await t.waitFor(/name: letters, digits, \. _ - only; at most 64; not starting with \. or -/);
  t.write('\r');
  // Enter: the same rule again on the dialog's problem line; the dialog stays with the name as typed.
  await t.waitFor(() => (t.text().match(/name: letters, digits/g) ?? []).length === 2);
  expect(t.text()).toMatch(/Name +bad name/);
  expect(statusBar(t).startsWith(' main ')).toBe(true);
  expect(await names()).toEqual(['main']);
  expect(rootEntries()).toEqual([]);
  // Fixed in place, it goes through.
  t.write('\x7f\x7f\x7f\x7f\x7f-ok');
  await t.waitFor(/new branch feat\/bad-ok/);
  t.write('\r');
  await t.waitFor(() => statusBar(t).startsWith(' bad-ok '));
  expect(await names()).toEqual(['bad-ok', 'main']);
});

it('Esc closes the dialog and creates nothing', async () => {
  const t = await openDialog();
  t.write('never');
  await t.waitFor(/new branch feat\/never/);
  t.write('\x1b');
  await t.waitFor(() => !t.text().includes('New workspace'));
  expect(statusBar(t).startsWith(' main ')).toBe(true);
  expect(await names()).toEqual(['main']);
  expect(rootEntries()).toEqual([]);
  expect(git(repo, 'branch', '--list', 'feat/never').trim()).toBe('');
});

it('clones a repository; a clone that fails is reported in the dialog with the entries kept and nothing left behind', async () => {
  const t = await openDialog();
  t.write(`${UP}${RIGHT}${RIGHT}`); // kind: worktree → adopt → clone
  await t.waitFor(/‹git clone›/);
  t.write(`${DOWN}${DOWN}${path.join(sandbox.root, 'missing.git')}`);
  await t.waitFor(/URL +.*missing\.git/);
  t.write('\r');
  await t.waitFor(/git clone failed/);
  expect(t.text()).toContain('New workspace');
  expect(await names()).toEqual(['main']);
  expect(rootEntries()).toEqual([]);

  // The repository's own folder is something to clone too; the name follows the URL.
  t.write('\x15'); // Ctrl+U clears the URL
  t.write(repo);
  await t.waitFor(/Name +app /);
  t.write('\r');
  await t.waitFor(() => statusBar(t).startsWith(' app '));
  const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'app');
  expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('one\n');
  expect(await names()).toEqual(['app', 'main']);
});

/** Switches the open dialog to "git clone" and types the URL. */
async function cloneOf(t: OuterTerminal, url: string): Promise<void> {
  t.write(`${UP}${RIGHT}${RIGHT}`);
  await t.waitFor(/‹git clone›/);
  t.write(`${DOWN}${DOWN}${url}`);
  await t.waitFor(() => t.text().includes(url.slice(-20)));
}

it('shows progress while git clones, and the server keeps answering; then shows the new workspace', async () => {
  const t = await openDialog();
  await cloneOf(t, `ssh://hold/${repo}`);
  t.write('\r');
  // The clone waits on the "network": the dialog says what it does and counts the seconds.
  await t.waitFor(/cloning ssh:\/\/hold\/.*… [1-9]\d* s/);
  expect(t.text()).toContain('Esc hide');
  // Git runs beside the server, not inside it: control commands and other clients are answered meanwhile.
  expect((await sandbox.listPanes()).map((p) => p.workspace)).toEqual(['main']);
  fs.writeFileSync(path.join(releaseDir, 'hold'), '');
  await t.waitFor(() => statusBar(t).startsWith(' app '));
  expect(await names()).toEqual(['app', 'main']);
});

it('Esc while git works hides the dialog; the status bar says when the workspace is ready', async () => {
  const t = await openDialog();
  await cloneOf(t, `ssh://later/${repo}`);
  t.write(`${UP}\x15later\r`);
  await t.waitFor(/cloning ssh:\/\/later/);
  t.write('\x1b');
  await t.waitFor(/still creating the workspace/);
  expect(t.text()).not.toContain('New workspace');
  fs.writeFileSync(path.join(releaseDir, 'later'), '');
  await t.waitFor(/workspace later is ready/);
  await t.waitFor(() => /1 later .*2 main/.test(strip(t)));
  // Still on "main": the strip highlights it, not the new one.
  const highlighted = (label: string) => {
    const cell = t.cell(strip(t).indexOf(label), ROWS - 2);
    return Boolean(cell?.isBgPalette() || cell?.isBgRGB());
  };
  expect(highlighted('2 main')).toBe(true);
  expect(highlighted('1 later')).toBe(false);
});

it('lists the branches a worktree holds as unavailable, and makes a worktree of a free existing branch', async () => {
  git(repo, 'branch', 'feat/free');
  git(repo, 'branch', 'held');
  const holder = path.join(fs.realpathSync(sandbox.root), 'held-here');
  git(repo, 'worktree', 'add', '-q', holder, 'held');
  const t = await openDialog();
  t.write(`${DOWN}${DOWN}${RIGHT}`); // name → repo → branch: existing
  await t.waitFor(/held · checked out in .*held-here/);
  expect(t.text()).toMatch(/main · checked out in .*app/);
  await t.waitFor(/Name +free/);
  t.write('\r');
  await t.waitFor(() => statusBar(t).startsWith(' free '));
  const dir = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'free');
  expect(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('feat/free');
});

it('adopts a folder typed relative to the current workspace; a folder that does not exist is refused inline', async () => {
  const notes = path.join(fs.realpathSync(sandbox.root), 'notes');
  fs.mkdirSync(notes);
  const t = await openDialog();
  t.write(`${UP}${RIGHT}`); // kind: adopt a folder
  await t.waitFor(/‹adopt a folder›/);
  t.write(`${DOWN}${DOWN}nowhere\r`);
  await t.waitFor(/no such directory: .*nowhere/);
  expect(await names()).toEqual(['main']);
  t.write('\x17notes'); // Ctrl+W: the last part of the path goes
  await t.waitFor(/Name +notes/);
  t.write('\r');
  await t.waitFor(() => statusBar(t).startsWith(' notes '));
  const entry = (JSON.parse(await sandbox.cliOk(['ls', '--json'])) as LsEntry[]).find((w) => w.name === 'notes');
  expect(entry).toMatchObject({ kind: 'adopted', path: notes });
});

it('is listed in help and in the command palette, and the N key can be rebound in the settings', async () => {
  sandbox.writeSettings({ keys: { 'new-workspace': 'W' } });
  await sandbox.cliOk(['new', '-d', '-s', 'main', '-c', repo]);
  const t = sandbox.open(['attach', '-t', 'main'], { cols: COLS, rows: ROWS });
  await t.waitFor(PROMPT_PATTERN);
  t.write(`${PREFIX}?`);
  await t.waitFor(/W +new workspace: git worktree, clone or folder \(dialog\)/);
  t.write('q');
  await t.waitFor(() => !t.text().includes('new workspace:'));
  t.write(`${PREFIX}:`);
  await t.waitFor(/Run an action/);
  t.write('new-workspace');
  await t.waitFor(/new-workspace +new workspace/);
  t.write('\r');
  await t.waitFor(/New workspace/);
  t.write('\x1b');
  await t.waitFor(() => !t.text().includes('New workspace'));
  t.write(`${PREFIX}W`);
  await t.waitFor(/New workspace/);
});

it("starts the panes of the template chosen in the dialog; the project file's are offered, waiting for approval", async () => {
  sandbox.writeSettings({ templates: [{ name: 'duo', description: 'two shells', panes: ['shell', 'shell'] }] });
  fs.writeFileSync(path.join(repo, '.tessera.json'), JSON.stringify({ templates: [{ name: 'proj', description: 'from the project', panes: ['shell'] }] }));
  const t = await openDialog();
  t.write('tpl');
  await t.waitFor(/new branch feat\/tpl/);
  t.write(`${DOWN}${DOWN}${DOWN}${DOWN}`); // name → repo → branch → base → template
  await t.waitFor(/› Template +‹none›/);
  // ← from "none" wraps to the last template: the built-in ones, then the settings', then the project's.
  t.write('\x1b[D');
  const shows = (...parts: string[]) => () => parts.every((part) => t.text().includes(part));
  await t.waitFor(shows('‹proj›', "from the project (from .tessera.json, needs approval: 'tessera trust')"));
  t.write('\x1b[D');
  await t.waitFor(shows('‹duo›', 'two shells'));
  t.write('\r');
  await t.waitFor(() => statusBar(t).startsWith(' tpl '));
  await t.waitFor(() => (t.text().match(/tsh\$/g) ?? []).length === 2);
  expect((await sandbox.listPanes()).filter((p) => p.workspace === 'tpl')).toHaveLength(2);
});
