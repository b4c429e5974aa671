// The verbs tmux users reach for, run in process against the real server: swap-pane, last-pane,
// select-layout (and its cycling key), rename-pane (kept in the record), display-message and detach.

import { afterEach, describe, expect, it } from 'vitest';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';

const PREFIX = '\x1c';
let server: InProcessServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  focused: boolean;
  title: string;
  status: string;
  workspace: string;
  rect: { x: number; y: number; width: number; height: number } | null;
}
const panes = async (s: InProcessServer) => (await s.request('list-panes')) as PaneRow[];
const prompts = (text: string) => text.split(SHELL_PROMPT).length - 1;

async function threePanes(): Promise<{ s: InProcessServer; ids: number[] }> {
  const s = await InProcessServer.start();
  const client = s.attach({ cols: 120, rows: 40 });
  await client.waitFor(SHELL_PROMPT);
  await s.request('split', { side: 'right' });
  await s.request('split', { side: 'down' });
  await client.waitFor(() => prompts(client.text()) === 3, 'three prompts');
  server = s;
  return { s, ids: (await panes(s)).map((p) => p.id) };
}

describe('arranging panes', () => {
  it('swaps two panes: each takes the other one\'s place, the focus stays with its pane', async () => {
    const { s, ids } = await threePanes();
    const before = await panes(s);
    const focused = before.find((p) => p.focused)?.id;
    await s.request('swap-pane', { source: String(ids[0]), pane: String(ids[2]) });
    const after = await panes(s);
    const rectOf = (rows: PaneRow[], id: number) => rows.find((p) => p.id === id)?.rect;
    expect(rectOf(after, ids[0])).toEqual(rectOf(before, ids[2]));
    expect(rectOf(after, ids[2])).toEqual(rectOf(before, ids[0]));
    expect(after.find((p) => p.focused)?.id).toBe(focused);
    // With a step: the pane after the source in reading order.
    const order = after.map((p) => p.id);
    await s.request('swap-pane', { source: String(order[0]), step: 1 });
    expect((await panes(s)).map((p) => p.id)).toEqual([order[1], order[0], order[2]]);
  });

  it('refuses to swap panes of two workspaces, naming both', async () => {
    const { s, ids } = await threePanes();
    const second = s.attach({ cwd: s.folder('other') });
    await second.waitFor(SHELL_PROMPT);
    const other = (await panes(s)).find((p) => !ids.includes(p.id)) as PaneRow;
    await expect(s.request('swap-pane', { source: String(ids[0]), pane: String(other.id) })).rejects.toThrow(/only panes of one workspace can swap/);
  });

  it('goes back to the pane that had the focus before, back and forth', async () => {
    const { s, ids } = await threePanes();
    const focusedNow = () => panes(s).then((rows) => rows.find((p) => p.focused)?.id);
    const start = await focusedNow();
    const other = ids.find((id) => id !== start) as number;
    await s.request('zoom', { pane: String(other) }); // zooming a pane focuses it
    await s.request('zoom', { pane: String(other) });
    expect(await focusedNow()).toBe(other);
    await s.request('last-pane');
    expect(await focusedNow()).toBe(start);
    await s.request('last-pane');
    expect(await focusedNow()).toBe(other);
  });

  it('lays panes out as each preset, and the key cycles through them', async () => {
    const { s } = await threePanes();
    await s.request('select-layout', { layout: 'even-horizontal' });
    let rows = await panes(s);
    expect(new Set(rows.map((p) => p.rect?.y)).size).toBe(1); // side by side
    await s.request('select-layout', { layout: 'even-vertical' });
    rows = await panes(s);
    expect(new Set(rows.map((p) => p.rect?.x)).size).toBe(1); // stacked
    await s.request('select-layout', { layout: 'main-vertical' });
    rows = await panes(s);
    const main = rows.find((p) => p.focused) as PaneRow;
    expect(main.rect?.x).toBe(0);
    expect(rows.every((p) => p === main || (p.rect?.width ?? 0) < (main.rect?.width ?? 0))).toBe(true);
    await expect(s.request('select-layout', { layout: 'spiral' })).rejects.toThrow(/is none of even-horizontal/);
    // The key goes on from main-vertical to main-horizontal.
    const client = s.attach({ cols: 120, rows: 40 });
    await client.waitFor(SHELL_PROMPT);
    client.press(`${PREFIX} `);
    await client.waitFor(/layout: main-horizontal/);
    rows = await panes(s);
    const top = rows.find((p) => p.focused) as PaneRow;
    expect(rows.filter((p) => p !== top).every((p) => (p.rect?.y ?? 0) > (top.rect?.y ?? 0))).toBe(true);
    expect(rows.filter((p) => p !== top).every((p) => (p.rect?.width ?? 0) < (top.rect?.width ?? 0))).toBe(true);
  });
});

describe('naming and messages', () => {
  it('renames a pane: its header shows the title, -t WS:TITLE finds it, and the record keeps it', async () => {
    server = await InProcessServer.start();
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    const [pane] = await panes(server);
    await server.request('rename-pane', { pane: String(pane.id), title: 'build log' });
    await client.waitFor(/build log/);
    const named = (await server.request('display-message', { pane: `${pane.workspace}:build log`, format: '#{pane} #{title}', print: true })) as { text: string };
    expect(named.text).toBe(`${pane.id} build log`);
    await client.waitFor(() => server?.storedRecord(pane.workspace)?.panes[0]?.title === 'build log', 'the title in the record');
    await expect(server.request('rename-pane', { title: 'two\nlines' })).rejects.toThrow(/control characters/);
  });

  it('takes a workspace name for its focused pane, as tmux takes a session name', async () => {
    const { s, ids } = await threePanes();
    const second = s.attach({ cwd: s.folder('other') });
    await second.waitFor(SHELL_PROMPT);
    const rows = await panes(s);
    const other = rows.find((p) => !ids.includes(p.id)) as PaneRow;
    const first = rows.find((p) => p.id === ids[0]) as PaneRow;
    const focusedOfFirst = rows.find((p) => p.workspace === first.workspace && p.focused) as PaneRow;
    // Both spellings, from wherever the command comes: the workspace named, not the latest one.
    for (const target of [first.workspace, `${first.workspace}:`]) {
      const shown = (await s.request('display-message', { pane: target, format: '#{pane}', print: true })) as { text: string };
      expect(shown.text).toBe(String(focusedOfFirst.id));
    }
    const split = (await s.request('split', { pane: other.workspace, side: 'right' })) as { id: number };
    expect((await panes(s)).find((p) => p.id === split.id)?.workspace).toBe(other.workspace);
    await expect(s.request('split', { pane: 'nobody', side: 'down' })).rejects.toThrow(/no workspace named 'nobody' \(-t takes a pane's number, WORKSPACE/);
    await expect(s.request('split', { pane: 'nobody:0', side: 'down' })).rejects.toThrow(/no workspace named 'nobody'$/);
  });

  it('shows a message with its fields filled in the status bar of the terminals showing the workspace', async () => {
    server = await InProcessServer.start();
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    const [pane] = await panes(server);
    const answer = (await server.request('display-message', { format: 'here: #{workspace}:#{index} ## #{state}' })) as { text: string; shownTo: number };
    expect(answer).toEqual({ text: `here: ${pane.workspace}:0 # ${pane.status}`, shownTo: 1 });
    await client.waitFor(() => client.statusRow().includes(`here: ${pane.workspace}:0 # ${pane.status}`), 'the message in the status bar');
    await expect(server.request('display-message', { format: '#{nope}' })).rejects.toThrow(/unknown field #\{nope\}/);
  });

  it('detaches the terminals showing a workspace and leaves its panes running', async () => {
    server = await InProcessServer.start();
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    const [pane] = await panes(server);
    await expect(server.request('detach')).rejects.toThrow(/-s WORKSPACE/);
    expect(await server.request('detach', { workspace: pane.workspace })).toEqual({ detached: 1 });
    await client.waitFor(() => client.ended !== undefined, 'the client ended');
    expect(client.ended?.reason).toMatch(/detached/);
    expect((await panes(server)).map((p) => p.id)).toEqual([pane.id]);
  });
});
