// Reviewing through the real binary: diff shows what a workspace brings to its base (a commit
// included), ls --json counts the branch since its base, the conflict radar marks two worktrees
// editing the same lines in ls, the strip and the diff viewer (woken by the worktrees made, after it fell
// asleep with only a plain folder to watch), and the diff viewer jumps file to file, opens a file at
// its changed line and reads the diff again by itself, keeping its place.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git, repoWithRemote } from '../helpers/gitRepo.js';
import type { ServerInfo } from '../../src/commands/serverInfo.js';
import { TesseraSandbox, WAIT_TIMEOUT_MS, eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';
/**
 * The radar looks every second and captures a workspace at most every few, but each look runs git several times:
 * at load 26 the strip had no ⚠ after 60 s. Generous for a loaded machine.
 */
const RADAR_DEADLINE_MS = 120_000;
/** Two radar waits and a dozen steps through the real binary. */
const STRIP_TEST_MS = 300_000;

let sandbox: TesseraSandbox;
let repo: string;

interface LsEntry {
  name: string;
  diff: { added: number; removed: number; untracked: number; ahead: number; behind: number } | null;
  branchDiff: { files: number; added: number; removed: number; commits: number } | null;
  conflicts: { workspace: string; files: string[] }[];
}

/** `ls --json` as the server answers it (its CLI output is checked below and in control.test.ts): polled, so no Node start per poll. */
const ls = async (): Promise<LsEntry[]> => ((await sandbox.request('ls')) as { workspaces: LsEntry[] }).workspaces;
const entry = async (name: string): Promise<LsEntry | undefined> => (await ls()).find((w) => w.name === name);
const radarWatching = async (): Promise<boolean | undefined> => ((await sandbox.request('server-info')) as ServerInfo).radar?.watching;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  ({ repo } = repoWithRemote(sandbox.root));
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** Two worktrees of the repository: task-a commits a change to a.txt's second line, task-b edits the same line without committing. */
async function collidingWorktrees(): Promise<{ a: string; b: string }> {
  await sandbox.cliOk(['new', '-d', '-s', 'task-a', '--worktree'], { cwd: repo });
  await sandbox.cliOk(['new', '-d', '-s', 'task-b', '--worktree'], { cwd: repo });
  const root = path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app');
  const a = path.join(root, 'task-a');
  const b = path.join(root, 'task-b');
  fs.writeFileSync(path.join(a, 'a.txt'), 'one\nTWO from a\nthree\n');
  git(a, 'commit', '-q', '-am', 'a changes two');
  fs.writeFileSync(path.join(a, 'notes.txt'), 'note\n');
  fs.writeFileSync(path.join(b, 'a.txt'), 'one\ntwo from b\nthree\n');
  return { a, b };
}

describe('reviewing a workspace', () => {
  it('diff and ls count what the branch brings to its base; the radar names the workspaces that collide', async () => {
    // A server with a plain folder only: the radar, with nothing to compare, falls asleep. The worktrees
    // made next must wake it, or it never names their conflict.
    const plain = path.join(sandbox.root, 'plain');
    fs.mkdirSync(plain);
    await sandbox.cliOk(['new', '-d', '-s', 'plain', '-c', plain]);
    await eventually(radarWatching, (watching) => watching === false, WAIT_TIMEOUT_MS);
    expect(await sandbox.cliOk(['server-info'])).toContain('conflict radar: asleep, no workspace has a base branch');
    const { a } = await collidingWorktrees();
    const patch = await sandbox.cliOk(['diff', '-t', 'task-a']);
    expect(patch).toContain('+TWO from a'); // committed
    expect(patch).toContain('+++ b/notes.txt'); // untracked
    expect(await sandbox.cliOk(['diff', '-t', 'task-a', '--uncommitted', '--name-only'])).toBe('notes.txt\n');
    const json = JSON.parse(await sandbox.cliOk(['diff', '-t', 'task-a', '--json'])) as { files: unknown[] };
    expect(json.files).toEqual([
      { path: 'a.txt', status: 'modified', added: 1, removed: 1, binary: false },
      { path: 'notes.txt', status: 'untracked', added: 1, removed: 0, binary: false },
    ]);
    const bad = await sandbox.cli(['diff', '-t', 'task-a', '--staged', 'main..HEAD']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/cannot be combined/);
    const outside = await sandbox.cli(['diff', '-t', 'task-a', '--', '../task-b/a.txt'], { cwd: a });
    expect(outside.stderr).toMatch(/outside the workspace folder/);

    const first = await entry('task-a');
    expect(first?.diff).toMatchObject({ added: 1, removed: 0, untracked: 1, ahead: 1 });
    expect(first?.branchDiff).toEqual({ files: 2, added: 2, removed: 1, commits: 1 });

    const found = await eventually(() => entry('task-a'), (w) => (w?.conflicts.length ?? 0) > 0, RADAR_DEADLINE_MS);
    expect(found?.conflicts).toEqual([{ workspace: 'task-b', files: ['a.txt'] }]);
    expect(await radarWatching()).toBe(true);
    expect((await entry('task-b'))?.conflicts).toEqual([{ workspace: 'task-a', files: ['a.txt'] }]);
    expect(await sandbox.cliOk(['ls'])).toMatch(/task-a: .*\[since main: 2 files \+2 −1, 1 commit\] ⚠ conflicts with task-b \(a\.txt\)/);
  }, 180_000);

  it('an adopted folder without a base is compared with HEAD, and diff says so', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'plain', '-c', repo]);
    fs.writeFileSync(path.join(repo, 'a.txt'), 'one\nchanged\nthree\n');
    const result = await sandbox.cli(['diff', '-t', 'plain']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('+changed');
    expect(result.stderr).toMatch(/plain: this workspace has no base branch .*against HEAD/);
    expect((await entry('plain'))?.branchDiff).toBeNull();
  });

  it('the strip and the diff viewer show the collision; the viewer jumps, opens at the line and follows the workspace', async () => {
    const { a } = await collidingWorktrees();
    fs.writeFileSync(path.join(a, 'z.txt'), Array.from({ length: 60 }, (_, i) => `z line ${i + 1}`).join('\n') + '\n');
    const t = sandbox.open(['attach', '-t', 'task-a'], { cols: 140, rows: 40 });
    await t.waitFor(/tsh\$/);
    await t.waitFor(/task-a ⚠/, RADAR_DEADLINE_MS);

    t.write(`${PREFIX}G`);
    // Both changed line 2 of a.txt: the viewer names the line (from the two sides' hunks).
    await t.waitFor('also changed by task-b: a.txt line 2');
    await t.waitFor('1 commit since the base:');
    await t.waitFor('a changes two');
    const headRow = t.lines().findIndex((l) => l.includes('task-a: changes against main'));
    const topHas = (text: string) => (t.lines()[headRow] ?? '').includes(text);
    // ] jumps from the head to each file's header in turn.
    t.write(']');
    await t.waitFor(() => topHas('diff --git a/a.txt b/a.txt'));
    t.write(']');
    await t.waitFor(() => topHas('diff --git a/notes.txt b/notes.txt'));
    t.write(']');
    await t.waitFor(() => topHas('diff --git a/z.txt b/z.txt'));
    t.write('[');
    await t.waitFor(() => topHas('diff --git a/notes.txt b/notes.txt'));
    t.write(']');
    await t.waitFor(() => topHas('diff --git a/z.txt b/z.txt'));

    // An agent writes a file that sorts before z.txt: the viewer reads the diff again by itself and
    // keeps the reader on z.txt.
    fs.writeFileSync(path.join(a, 'm.txt'), Array.from({ length: 30 }, (_, i) => `m line ${i + 1}`).join('\n') + '\n');
    await t.waitFor('the diff, read again', RADAR_DEADLINE_MS);
    expect(topHas('diff --git a/z.txt b/z.txt')).toBe(true);
    t.write('g');
    await t.waitFor(/\? m\.txt +\+30 −0/);

    // o opens the file at the top at its changed line, in a viewer pane.
    t.write(']');
    await t.waitFor(() => topHas('diff --git a/a.txt b/a.txt'));
    t.write('o');
    const panes = await eventually(() => sandbox.listPanes(), (p) => p.filter((x) => x.workspace === 'task-a').length === 3);
    expect(panes.find((x) => x.command.includes(' source '))?.command).toMatch(/\/a\.txt 2$/);
    await t.waitFor('TWO from a');
  }, STRIP_TEST_MS);
});
