// Making a workspace leaves nothing wrong behind, with real git: a clone URL's user name and password
// reach neither the record, `ls --json`, the folder's name nor any title; a create interrupted by
// kill -9 removes the branch it made (and only that one), so the same name can be made again; and a
// create whose record cannot be written fails with a clear error and leaves nothing half made.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git, repoWithRemote } from '../helpers/gitRepo.js';
import { serveRepository, type GitHttpServer } from '../helpers/gitHttp.js';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';
import { killServerHard } from '../helpers/serverProcess.js';

let sandbox: TesseraSandbox;
let remote: string;
let repo: string;
let http: GitHttpServer | undefined;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  ({ remote, repo } = repoWithRemote(sandbox.root));
});

afterEach(async () => {
  await http?.close();
  http = undefined;
  await sandbox.cleanup();
});

const workspaceRoot = () => fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT);
const serverState = () => path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName);
const names = async () => (JSON.parse(await sandbox.cliOk(['ls', '--json'])) as { name: string }[]).map((w) => w.name);
const branches = () => git(repo, 'branch', '--list', '--format=%(refname:short)').trim().split('\n').filter((b) => b !== '');

/** Every file and folder name under `dir`, and the text of every file (.git folders left out). */
function everything(dir: string): string {
  const parts: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const full = path.join(dir, entry.name);
    parts.push(full);
    if (entry.isDirectory()) parts.push(everything(full));
    else if (entry.isFile()) parts.push(fs.readFileSync(full, 'utf8'));
  }
  return parts.join('\n');
}

describe('making a workspace', () => {
  it("keeps a clone URL's user name and password out of the record, ls --json, the folder's name and titles", async () => {
    http = await serveRepository(remote);
    // No path after the host: the folder (and the default name) would otherwise come from the user-info.
    const url = `${http.origin.replace('http://', 'http://tokenuser:s3cretpw@')}/`;
    const made = await sandbox.cli(['new', '-d', '--clone', url]);
    expect(made.code).toBe(0);
    const name = made.stdout.trim();
    expect(name).toBe(`127.0.0.1-${new URL(http.origin).port}`);
    const folder = path.join(workspaceRoot(), name, name);
    expect(fs.existsSync(path.join(folder, 'a.txt'))).toBe(true);
    // git keeps the URL as given in the clone's own config (its credential handling is its own).
    expect(git(folder, 'remote', 'get-url', 'origin').trim()).toBe(url);

    const t = sandbox.open(['attach', '-t', name]);
    await t.waitFor(name);
    const seen = [
      made.stdout,
      made.stderr,
      await sandbox.cliOk(['ls', '--json']),
      await sandbox.cliOk(['ls']),
      JSON.stringify(await sandbox.listPanes()),
      everything(serverState()),
      everything(workspaceRoot()),
      t.text(),
    ].join('\n');
    expect(JSON.parse(await sandbox.cliOk(['ls', '--json']))).toMatchObject([{ name, kind: 'clone', repo: `${http.origin}/`, path: folder }]);
    expect(seen).not.toContain('s3cretpw');
    expect(seen).not.toContain('tokenuser');
  });

  it('removes the branch an interrupted create made (only that one), so the same name can be made again', async () => {
    // A post-checkout hook holds git inside `git worktree add` (the branch made, the checkout done) until released.
    const marks = path.join(fs.realpathSync(sandbox.root), 'marks');
    fs.mkdirSync(marks);
    const hook = path.join(repo, '.git', 'hooks', 'post-checkout');
    const holdGit = () => fs.writeFileSync(hook, `#!/bin/sh\ntouch '${marks}/started'\nwhile [ ! -f '${marks}/release' ]; do sleep 0.05; done\ntouch '${marks}/finished'\n`, { mode: 0o755 });
    git(repo, 'branch', 'keep', 'main');
    await sandbox.cliOk(['start-server']);

    const interrupt = async (args: string[]) => {
      holdGit();
      for (const mark of ['started', 'release', 'finished']) fs.rmSync(path.join(marks, mark), { force: true });
      const creating = sandbox.cli(['new', '-d', ...args, '--repo', repo]);
      await eventually(() => fs.existsSync(path.join(marks, 'started')), (found) => found);
      await killServerHard(sandbox);
      fs.writeFileSync(path.join(marks, 'release'), '');
      await eventually(() => fs.existsSync(path.join(marks, 'finished')), (found) => found);
      expect((await creating).code).not.toBe(0);
    };

    // A new branch: made by the create, so removed with its half-made worktree by the next server.
    await interrupt(['-s', 'half', '--worktree']);
    expect(branches()).toContain('feat/half');
    fs.rmSync(hook);
    await sandbox.cliOk(['start-server']); // a new server cleans up what the killed one left half made
    expect(await names()).toEqual([]);
    expect(branches()).not.toContain('feat/half');
    expect(fs.existsSync(path.join(workspaceRoot(), 'app', 'half'))).toBe(false);
    expect(fs.readFileSync(path.join(sandbox.env.TESSERA_TMPDIR, `tessera-${process.getuid?.() ?? 0}`, `${sandbox.socketName}.log`), 'utf8')).toMatch(
      /removed .*app\/half and its new branch feat\/half: making workspace half was interrupted/,
    );
    const retried = await sandbox.cli(['new', '-d', '-s', 'half', '--worktree', '--repo', repo]);
    expect(retried.code).toBe(0);
    expect(git(path.join(workspaceRoot(), 'app', 'half'), 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('feat/half');

    // An existing branch checked out: the worktree goes, the branch stays.
    await interrupt(['-s', 'kept', '--worktree', '--branch', 'keep']);
    fs.rmSync(hook);
    await sandbox.cliOk(['start-server']);
    expect(await names()).toEqual(['half']);
    expect(branches()).toContain('keep');
    expect(fs.existsSync(path.join(workspaceRoot(), 'app', 'kept'))).toBe(false);
  });

  it('fails with a clear error when the record cannot be written, and leaves nothing half made', async () => {
    await sandbox.cliOk(['start-server']);
    // Where the records go, a file instead of a folder: every record write fails (root ignores read-only modes).
    fs.mkdirSync(serverState(), { recursive: true });
    fs.writeFileSync(path.join(serverState(), 'workspaces'), 'in the way\n');

    const worktree = await sandbox.cli(['new', '-d', '-s', 'wt', '--worktree', '--repo', repo]);
    expect(worktree.code).toBe(1);
    expect(worktree.stdout).toBe('');
    expect(worktree.stderr).toMatch(/^tessera: workspace wt was not made: its record cannot be saved \(EEXIST: file already exists, mkdir '.*\/workspaces'\)\n$/);
    expect(fs.existsSync(path.join(workspaceRoot(), 'app', 'wt'))).toBe(false);
    expect(branches()).toEqual(['main']);
    expect(git(repo, 'worktree', 'list').trim().split('\n')).toHaveLength(1);

    const adopted = await sandbox.cli(['new', '-d', '-s', 'here', '-c', repo]);
    expect(adopted.code).toBe(1);
    expect(adopted.stderr).toMatch(/^tessera: workspace here was not made: its record cannot be saved/);
    expect(await names()).toEqual([]);
    expect(await sandbox.listPanes()).toEqual([]);

    // Nothing comes back after a restart, and with the records writable again the same names are made.
    await sandbox.cliOk(['kill-server']);
    fs.rmSync(path.join(serverState(), 'workspaces'));
    expect(await names()).toEqual([]);
    await sandbox.cliOk(['new', '-d', '-s', 'wt', '--worktree', '--repo', repo]);
    expect(await names()).toEqual(['wt']);
  });
});
