// The read-only commands without a server, through the real binary: ls, list-panes and history answer
// from the records a previous server left on disk (its workspaces, all dormant now; its sessions), in
// the same shape as with a server, and no server is started or left running, no socket made.

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
    const historyWithServer = await eventually(
      async () => JSON.parse(await sandbox.cliOk(['history', '--json'])) as { workspace: string }[],
      (entries) => entries.some((e) => e.workspace === 'beta'),
      120_000,
    );
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
