// tessera stop: a workspace's panes end (their processes are gone), it is listed as dormant with its layout,
// its agents keep their conversation (the one they are in at the stop, looked up then), and attach opens it
// again as it was; other workspaces are untouched.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PtySpawnOptions } from '../../src/pty/ptyProcess.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { until } from '../harness/until.js';
import { SHELL_PROMPT, fakeShell } from '../harness/programs.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  workspace: string;
  title: string;
  pid: number | null;
  status: string;
  agent: string | null;
  sessionId: string | null;
  rect: unknown;
  focused: boolean;
}

interface Listed {
  name: string;
  state: string;
  panes: number;
}

const panesOf = async (s: InProcessServer, workspace: string) => ((await s.request('list-panes')) as PaneRow[]).filter((p) => p.workspace === workspace);
const listed = async (s: InProcessServer) => ((await s.request('ls')) as { workspaces: Listed[] }).workspaces;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('tessera stop', () => {
  it('leaves the workspace dormant with its layout and conversations; attach opens it again as it was', async () => {
    // A stand-in for the claude CLI on PATH (played by a script): tessera starts it with --session-id, then --resume.
    const bin = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'tessera-stop-bin-'));
    fs.writeFileSync(path.join(bin, 'claude'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const claudeLaunches: string[][] = [];
    const programFor = (spawn: PtySpawnOptions) => {
      if (path.basename(spawn.file) !== 'claude') return fakeShell();
      claudeLaunches.push(spawn.args);
      return fakeShell('claude> ');
    };
    server = await InProcessServer.start({ programFor, env: { PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` } });
    const s = server;
    try {
      const client = s.attach({ cwd: s.folder('alpha') });
      await client.waitFor(SHELL_PROMPT);
      const [shell] = (await s.request('list-panes')) as PaneRow[];
      const workspace = shell.workspace;
      await s.request('split', { pane: String(shell.id), side: 'right', command: ['claude'] });
      await s.request('split', { pane: String(shell.id), side: 'down' });
      await s.request('rename-pane', { pane: String(shell.id), title: 'editor' });
      await s.request('resize-pane', { pane: String(shell.id), direction: 'right', cells: 7 });
      const agent = await until(() => panesOf(s, workspace), (rows) => rows.some((p) => p.agent === 'claude' && p.sessionId !== null), 'the agent pane').then((rows) => rows.find((p) => p.agent === 'claude') as PaneRow);
      expect(claudeLaunches[0]).toContain(agent.sessionId);

      // Another workspace, with its own client, keeps running.
      const other = s.attach({ cwd: s.folder('beta') });
      await other.waitFor(SHELL_PROMPT);
      const otherName = ((await s.request('list-panes')) as PaneRow[]).find((p) => p.workspace !== workspace)?.workspace as string;
      const otherBefore = await panesOf(s, otherName);

      // The agent moved to another conversation since it started (what /clear does): the stop looks it up.
      const clearedTo = '0b7c0f64-3d0e-4c55-9b84-5e1f0a2d9c11';
      const projects = path.join(s.env.HOME as string, '.claude', 'projects', s.folder('alpha').replace(/[^a-zA-Z0-9]/g, '-'));
      fs.mkdirSync(projects, { recursive: true });
      fs.writeFileSync(path.join(projects, `${clearedTo}.jsonl`), '{}\n');

      const before = await panesOf(s, workspace);
      const stopped = (await s.request('stop', { workspace })) as { panes: number; agents: { pane: number; sessionId: string | null }[] };
      expect(stopped.panes).toBe(3);
      expect(stopped.agents).toEqual([{ pane: agent.id, agent: 'claude', sessionId: clearedTo }]);
      await client.waitFor(() => client.ended !== undefined, 'the client showing it detached');
      expect(client.ended?.reason).toMatch(/was stopped; 'tessera attach -t .*' opens it again/);

      expect(await panesOf(s, workspace)).toEqual([]);
      for (const p of before) await until(() => s.program(p.id).exitedNow, (gone) => gone, `pane ${p.id}'s program to end`);
      const rows = await listed(s);
      expect(rows.find((w) => w.name === workspace)).toMatchObject({ state: 'dormant', panes: 3 });
      expect(rows.find((w) => w.name === otherName)).toMatchObject({ state: 'open', panes: 1 });
      expect(await panesOf(s, otherName)).toEqual(otherBefore);
      expect(other.ended).toBeUndefined();
      expect(s.program(otherBefore[0].id).exitedNow).toBe(false);
      expect(s.storedRecord(workspace)?.panes.find((p) => p.agent === 'claude')?.sessionId).toBe(clearedTo);
      await expect(s.request('stop', { workspace })).rejects.toThrow(/dormant already/);

      const reopened = s.attach({ workspace });
      await reopened.waitFor(SHELL_PROMPT);
      const after = await until(() => panesOf(s, workspace), (r) => r.length === 3, 'the three panes again');
      // The same panes in the same places; the user's title kept (an agent's own title shows its command line: --resume now).
      const shape = (r: PaneRow[]) => r.map((p) => ({ id: p.id, rect: p.rect, agent: p.agent, focused: p.focused, editor: p.title === 'editor' }));
      expect(shape(after)).toEqual(shape(before));
      expect(claudeLaunches.at(-1)).toEqual(expect.arrayContaining(['--resume', clearedTo]));
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });

  it('ends the real processes of its panes and no other', async () => {
    server = await InProcessServer.start({ realPrograms: true });
    const s = server;
    const first = s.attach({ cwd: s.folder('alpha') });
    await first.waitFor('tsh$ ');
    const [shell] = (await s.request('list-panes')) as PaneRow[];
    await s.request('split', { pane: String(shell.id), side: 'right', command: ['sleep', '600'] });
    const second = s.attach({ cwd: s.folder('beta') });
    await second.waitFor('tsh$ ');
    const rows = await until(() => s.request('list-panes') as Promise<PaneRow[]>, (r) => r.length === 3 && r.every((p) => p.pid !== null && p.pid > 1), 'three running panes');
    const mine = rows.filter((p) => p.workspace === shell.workspace).map((p) => p.pid as number);
    const others = rows.filter((p) => p.workspace !== shell.workspace).map((p) => p.pid as number);
    expect(mine.every(alive) && others.every(alive)).toBe(true);

    await s.request('stop', { workspace: shell.workspace });
    await until(() => mine.filter(alive), (left) => left.length === 0, 'the stopped panes\' processes to be gone');
    expect(others.every(alive)).toBe(true);
  });
});
