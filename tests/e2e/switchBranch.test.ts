// tessera switch through the real binary, a real server and real git: a worktree workspace switched to a
// new branch (-c) while open and back while dormant (after tessera stop), ls and the record following it;
// what git refuses (changes a checkout would overwrite, an unknown branch, a name taken) refused with
// git's words and nothing changed; a branch checked out in another worktree refused naming its folder.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GIT_ENV, git, repoWithRemote } from '../helpers/gitRepo.js';
import { TesseraSandbox } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
let repo: string;

beforeEach(() => {
  sandbox = new TesseraSandbox(GIT_ENV);
  ({ repo } = repoWithRemote(sandbox.root));
});

afterEach(async () => {
  await sandbox.cleanup();
});

async function worktree(name: string): Promise<string> {
  await sandbox.cliOk(['new', '-d', '-s', name, '--worktree', '--repo', repo, '--', 'sleep', '600']);
  return path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', name);
}

interface Listed {
  name: string;
  state: string;
  branch: string | null;
}

const branchOf = (dir: string): string => git(dir, 'symbolic-ref', '--short', 'HEAD').trim();
const listed = async (name: string): Promise<Listed | undefined> => (JSON.parse(await sandbox.cliOk(['ls', '--json'])) as Listed[]).find((w) => w.name === name);

/** The branch in a workspace's record file. */
function storedBranch(name: string): string | undefined {
  const state = sandbox.env.TESSERA_STATE_DIR;
  const files = fs.readdirSync(state, { recursive: true }).map(String).filter((f) => f.endsWith(path.join('workspaces', `${name}.json`)));
  expect(files.length).toBe(1);
  return (JSON.parse(fs.readFileSync(path.join(state, files[0]), 'utf8')) as { branch?: string }).branch;
}

describe('tessera switch', () => {
  it('switches an open workspace to a new branch and a dormant one back; ls follows', async () => {
    const dir = await worktree('w1');
    expect(branchOf(dir)).toBe('feat/w1');
    const made = await sandbox.cliOk(['switch', '-t', 'w1', 'topic/x', '-c']);
    expect(made).toMatch(/w1: switched from feat\/w1 to the new branch topic\/x/);
    expect(branchOf(dir)).toBe('topic/x');
    expect(await listed('w1')).toMatchObject({ state: 'open', branch: 'topic/x' });

    const stopped = await sandbox.cliOk(['stop', '-t', 'w1']);
    expect(stopped).toMatch(/stopped w1: 1 pane ended; it is dormant/);
    // Dormant: ls reads the record (and git); both say topic/x.
    expect(await listed('w1')).toMatchObject({ state: 'dormant', branch: 'topic/x' });
    // The record itself follows (what reset checks against, and what ls shows when git cannot be read).
    expect(storedBranch('w1')).toBe('topic/x');
    await sandbox.cliOk(['switch', '-t', 'w1', 'feat/w1']);
    expect(branchOf(dir)).toBe('feat/w1');
    expect(await listed('w1')).toMatchObject({ state: 'dormant', branch: 'feat/w1' });
    expect(storedBranch('w1')).toBe('feat/w1');
  });

  it("refuses what git refuses, with git's message, and changes nothing", async () => {
    const dir = await worktree('w1');
    // Another branch where a.txt differs, and an uncommitted edit of a.txt here: git will not overwrite it.
    git(dir, 'switch', '-q', '-c', 'other');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'other\n');
    git(dir, 'commit', '-q', '-am', 'other');
    git(dir, 'switch', '-q', 'feat/w1');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'my edit\n');

    const dirty = await sandbox.cli(['switch', '-t', 'w1', 'other']);
    expect(dirty.code).not.toBe(0);
    expect(dirty.stderr).toMatch(/local changes to the following files would be overwritten/);
    expect(dirty.stderr).toMatch(/a\.txt/);
    expect(branchOf(dir)).toBe('feat/w1');
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('my edit\n');

    const unknown = await sandbox.cli(['switch', '-t', 'w1', 'no-such-branch']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/git switch refused: .*invalid reference: no-such-branch/);

    const taken = await sandbox.cli(['switch', '-t', 'w1', 'other', '-c']);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toMatch(/already exists/);

    const bad = await sandbox.cli(['switch', '-t', 'w1', '--', '-x']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/'-x' is not a valid branch name/);
    expect(branchOf(dir)).toBe('feat/w1');
    expect((await listed('w1'))?.branch).toBe('feat/w1');
  });

  it('names the folder (and workspace) holding a branch checked out elsewhere', async () => {
    await worktree('w1');
    const w2 = await worktree('w2');
    const held = await sandbox.cli(['switch', '-t', 'w1', 'feat/w2']);
    expect(held.code).not.toBe(0);
    expect(held.stderr).toContain(`branch 'feat/w2' is checked out in ${w2}`);
    expect(held.stderr).toMatch(/workspace w2's/);
    const main = await sandbox.cli(['switch', '-t', 'w1', 'main']);
    expect(main.code).not.toBe(0);
    expect(main.stderr).toContain(`branch 'main' is checked out in ${repo}`);
    expect((await listed('w1'))?.branch).toBe('feat/w1');
  });
});
