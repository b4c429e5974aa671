// Commands from a repository's .tessera.json run only once the user approved the file as it is:
// nothing runs before (the user is told how to approve, on the command line and in the status bar),
// `tessera trust --yes` starts what waited, the same file runs at once afterwards, and a changed file
// must be approved again.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { timedRequest } from '../helpers/controlProbe.js';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

let sandbox: TesseraSandbox;
let folder: string;

beforeEach(() => {
  sandbox = new TesseraSandbox();
  folder = path.join(fs.realpathSync(sandbox.root), 'project');
  fs.mkdirSync(folder);
});

afterEach(async () => {
  await sandbox.cleanup();
});

function writeProject(dir: string, value: unknown): void {
  fs.writeFileSync(path.join(dir, '.tessera.json'), JSON.stringify(value));
}

const panesOf = async (workspace: string) => (await sandbox.listPanes()).filter((p) => p.workspace === workspace);

describe('project files', () => {
  it('runs a project template only once approved (asked in a terminal), then at once, and asks again when the file changes', async () => {
    // The command is not on the allowlist: an approved project file does not need it to be.
    writeProject(folder, { templates: [{ name: 'web', panes: ['shell', { command: ['sh', '-c', 'echo ran >> marker; exec cat'] }] }] });
    const marker = path.join(folder, 'marker');

    const made = await sandbox.cli(['new', '-d', '-s', 'a', '-c', folder, '--template', 'web']);
    expect(made.code).toBe(0);
    expect(made.stderr).toBe(`tessera: ${folder}/.tessera.json is not approved yet, so nothing of it ran; 'tessera trust -t a' shows what it runs and approves it\n`);
    expect((await panesOf('a')).map((p) => p.command.split(' ')[0])).toEqual(['bash']);

    const listed = await sandbox.cliOk(['templates'], { cwd: folder });
    expect(listed).toMatch(/\nweb +shell \| sh -c 'echo ran >> marker; exec cat' \(project\) {2}\[not approved yet: see 'tessera trust'\]\n/);

    const shown = await sandbox.cli(['trust', '-t', 'a']);
    expect(shown.code).toBe(1);
    expect(shown.stdout).toMatch(new RegExp(`^${folder}/\\.tessera\\.json \\(sha256 [0-9a-f]{12}\\) is not approved; it would run:\\n  template web: shell \\| sh -c 'echo ran >> marker; exec cat'\\nwaiting to start in workspace a once approved\\nnothing approved: run again with --yes to approve it\\n$`));
    expect(await panesOf('a')).toHaveLength(1);
    expect(fs.existsSync(marker)).toBe(false);

    // In a terminal it asks; 'y' approves.
    const asking = sandbox.open(['trust', '-t', 'a']);
    await asking.waitFor('Approve it and run these commands? [y/N]');
    asking.write('y\r');
    await asking.waitFor('approved; started in workspace a');
    await eventually(() => fs.existsSync(marker), (found) => found);
    expect((await panesOf('a')).map((p) => p.command.split(' ')[0])).toEqual(['bash', 'bash', 'sh']);

    // Approved as it is: the next workspace from it starts the template at once.
    await sandbox.cliOk(['new', '-d', '-s', 'b', '-c', folder, '--template', 'web']);
    expect((await panesOf('b')).map((p) => p.command.split(' ')[0])).toEqual(['bash', 'sh']);
    await eventually(() => fs.readFileSync(marker, 'utf8'), (text) => text === 'ran\nran\n');
    expect((await sandbox.cli(['trust', '-t', 'b'])).stdout).toMatch(/is approved; it would run:[\s\S]*approved already/);

    // One changed byte: approval again, and the status bar of the terminal that attaches says so.
    writeProject(folder, { templates: [{ name: 'web', panes: ['shell', { command: ['sh', '-c', 'echo ran >> marker;  exec cat'] }] }] });
    const t = sandbox.open(['new', '-s', 'c', '-c', folder, '--template', 'web'], { cols: 160, rows: 30 });
    await t.waitFor('.tessera.json is not approved yet');
    expect(await panesOf('c')).toHaveLength(1);
    expect(fs.readFileSync(marker, 'utf8')).toBe('ran\nran\n');
  });

  it('runs the setup command of a repository for a new worktree only once approved, for every later worktree with the same file', async () => {
    const repo = path.join(folder, 'app');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    writeProject(repo, { setupCommand: 'sh -c "touch setup-ran"' });
    execFileSync('git', ['-C', repo, 'add', '.tessera.json']);
    execFileSync('git', ['-C', repo, 'commit', '-q', '-m', 'project file'], { env: { ...process.env, ...GIT_ENV } });
    const tree = (name: string) => path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', name);

    const first = await sandbox.cli(['new', '-d', '-s', 'w1', '--worktree'], { cwd: repo });
    expect(first.stderr).toMatch(/\.tessera\.json is not approved yet, so nothing of it ran; 'tessera trust -t w1'/);
    expect(await panesOf('w1')).toHaveLength(1);
    expect(fs.existsSync(path.join(tree('w1'), 'setup-ran'))).toBe(false);
    // The worktree's own file is shown; the approval is kept for the repository it was made from.
    const shown = await sandbox.cli(['trust', '-t', 'w1']);
    expect(shown.stdout).toContain(`${tree('w1')}/.tessera.json (sha256 `);
    expect(shown.stdout).toContain('  setupCommand: sh -c "touch setup-ran"\n');
    expect(shown.stdout).toContain(`\nthe approval is kept for ${repo}/.tessera.json: worktrees of that repository with this same file and these same scripts share it\n`);

    await sandbox.cliOk(['trust', '-t', 'w1', '--yes']);
    await eventually(() => fs.existsSync(path.join(tree('w1'), 'setup-ran')), (found) => found);

    const second = await sandbox.cli(['new', '-d', '-s', 'w2', '--worktree'], { cwd: repo });
    expect(second.stderr).toBe('');
    await eventually(() => fs.existsSync(path.join(tree('w2'), 'setup-ran')), (found) => found);

    // A worktree checks out what is committed: a changed file there is a new approval.
    writeProject(repo, { setupCommand: 'sh -c "touch setup-ran-too"' });
    execFileSync('git', ['-C', repo, 'commit', '-q', '-am', 'another setup'], { env: { ...process.env, ...GIT_ENV } });
    const third = await sandbox.cli(['new', '-d', '-s', 'w3', '--worktree'], { cwd: repo });
    expect(third.stderr).toMatch(/is not approved yet, so nothing of it ran; 'tessera trust -t w3'/);
    expect(await panesOf('w3')).toHaveLength(1);
    await sandbox.cliOk(['trust', '-t', 'w3', '--yes']);
    await eventually(() => fs.existsSync(path.join(tree('w3'), 'setup-ran-too')), (found) => found);
  });

  it('reports a damaged approvals file, moved aside with its bytes, and asks again', async () => {
    writeProject(folder, { templates: [{ name: 'one', panes: [{ command: ['sh', '-c', 'exec cat'] }] }] });
    const state = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName);
    fs.mkdirSync(state, { recursive: true });
    fs.writeFileSync(path.join(state, 'approved-projects.json'), '{ not json');
    const made = await sandbox.cli(['new', '-d', '-s', 'd', '-c', folder, '--template', 'one']);
    expect(made.stderr).toMatch(/is not approved yet, so nothing of it ran/);
    expect(made.stderr).toMatch(/the project approvals were moved aside: it is not valid JSON .*; its bytes are kept in .*approved-projects\.json\.corrupt-/);
    const aside = fs.readdirSync(state).find((n) => n.startsWith('approved-projects.json.corrupt-')) as string;
    expect(fs.readFileSync(path.join(state, aside), 'utf8')).toBe('{ not json');
  });

  it('approves only the contents that were shown: a file changed since then is refused, nothing approved', async () => {
    writeProject(folder, { templates: [{ name: 'one', panes: [{ command: ['sh', '-c', 'echo one >> marker; exec cat'] }] }] });
    await sandbox.cliOk(['new', '-d', '-s', 'e', '-c', folder, '--template', 'one']);
    const shown = (await timedRequest(sandbox, 'trust', { workspace: 'e' })).result as { hash: string; commands: string[] };
    expect(shown.commands).toEqual(["template one: sh -c 'echo one >> marker; exec cat'"]);
    writeProject(folder, { templates: [{ name: 'one', panes: [{ command: ['sh', '-c', 'echo two >> marker; exec cat'] }] }] });
    await expect(timedRequest(sandbox, 'trust', { workspace: 'e', approve: true, hash: shown.hash })).rejects.toThrow(/\.tessera\.json or a file it runs changed since it was shown; run 'tessera trust' again/);
    expect(await panesOf('e')).toHaveLength(1);
    expect((await sandbox.cli(['trust', '-t', 'e'])).stdout).toMatch(/is not approved; it would run:\n {2}template one: sh -c 'echo two >> marker; exec cat'\n/);
    expect(fs.existsSync(path.join(folder, 'marker'))).toBe(false);
  });

  it("offers a clone's own templates once it is cloned (approved first), and an unknown one removes the clone again", async () => {
    const source = path.join(folder, 'src');
    const remote = path.join(folder, 'remote.git');
    execFileSync('git', ['init', '-q', '-b', 'main', source]);
    writeProject(source, { templates: [{ name: 'web', panes: ['shell', { command: ['sh', '-c', 'echo ran >> marker; exec cat'] }] }] });
    execFileSync('git', ['-C', source, 'add', '.tessera.json']);
    execFileSync('git', ['-C', source, 'commit', '-q', '-m', 'project file'], { env: { ...process.env, ...GIT_ENV } });
    execFileSync('git', ['clone', '-q', '--bare', source, remote]);
    const made = await sandbox.cli(['new', '-d', '-s', 'c1', '--clone', remote, '--template', 'web']);
    const root = fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT);
    expect(made.stderr).toMatch(/c1\/\.tessera\.json is not approved yet, so nothing of it ran; 'tessera trust -t c1'/);
    expect(await panesOf('c1')).toHaveLength(1);
    await sandbox.cliOk(['trust', '-t', 'c1', '--yes']);
    await eventually(() => fs.existsSync(path.join(root, 'remote', 'c1', 'marker')), (found) => found);
    expect((await panesOf('c1')).map((p) => p.command.split(' ')[0])).toEqual(['bash', 'bash', 'sh']);

    const unknown = await sandbox.cli(['new', '-d', '-s', 'c2', '--clone', remote, '--template', 'nope']);
    expect(unknown.stderr).toMatch(/^tessera: no template named 'nope'; the templates are: .*all-agents, web \(/);
    expect(fs.existsSync(path.join(root, 'remote', 'c2'))).toBe(false);
    expect((JSON.parse(await sandbox.cliOk(['ls', '--json'])) as { name: string }[]).map((w) => w.name)).toEqual(['c1']);
  });
});
