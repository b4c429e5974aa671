// The read-only commands without a server, through the real binary: ls, list-panes and history answer
// from the records a previous server left on disk (its workspaces, all dormant now; its sessions), in
// the same shape as with a server, templates with what a server would answer for the same files, and
// no server is started or left running, no socket made.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** Every socket file under the sandbox's socket folder. */
function sockets(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isSocket()) found.push(full);
    }
  };
  walk(sandbox.env.TESSERA_TMPDIR);
  return found;
}

interface Listed {
  name: string;
  state: string;
  panes: number;
}

describe('looking without a server', () => {
  it('answers ls, list-panes and history from the records on disk and starts no server', async () => {
    const dir = path.join(sandbox.root, 'project');
    fs.mkdirSync(dir);
    await sandbox.cliOk(['new', '-d', '-s', 'alpha', '-c', dir, '--', 'sleep', '600']);
    await sandbox.cliOk(['split', '-t', 'alpha:0', '--right', '--', 'sleep', '600']);
    // A session long enough to be kept in the history (10 s): it ends on its own.
    await sandbox.cliOk(['new', '-d', '-s', 'beta', '-c', dir, '--', 'sh', '-c', 'sleep 11']);
    // Polled on the socket (a Node start per poll was nearly half of this file's commands), then read through the CLI.
    await eventually(
      async () => ((await sandbox.request('history')) as { entries: { workspace: string }[] }).entries,
      (entries) => entries.some((e) => e.workspace === 'beta'),
      120_000,
    );
    const historyWithServer = JSON.parse(await sandbox.cliOk(['history', '--json'])) as { workspace: string }[];
    const lsWithServer = JSON.parse(await sandbox.cliOk(['ls', '--json'])) as Listed[];
    await sandbox.cliOk(['kill-server']);
    await eventually(() => sandbox.serversUnderRoot(), (pids) => pids.length === 0);
    expect(sockets()).toEqual([]);

    const ls = await sandbox.cli(['ls', '--json']);
    expect(ls.code).toBe(0);
    const listed = JSON.parse(ls.stdout) as Listed[];
    expect(listed.map((w) => [w.name, w.state, w.panes]).sort()).toEqual([
      ['alpha', 'dormant', 2],
      ['beta', 'dormant', 1],
    ]);
    // The same shape as a server's answer: the same fields for each workspace.
    expect(Object.keys(listed[0] as object).sort()).toEqual(Object.keys(lsWithServer[0] as object).filter((k) => k !== 'stack').sort());
    expect(ls.stderr).toMatch(/no server is running/);
    const text = await sandbox.cli(['ls']);
    expect(text.stdout).toMatch(/^alpha: dormant 2 panes /m);

    const panes = await sandbox.cli(['list-panes', '--json']);
    expect(panes.code).toBe(0);
    expect(JSON.parse(panes.stdout)).toEqual([]);
    expect(panes.stderr).toMatch(/dormant workspaces: .*alpha \(2 panes\)/);

    const history = await sandbox.cli(['history', '--json']);
    expect(history.code).toBe(0);
    // What the server listed, and the sessions kill-server ended (written as it stopped).
    const entries = JSON.parse(history.stdout) as { workspace: string; outcome: string }[];
    expect(entries.slice(0, historyWithServer.length)).toEqual(historyWithServer);
    expect(entries.filter((e) => e.workspace === 'alpha').map((e) => e.outcome)).toEqual(['killed', 'killed']);

    // Nothing was started to answer, and nothing is left behind.
    expect(sandbox.serversUnderRoot()).toEqual([]);
    expect(sockets()).toEqual([]);
  }, 240_000);
});

describe('templates without a server', () => {
  it("lists the same templates as a server would (yours, the project's, what is installed, what is approved) and starts none", async () => {
    // Only claude is installed here; codex and the custom agent 'helper' are on no PATH.
    const bin = path.join(sandbox.root, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'claude'), '#!/bin/sh\nexec cat\n', { mode: 0o755 });
    const env = { PATH: `${bin}:/usr/bin:/bin` };
    sandbox.writeSettings({
      customAgents: [{ name: 'helper', command: 'helper', detection: { idle: ['^helper> '], running: ['^Working'], approval: ['^Allow\\?'] }, approvalKeys: { allow: 'y', deny: 'n', abort: 'C-c' } }],
      templates: [{ name: 'mine', description: 'my setup', panes: ['claude', { agent: 'helper' }, { command: ['sh', '-c', 'top'] }] }],
    });
    // A repository with a project file, asked from a folder inside it: the file at its top is read.
    const repo = path.join(fs.realpathSync(sandbox.root), 'repo');
    const inside = path.join(repo, 'src');
    fs.mkdirSync(inside, { recursive: true });
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    fs.writeFileSync(path.join(repo, '.tessera.json'), JSON.stringify({ templates: [{ name: 'web', panes: ['codex', { command: ['npm', 'run', 'dev'] }] }] }));

    const answers = async () => ({
      text: await sandbox.cli(['templates'], { cwd: inside, env }),
      json: await sandbox.cli(['templates', '--json'], { cwd: inside, env }),
    });
    const noServerLeft = () => {
      expect(sandbox.serversUnderRoot()).toEqual([]);
      expect(sockets()).toEqual([]);
    };
    const startServer = async () => {
      await sandbox.cliOk(['start-server'], { env });
      expect(sandbox.serversUnderRoot()).toHaveLength(1);
    };
    const stopServer = async () => {
      await sandbox.cliOk(['kill-server']);
      await eventually(() => sandbox.serversUnderRoot(), (pids) => pids.length === 0);
    };

    const offline = await answers();
    noServerLeft();
    expect(offline.text.code).toBe(0);
    expect(offline.text.stderr).toBe('');
    const listed = JSON.parse(offline.json.stdout) as { name: string; source: string; missing: string[]; needsApproval: boolean }[];
    expect(listed.map((t) => [t.name, t.source, t.missing.join(','), t.needsApproval])).toEqual([
      ['claude+shell', 'built-in', '', false],
      ['codex+shell', 'built-in', 'codex', false],
      ['pair', 'built-in', 'codex', false],
      ['pair+shell', 'built-in', 'codex', false],
      ['all-agents', 'built-in', 'codex,gemini,opencode', false],
      ['mine', 'settings', 'helper', false],
      ['web', 'project', 'codex', true],
    ]);
    expect(offline.text.stdout).toMatch(/\nweb +codex \| npm run dev \(project\) {2}\[not installed: codex\] {2}\[not approved yet: see 'tessera trust'\]\n$/);
    await startServer();
    expect(await answers()).toEqual(offline);

    // Approved through the server: without it, the approval it keeps on disk is read.
    await sandbox.cliOk(['new', '-d', '-s', 'web', '-c', repo, '--', 'sleep', '600'], { env });
    await sandbox.cliOk(['trust', '-t', 'web', '--yes']);
    const approvedWithServer = await answers();
    expect(approvedWithServer.text.stdout).toMatch(/\nweb +codex \| npm run dev \(project\) {2}\[not installed: codex\]\n$/);
    await stopServer();
    expect(await answers()).toEqual(approvedWithServer);
    noServerLeft();

    // A settings file with a mistake: neither uses its templates, and both say why on stderr.
    sandbox.writeSettings({ templates: [{ name: 'mine', panes: ['claude'] }], scrollback: -1 });
    const broken = await answers();
    noServerLeft();
    expect(broken.text.stdout).not.toMatch(/^mine /m);
    expect(broken.text.stderr).toMatch(/^tessera: the settings file is not in use, so neither are its templates and custom agents: .*scrollback/);
    await startServer();
    expect(await answers()).toEqual(broken);
  }, 240_000);
});

describe('start-server', () => {
  it('starts the server once, wakes no workspace, and a second call finds it running', async () => {
    const dir = path.join(sandbox.root, 'project');
    fs.mkdirSync(dir);
    await sandbox.cliOk(['new', '-d', '-s', 'alpha', '-c', dir, '--', 'sleep', '600']);
    await sandbox.cliOk(['kill-server']);
    await eventually(() => sandbox.serversUnderRoot(), (pids) => pids.length === 0);

    // Without any workspace, ls says only that.
    const empty = new TesseraSandbox();
    try {
      expect(await empty.cli(['ls'])).toEqual({ code: 0, stdout: "no workspaces (start one with 'tessera' in a folder, or 'tessera new')\n", stderr: '' });
      expect(empty.serversUnderRoot()).toEqual([]);
    } finally {
      await empty.cleanup();
    }

    const started = await sandbox.cli(['start-server']);
    expect(started).toEqual({ code: 0, stdout: '', stderr: '' });
    const servers = sandbox.serversUnderRoot();
    expect(servers).toHaveLength(1);
    expect((await sandbox.cli(['start'])).code).toBe(0);
    expect(sandbox.serversUnderRoot()).toEqual(servers);

    const listed = JSON.parse(await sandbox.cliOk(['ls', '--json'])) as Listed[];
    expect(listed.map((w) => [w.name, w.state])).toEqual([['alpha', 'dormant']]);
    expect(await sandbox.listPanes()).toEqual([]);
  }, 240_000);
});
