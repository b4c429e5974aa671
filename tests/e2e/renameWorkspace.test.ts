// tessera rename through the real binary, a real server and real git: a worktree workspace renamed
// keeps its folder and branch; with --branch its branch is renamed by git, and ls and the record
// follow; a name git refuses as a branch leaves the workspace as it was.

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

interface Listed {
  name: string;
  path: string;
  branch: string | null;
}
const listed = async (): Promise<Listed[]> => JSON.parse(await sandbox.cliOk(['ls', '--json'])) as Listed[];
const branchOf = (dir: string): string => git(dir, 'symbolic-ref', '--short', 'HEAD').trim();

describe('tessera rename', () => {
  it('keeps the folder and the branch, and renames the branch only when asked', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'task', '--worktree', '--repo', repo, '--', 'sleep', '600']);
    const [made] = await listed();
    const folder = (made as Listed).path;
    const branch = branchOf(folder);

    expect(await sandbox.cliOk(['rename', '-t', 'task', 'fix-login'])).toMatch(/workspace task is now fix-login/);
    expect(await listed()).toMatchObject([{ name: 'fix-login', path: folder, branch }]);
    expect(branchOf(folder)).toBe(branch);

    // A branch name git refuses: nothing changes.
    const refused = await sandbox.cli(['rename', '-t', 'fix-login', 'again', '--branch', 'bad..name']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/'bad\.\.name' is not a valid branch name/);
    expect(await listed()).toMatchObject([{ name: 'fix-login', branch }]);

    expect(await sandbox.cliOk(['rename', '-t', 'fix-login', 'login', '--branch', 'feat/login'])).toMatch(/its branch is feat\/login/);
    expect(branchOf(folder)).toBe('feat/login');
    expect(fs.existsSync(folder)).toBe(true);
    expect(await listed()).toMatchObject([{ name: 'login', path: folder, branch: 'feat/login' }]);
    // The record says so too: a restarted server lists it the same way.
    await sandbox.cliOk(['kill-server']);
    expect(await listed()).toMatchObject([{ name: 'login', path: folder, branch: 'feat/login' }]);
    expect(path.basename(folder)).toBe('task');
    // A dozen commands through the real binary and git: each took up to 5 s with the machine's load at 20.
  }, 240_000);
});
