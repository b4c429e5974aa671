// Templates on the real binary: several panes at once in their layout, agents that are not installed
// left out with a note (CLI and status bar), the prompt in every agent pane, unknown names refused
// with nothing made, and a reopened workspace restoring its own layout rather than the template.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

/** A stand-in for an agent CLI: asks for bracketed paste as they do, then reads lines (logged beside it). */
const FAKE_CLI = (name: string) => `#!/bin/sh
printf '\\033[?2004h'
log="$(dirname "$0")/${name}.log"
while true; do
  printf '${name}> '
  IFS= read -r line || exit 0
  printf '%s\\n' "$line" | sed 's/\\x1b\\[20[01]~//g' >> "$log"
done
`;

let sandbox: TesseraSandbox;
let bin: string;
let folder: string;

beforeEach(() => {
  const root = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'tessera-tpl-bin-'));
  bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  // Only claude is "installed": codex, gemini and opencode are on no PATH the server sees.
  fs.writeFileSync(path.join(bin, 'claude'), FAKE_CLI('claude'), { mode: 0o755 });
  sandbox = new TesseraSandbox({ PATH: `${bin}:/usr/bin:/bin` });
  folder = path.join(fs.realpathSync(sandbox.root), 'project');
  fs.mkdirSync(folder);
});

afterEach(async () => {
  await sandbox.cleanup();
  fs.rmSync(path.dirname(bin), { recursive: true, force: true });
});

function record(name: string): { template?: string; panes: { kind: string; agent?: string }[] } {
  const file = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'workspaces', `${name}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { template?: string; panes: { kind: string; agent?: string }[] };
}

describe('workspace templates', () => {
  it('starts an agent beside a shell, and keeps the template name in the record', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'duo', '-c', folder, '--template', 'claude+shell']);
    const panes = await sandbox.listPanes();
    expect(panes.map((p) => [p.agent, p.command.split(' ')[0]])).toEqual([
      ['claude', 'claude'],
      [null, 'bash'],
    ]);
    expect(panes[0].focused).toBe(true);
    // Side by side: the same row, the shell to the right of the agent.
    expect(panes[1].rect?.y).toBe(panes[0].rect?.y);
    expect(panes[1].rect?.x).toBeGreaterThan(panes[0].rect?.x ?? 0);
    expect(panes.every((p) => p.cwd === folder)).toBe(true);
    expect(record('duo').template).toBe('claude+shell');
  });

  it('leaves out an agent that is not installed, says so, and still opens the workspace', async () => {
    const made = await sandbox.cli(['new', '-d', '-s', 'both', '-c', folder, '--template', 'pair+shell']);
    expect(made.code).toBe(0);
    expect(made.stderr).toBe('tessera: template pair+shell: left out codex (not installed)\n');
    const panes = await sandbox.listPanes();
    expect(panes.map((p) => p.agent ?? 'shell')).toEqual(['claude', 'shell']);
    expect(panes[1].rect?.y).toBeGreaterThan(panes[0].rect?.y ?? 0); // the shell below ('bottom' layout)

    // The same note in the status bar of the terminal that attaches.
    const t = sandbox.open(['new', '-s', 'shown', '-c', folder, '--template', 'pair']);
    await t.waitFor('template pair: left out codex (not installed)');
  });

  it('gives --prompt to every agent pane of the template, never to a shell', async () => {
    // A custom agent whose idle screen tessera recognises, so the prompt is typed once it is ready.
    fs.writeFileSync(path.join(bin, 'helper'), FAKE_CLI('helper'), { mode: 0o755 });
    sandbox.writeSettings({
      customAgents: [{ name: 'helper', command: path.join(bin, 'helper'), detection: { idle: ['^helper>\\s*$'] }, approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' } }],
      templates: [{ name: 'two-helpers', layout: 'columns', panes: ['helper', 'shell', 'helper'] }],
    });
    await sandbox.cliOk(['new', '-d', '-s', 'p', '-c', folder, '--template', 'two-helpers', '--prompt', 'fix the tests']);
    const log = path.join(bin, 'helper.log');
    await eventually(
      () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''),
      (text) => text === 'fix the tests\nfix the tests\n',
      30_000, // each agent must settle idle first; slow on a loaded machine
    );
    const panes = await sandbox.listPanes();
    expect(panes.map((p) => p.agent ?? 'shell')).toEqual(['helper', 'shell', 'helper']);
    expect(new Set(panes.map((p) => p.rect?.y)).size).toBe(1); // columns: all side by side
    expect(await sandbox.cliOk(['capture-pane', '-t', String(panes[1].id)])).not.toContain('fix the tests');
  });

  it('refuses an unknown template in one line with the names, and makes nothing', async () => {
    const repo = path.join(folder, 'repo');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    execFileSync('git', ['-C', repo, 'commit', '-q', '--allow-empty', '-m', 'first'], { env: { ...process.env, ...GIT_ENV } });
    for (const args of [['-c', folder], ['--worktree', '--repo', repo]]) {
      const refused = await sandbox.cli(['new', '-d', '-s', 'nope', ...args, '--template', 'nope']);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/^tessera: no template named 'nope'; the templates are: claude\+shell, codex\+shell, pair, pair\+shell, all-agents \('tessera templates' says what each starts\)\n$/);
    }
    expect(JSON.parse(await sandbox.cliOk(['ls', '--json']))).toEqual([]);
    expect(fs.existsSync(path.join(sandbox.env.TESSERA_WORKSPACE_ROOT, 'repo', 'nope'))).toBe(false);
    // The worktree's template is looked for in its own checkout: made, then removed with the branch it made.
    expect(execFileSync('git', ['-C', repo, 'branch', '--list', 'feat/nope'], { encoding: 'utf8' })).toBe('');
    expect(execFileSync('git', ['-C', repo, 'worktree', 'list'], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(1);
    // Without a name: the list, as 'tessera templates' prints it, and nothing made.
    const listing = await sandbox.cli(['new', '-d', '--template']);
    expect(listing.code).toBe(1);
    expect(listing.stdout).toBe(await sandbox.cliOk(['templates']));
    expect(listing.stdout).toMatch(/^claude\+shell +Claude Code, a shell beside it/);
    expect(listing.stderr).toBe('tessera: --template needs a name: one of the templates above (nothing was made)\n');
    expect(JSON.parse(await sandbox.cliOk(['ls', '--json']))).toEqual([]);
  });

  it('lists the templates with what they start and what is missing here', async () => {
    sandbox.writeSettings({ templates: [{ name: 'mine', description: 'my setup', panes: ['claude', { command: ['sh', '-c', 'top'] }] }] });
    const text = await sandbox.cliOk(['templates']);
    expect(text).toMatch(/^claude\+shell +Claude Code, a shell beside it: claude \| shell\n/);
    expect(text).toMatch(/\npair +Claude Code and Codex side by side .*: claude \| codex {2}\[not installed: codex\]\n/);
    expect(text).toMatch(/\nmine +my setup: claude \| sh -c top \(yours\)\n/);
    const json = JSON.parse(await sandbox.cliOk(['templates', '--json'])) as { name: string; source: string }[];
    expect(json.map((t) => `${t.name}:${t.source}`)).toEqual(['claude+shell:built-in', 'codex+shell:built-in', 'pair:built-in', 'pair+shell:built-in', 'all-agents:built-in', 'mine:settings']);
  });

  it('names the mistake in the settings file when a template it defines is unknown for that reason', async () => {
    sandbox.writeSettings({ templates: [{ name: 'mine', panes: ['claude'] }], scrollback: -1 });
    const refused = await sandbox.cli(['new', '-d', '-s', 'w', '-c', folder, '--template', 'mine']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^tessera: no template named 'mine'; the templates are: .*; the settings file is not in use, so neither are its templates and custom agents: .*scrollback/);
    expect(JSON.parse(await sandbox.cliOk(['ls', '--json']))).toEqual([]);
    const listing = await sandbox.cli(['templates']);
    expect(listing.code).toBe(0);
    expect(listing.stdout).not.toMatch(/^mine /m);
    expect(listing.stderr).toMatch(/^tessera: the settings file is not in use, so neither are its templates and custom agents: .*scrollback/);
  });

  it('makes a worktree from a template, and reopening it restores its own layout, not the template', async () => {
    const repo = path.join(folder, 'app');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    execFileSync('git', ['-C', repo, 'commit', '-q', '--allow-empty', '-m', 'first'], { env: { ...process.env, ...GIT_ENV } });
    await sandbox.cliOk(['new', '-d', '-s', 'feat', '--worktree', '--template', 'claude+shell'], { cwd: repo });
    const [agent, shell] = await sandbox.listPanes();
    expect(agent.cwd).toBe(path.join(fs.realpathSync(sandbox.env.TESSERA_WORKSPACE_ROOT), 'app', 'feat'));
    await sandbox.cliOk(['kill-pane', '-t', String(shell.id)]);
    await eventually(() => record('feat').panes.length, (n) => n === 1);
    await sandbox.cliOk(['kill-server']);

    const t = sandbox.open(['attach', '-t', 'feat']);
    await t.waitFor('claude>');
    const reopened = await sandbox.listPanes();
    expect(reopened.map((p) => p.agent ?? 'shell')).toEqual(['claude']);
    expect(record('feat').template).toBe('claude+shell');
  });
});
