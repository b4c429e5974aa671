// tessera rename, against the real server: an open workspace takes its new name everywhere (the
// strip, ls, -t targets, its record, new panes' TESSERA_WORKSPACE, an event), the old record is gone,
// a dormant one is renamed from its record, and a restart finds it under the new name.

import { afterEach, describe, expect, it } from 'vitest';
import type { TesseraEvent } from '../../src/protocol/events.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface Listed {
  name: string;
  state: string;
  path: string;
}
const names = async (s: InProcessServer) => ((await s.request('ls')) as { workspaces: Listed[] }).workspaces.map((w) => `${w.name} ${w.state}`).sort();

describe('renaming a workspace', () => {
  it('renames an open workspace everywhere, keeping its folder and panes', async () => {
    const s = (server = await InProcessServer.start());
    const events: TesseraEvent[] = [];
    s.server.events.subscribe({ started: () => {}, write: (e) => void events.push(e), backlog: () => 0, drop: () => {} }, undefined);
    const client = s.attach({ cwd: s.folder('app') });
    await client.waitFor(SHELL_PROMPT);
    const from = ((await s.request('ls')) as { workspaces: Listed[] }).workspaces[0] as Listed;
    await client.waitFor(() => s.storedRecord(from.name) !== undefined, 'the first record');

    expect(await s.request('rename', { workspace: from.name, name: 'renamed' })).toEqual({ from: from.name, to: 'renamed' });
    expect(await names(s)).toEqual(['renamed open']);
    expect(((await s.request('ls')) as { workspaces: Listed[] }).workspaces[0]?.path).toBe(from.path);
    await client.waitFor(/ renamed /, 'the new name in the status bar');
    expect(s.storedRecord('renamed')?.name).toBe('renamed');
    expect(s.storedRecord(from.name)).toBeUndefined();
    expect(events.filter((e) => e.kind === 'workspace-renamed')).toMatchObject([{ workspace: 'renamed', from: from.name }]);

    // -t names it by its new name, and a new pane starts with it in TESSERA_WORKSPACE.
    await s.request('split', { pane: 'renamed:0', side: 'right' });
    const panes = (await s.request('list-panes')) as { id: number; workspace: string }[];
    expect(panes.map((p) => p.workspace)).toEqual(['renamed', 'renamed']);
    const newest = Math.max(...panes.map((p) => p.id));
    expect(s.program(newest).options.env.TESSERA_WORKSPACE).toBe('renamed');
  });

  it('refuses a name that is taken or invalid and changes nothing', async () => {
    const s = (server = await InProcessServer.start());
    const a = s.attach({ cwd: s.folder('a') });
    await a.waitFor(SHELL_PROMPT);
    const b = s.attach({ cwd: s.folder('b') });
    await b.waitFor(SHELL_PROMPT);
    const before = await names(s);
    const [first, second] = before.map((n) => n.split(' ')[0] as string);
    await expect(s.request('rename', { workspace: first, name: second })).rejects.toThrow(/exists already/);
    await expect(s.request('rename', { workspace: first, name: '../escape' })).rejects.toThrow(/invalid workspace name/);
    await expect(s.request('rename', { workspace: 'nobody', name: 'x' })).rejects.toThrow(/no workspace named 'nobody'/);
    expect(await names(s)).toEqual(before);
  });

  it('renames a dormant workspace from its record; after a restart it is there under the new name', async () => {
    let s = (server = await InProcessServer.start());
    const client = s.attach({ cwd: s.folder('app') });
    await client.waitFor(SHELL_PROMPT);
    const [name] = (await names(s)).map((n) => n.split(' ')[0] as string);
    s = server = await s.restart();
    expect(await names(s)).toEqual([`${name} dormant`]);
    await s.request('rename', { workspace: name, name: 'later' });
    expect(await names(s)).toEqual(['later dormant']);
    s = server = await s.restart();
    expect(await names(s)).toEqual(['later dormant']);
    const again = s.attach({ workspace: 'later' });
    await again.waitFor(SHELL_PROMPT);
  });
});
