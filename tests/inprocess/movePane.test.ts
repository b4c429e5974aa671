// move-pane and break-pane against the real server: a running pane changes workspace with its program
// untouched (same program, its screen kept), both workspaces' layouts and records follow, the events
// name its new workspace, the last pane of a workspace leaves it dormant and empty as closing it does,
// and the moves that make no sense are refused.

import { afterEach, describe, expect, it } from 'vitest';
import type { TesseraEvent } from '../../src/protocol/events.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';
import type { HarnessClient } from '../harness/harnessClient.js';
import { until } from '../harness/until.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  focused: boolean;
  workspace: string;
  rect: { x: number; y: number; width: number; height: number } | null;
}
interface Listed {
  name: string;
  state: string;
}
const panes = async (s: InProcessServer) => (await s.request('list-panes')) as PaneRow[];
const listed = async (s: InProcessServer) => ((await s.request('ls')) as { workspaces: Listed[] }).workspaces.map((w) => `${w.name} ${w.state}`).sort();
const recordedIds = (s: InProcessServer, name: string) => s.storedRecord(name)?.panes.map((p) => p.id);

/** Workspace a (two panes side by side: a0 | a1) and workspace b (one pane: b0), each shown by a client. */
async function twoWorkspaces(): Promise<{ s: InProcessServer; a: string; b: string; a0: number; a1: number; b0: number; clientA: HarnessClient; clientB: HarnessClient }> {
  const s = (server = await InProcessServer.start());
  const clientA = s.attach({ cwd: s.folder('a'), cols: 120, rows: 40 });
  await clientA.waitFor(SHELL_PROMPT);
  const [first] = await panes(s);
  await s.request('split', { pane: String(first.id), side: 'right' });
  const clientB = s.attach({ cwd: s.folder('b'), cols: 120, rows: 40 });
  await clientB.waitFor(SHELL_PROMPT);
  const rows = await panes(s);
  const a = first.workspace;
  const [a0, a1] = rows.filter((p) => p.workspace === a).map((p) => p.id);
  const b0 = rows.find((p) => p.workspace !== a) as PaneRow;
  return { s, a, b: b0.workspace, a0, a1, b0: b0.id, clientA, clientB };
}

async function typeInto(s: InProcessServer, pane: number, line: string): Promise<void> {
  await s.request('send-keys', { pane: String(pane), keys: [line, 'Enter'] });
  await until(() => s.request('capture-pane', { pane: String(pane) }), (text) => String(text).includes(`\n${line.slice(5)}`), `${line} in pane ${pane}`);
}


describe('move-pane', () => {
  it('moves a running pane into another workspace: same program and screen, both layouts and records follow', async () => {
    const { s, a, b, a0, a1, b0, clientB } = await twoWorkspaces();
    const events: TesseraEvent[] = [];
    s.server.events.subscribe({ started: () => {}, write: (e) => void events.push(e), backlog: () => 0, drop: () => {}, end: () => {} }, undefined);
    await typeInto(s, a1, 'echo kept-on-screen');
    const program = s.program(a1);
    await s.request('sync', { pane: String(a1), change: 'on' });
    await s.request('zoom', { pane: String(a1) });

    expect(await s.request('move-pane', { source: String(a1), pane: String(b0), side: 'right' })).toEqual({ pane: a1, from: a, to: b });

    const rows = await panes(s);
    expect(rows.filter((p) => p.workspace === a).map((p) => p.id)).toEqual([a0]);
    expect(rows.filter((p) => p.workspace === b).map((p) => p.id)).toEqual([b0, a1]);
    // The gap closed: a0 has all of a's width again (not zoomed: the zoomed pane left).
    const full = rows.find((p) => p.id === a0)?.rect;
    const moved = rows.find((p) => p.id === a1) as PaneRow;
    expect(full?.width).toBe(120);
    expect(moved.focused).toBe(true);
    expect(moved.rect?.x).toBeGreaterThan(0);
    // The same program, still running, its screen kept; what is typed now reaches it.
    expect(s.program(a1)).toBe(program);
    expect(program.exitedNow).toBe(false);
    expect(String(await s.request('capture-pane', { pane: String(a1) }))).toContain('kept-on-screen');
    await clientB.waitFor(/kept-on-screen/);
    await typeInto(s, a1, 'echo after-the-move');
    // The records on disk say where it is now.
    expect(recordedIds(s, a)).toEqual([a0]);
    expect(recordedIds(s, b)).toEqual([b0, a1]);
    expect(events.filter((e) => e.kind === 'pane-moved')).toMatchObject([{ workspace: b, pane: a1, from: a }]);
    // Its events name the workspace it is in now.
    await s.request('kill-pane', { pane: String(a1) });
    expect(events.filter((e) => e.kind === 'pane-closed')).toMatchObject([{ workspace: b, pane: a1 }]);
  });

  it('keeps the move across a restart: the records show the pane in its new workspace', async () => {
    const { s, a, b, a0, a1, b0 } = await twoWorkspaces();
    await s.request('move-pane', { source: String(a1), pane: String(b0), side: 'down' });
    const again = (server = await s.restart());
    expect(recordedIds(again, a)).toEqual([a0]);
    expect(recordedIds(again, b)).toEqual([b0, a1]);
    const client = again.attach({ workspace: b });
    await client.waitFor(SHELL_PROMPT);
    const rows = (await panes(again)).filter((p) => p.workspace === b);
    expect(rows.map((p) => p.id)).toEqual([b0, a1]);
    expect((rows[1].rect?.y ?? 0) > (rows[0].rect?.y ?? 0)).toBe(true); // below, as it was moved
  });

  it('moving the last pane of a workspace leaves it dormant and empty, as closing that pane would', async () => {
    const { s, a, b, a0, b0, clientB } = await twoWorkspaces();
    await s.request('move-pane', { source: String(b0), pane: String(a0), side: 'down' });
    expect(await listed(s)).toEqual([`${a} open`, `${b} dormant`].sort());
    expect(recordedIds(s, b)).toEqual([]);
    expect(recordedIds(s, a)).toEqual(expect.arrayContaining([a0, b0]));
    await clientB.waitFor(() => clientB.ended !== undefined, 'the client of the emptied workspace ended');
    expect(clientB.ended?.reason).toMatch(/last pane of workspace/);
  });

  it('moves a pane within its workspace, and refuses moves onto itself or to where it is', async () => {
    const { s, a0, a1, b0 } = await twoWorkspaces();
    await expect(s.request('move-pane', { source: String(a1), pane: String(a1), side: 'down' })).rejects.toThrow(/next to itself/);
    await expect(s.request('move-pane', { source: String(a1), pane: String(a0), side: 'right' })).rejects.toThrow(/already right of pane/);
    await expect(s.request('move-pane', { source: String(a1), pane: '999', side: 'down' })).rejects.toThrow(/no pane 999/);
    await expect(s.request('move-pane', { source: String(a1), side: 'down' })).rejects.toThrow(/pane .*required/);
    await s.request('move-pane', { source: String(a1), pane: String(a0), side: 'down' });
    const rows = await panes(s);
    const top = rows.find((p) => p.id === a0) as PaneRow;
    const below = rows.find((p) => p.id === a1) as PaneRow;
    expect(below.rect?.x).toBe(top.rect?.x);
    expect((below.rect?.y ?? 0) > (top.rect?.y ?? 0)).toBe(true);
    expect(rows.find((p) => p.id === b0)?.workspace).not.toBe(top.workspace);
  });
});

describe('break-pane', () => {
  it('moves a running pane into a new workspace of its own, recorded on disk', async () => {
    const { s, a, a0, a1 } = await twoWorkspaces();
    await typeInto(s, a1, 'echo before-the-break');
    const program = s.program(a1);
    expect(await s.request('break-pane', { pane: String(a1), name: 'solo' })).toEqual({ pane: a1, from: a, workspace: 'solo' });
    const rows = await panes(s);
    expect(rows.filter((p) => p.workspace === 'solo').map((p) => p.id)).toEqual([a1]);
    expect(rows.filter((p) => p.workspace === a).map((p) => p.id)).toEqual([a0]);
    expect(s.program(a1)).toBe(program);
    expect(program.exitedNow).toBe(false);
    expect(String(await s.request('capture-pane', { pane: String(a1) }))).toContain('before-the-break');
    expect(recordedIds(s, 'solo')).toEqual([a1]);
    expect(recordedIds(s, a)).toEqual([a0]);
    expect(s.storedRecord('solo')?.path).toBe(s.storedRecord(a)?.path);
    // Its only pane cannot be broken away; a taken name is refused and nothing moves.
    await expect(s.request('break-pane', { pane: String(a1) })).rejects.toThrow(/only pane of solo/);
    await s.request('split', { pane: String(a0), side: 'down' });
    await expect(s.request('break-pane', { pane: String(a0), name: 'solo' })).rejects.toThrow(/exists already/);
    expect((await panes(s)).filter((p) => p.workspace === a).length).toBe(2);
    // Without a name: a free one made from the pane.
    const broken = (await s.request('break-pane', { pane: String(a0) })) as { workspace: string };
    expect(broken.workspace).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/);
    expect(await listed(s)).toContain(`${broken.workspace} open`);
    const again = (server = await s.restart());
    expect(recordedIds(again, 'solo')).toEqual([a1]);
    expect(recordedIds(again, broken.workspace)).toEqual([a0]);
  });
});
