// What an upgrade carries across besides the programs (the end-to-end test moves real processes):
// the state of server A, described as the handover message, is taken over by server B over the same
// folders. Workspaces, their order and the most recent one, layouts, zoom, focus and its history,
// titles, synchronized panes, each pane's screen and pill, a pane whose program had exited, and the
// variables (slot) each workspace's programs started with all come out the same.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHandoverMessage, type HandoverMessage } from '../../src/protocol/handover.js';
import { describeHandover, handedDescriptors } from '../../src/server/handover/collect.js';
import { captureScreen } from '../../src/term/capture.js';
import { Emulator } from '../../src/term/emulator.js';
import { DEFAULT_SETTINGS } from '../../src/store/settingsDefaults.js';
import { VERSION } from '../../src/version.js';
import type { WaitingQuestion } from '../../src/commands/approvals.js';
import { FAKE_AGENT_SETTINGS, agentOrShell } from '../harness/fakeAgent.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { fakeShell, SHELL_PROMPT } from '../harness/programs.js';
import { ScriptedPty } from '../harness/scriptedPty.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  cols: number;
  rows: number;
  workspace: string;
  title: string;
  status: string;
  focused: boolean;
  exitCode: number | null;
  rect: { x: number; y: number; width: number; height: number } | null;
}

const panes = async (s: InProcessServer) => (await s.request('list-panes')) as PaneRow[];

async function until(ok: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const workspaces = async (s: InProcessServer) => ((await s.request('ls')) as { workspaces: { name: string; state: string; panes: number }[] }).workspaces.map((w) => [w.name, w.state, w.panes]);
const screen = async (s: InProcessServer, pane: number) => (await s.request('capture-pane', { pane: String(pane), start: '-' })) as string;

/** The message as it travels: JSON through the IPC channel, then checked. */
function described(s: InProcessServer): HandoverMessage {
  const registry = s.server.registry;
  const handed = handedDescriptors(registry.list().flatMap((w) => w.orderedPanes()), 9);
  const message = describeHandover(registry.list(), registry.recentNames(), { version: '0.0.1', protocol: 1, pid: 4242, nextEventSeq: s.server.events.next }, handed);
  return parseHandoverMessage(JSON.parse(JSON.stringify(message)));
}

describe('taking over from another server', () => {
  it('gives back every workspace as it was: layout, zoom, focus and last pane, titles, sync, screens, pills, slots', async () => {
    const a = await InProcessServer.start({ settings: { closeOnCleanShellExit: false } });
    server = a;
    const client = a.attach({ cols: 120, rows: 40 });
    await client.waitFor(SHELL_PROMPT);
    await a.request('split', { side: 'right' });
    await a.request('split', { side: 'down' });
    const [first, second, third] = (await panes(a)).map((p) => p.id);
    await a.request('rename-pane', { pane: String(first), title: 'the agent' });
    await a.request('sync', { pane: String(second), change: 'on' });
    await a.request('sync', { pane: String(third), change: 'on' });
    for (const id of [first, second, third]) await a.request('send-keys', { pane: String(id), keys: [`echo marker-${id}`, 'Enter'] });
    await client.waitFor(() => client.text().includes(`marker-${third}`), 'the markers');
    await a.request('last-pane');
    await a.request('new', { kind: 'adopted', cwd: a.folder('other'), name: 'other' });
    const [, , , other] = (await panes(a)).map((p) => p.id);
    await a.request('split', { pane: String(other), side: 'down' });
    await a.request('zoom', { pane: String(other) });
    const lastOfOther = (await panes(a)).at(-1)?.id as number;
    await a.request('send-keys', { pane: String(lastOfOther), keys: ['exit', 'Enter'] });
    await until(async () => (await panes(a)).find((p) => p.id === lastOfOther)?.status === 'exited', 'the pane\'s program to exit');
    await a.request('new', { kind: 'adopted', cwd: a.folder('third'), name: 'third' });

    await until(async () => (await panes(a)).every((p) => p.status !== 'starting'), 'every pane to show its prompt');
    const before = { panes: await panes(a), workspaces: await workspaces(a), screens: await Promise.all((await panes(a)).map((p) => screen(a, p.id))) };
    const envs = a.server.registry.list().map((w) => ({ ...w.env }));
    const lastPane = a.server.registry.get('project')?.lastPaneId;
    const recent = a.server.registry.recentNames();
    const message = described(a);

    const b = await a.restart({ settings: { closeOnCleanShellExit: false } });
    server = b;
    const programs: ScriptedPty[] = [];
    b.server.takeOver(message, (pane) => {
      // The same shell, running already: it prints nothing on its own.
      const program = new ScriptedPty({ file: '/bin/sh', args: [], cwd: '/', env: {}, cols: pane.cols, rows: pane.rows }, { input: fakeShell().input });
      programs.push(program);
      return program;
    });
    await Promise.all(b.server.registry.list().flatMap((w) => [...w.panes.values()].map((p) => p.emulator.whenParsed())));

    expect(await panes(b)).toEqual(before.panes);
    expect(await workspaces(b)).toEqual(before.workspaces);
    expect(before.screens.filter((text) => /marker-\d/.test(text))).toHaveLength(3);
    expect(await Promise.all(before.panes.map((p) => screen(b, p.id)))).toEqual(before.screens);
    expect(b.server.registry.list().map((w) => w.env)).toEqual(envs);
    expect(b.server.registry.get('project')?.lastPaneId).toBe(lastPane);
    expect([...(b.server.registry.get('project')?.synced ?? [])].sort()).toEqual([second, third].sort());
    expect(b.server.registry.recentNames()).toEqual(recent);
    // The pane whose program had exited is described so (its pill above stayed 'exited').
    expect(message.workspaces.flatMap((w) => w.panes).filter((p) => p.exited).map((p) => p.id)).toEqual([lastOfOther]);
    expect(programs).toHaveLength(before.panes.length);
    expect(b.server.events.next).toBe(message.nextEventSeq);
  });

  it('refuses a handover whose record names a pane that was not handed over, before anything is shown', async () => {
    const a = await InProcessServer.start();
    server = a;
    const client = a.attach();
    await client.waitFor(SHELL_PROMPT);
    const message = described(a);
    message.workspaces[0].panes[0].id = 999;
    const b = await a.restart();
    server = b;
    expect(() => b.server.takeOver(message, () => new ScriptedPty({ file: '/bin/sh', args: [], cwd: '/', env: {}, cols: 80, rows: 24 }, fakeShell()))).toThrow(/was not handed over/);
  });

  it('draws each screen at the size it had before a client of another size resizes the pane', async () => {
    const a = await InProcessServer.start();
    server = a;
    const client = a.attach({ cols: 100, rows: 30 });
    await client.waitFor(SHELL_PROMPT);
    const [pane] = (await panes(a)).map((p) => p.id);
    for (let i = 0; i < 40; i++) await a.request('send-keys', { pane: String(pane), keys: [`echo line-${i}-${'x'.repeat(60)}`, 'Enter'] });
    await client.waitFor(() => client.text().includes('line-39-'), 'the last line');
    const message = described(a);
    const b = await a.restart();
    server = b;
    b.server.takeOver(message, (p) => new ScriptedPty({ file: '/bin/sh', args: [], cwd: '/', env: {}, cols: p.cols, rows: p.rows }, { input: fakeShell().input }));
    // At once, before the screen is drawn again: a narrower client.
    const narrow = b.attach({ workspace: 'project', cols: 50, rows: 20 });
    b.server.registry.findPane(pane)?.pane.flushResize(); // the new size now, not after the resize delay
    await until(async () => (await panes(b))[0]?.cols === 50, 'the pane to take the narrow size, once its screen is drawn');
    // As if drawn at its own size first, then resized: what a terminal of the old size would show after the same resize.
    const row = (await panes(b))[0] as PaneRow & { cols: number; rows: number; cursor: { x: number; y: number } };
    const reference = new Emulator({ cols: message.workspaces[0].panes[0].cols, rows: message.workspaces[0].panes[0].rows, scrollback: DEFAULT_SETTINGS.scrollback });
    await new Promise<void>((resolve) => reference.write(message.workspaces[0].panes[0].screen, resolve));
    reference.resize(row.cols, row.rows);
    expect((await b.request('capture-pane', { pane: String(pane), start: '-' })) as string).toBe(captureScreen(reference, { ansi: false, start: '-' }));
    expect(row.cursor).toEqual({ x: reference.cursorX, y: reference.cursorY });
    expect(reference.cursorX).toBe(SHELL_PROMPT.length);
    reference.dispose();
    await narrow.waitFor('line-39-');
  });

  it('tells a client of another version, in its status bar, how to move every pane to it', async () => {
    const s = await InProcessServer.start();
    server = s;
    const same = s.attach({ version: VERSION });
    await same.waitFor(SHELL_PROMPT);
    expect(same.text()).not.toContain('tessera upgrade');
    const newer = s.attach({ version: '99.0.0', cols: 140 });
    await newer.waitFor(`this server runs tessera ${VERSION}, this client is 99.0.0: 'tessera upgrade' moves every pane to 99.0.0`);
  });

  it('keeps a viewer pane a viewer: the same file opened again focuses it, and q closes its pane', async () => {
    const a = await InProcessServer.start();
    server = a;
    const folder = a.folder('project');
    fs.writeFileSync(path.join(folder, 'notes.md'), '# notes\n');
    const client = a.attach({ cwd: folder });
    await client.waitFor(SHELL_PROMPT);
    const [shell] = (await panes(a)).map((p) => p.id);
    const opened = (await a.request('view', { pane: String(shell), file: 'notes.md' }, folder)) as { paneId: number; existing: boolean };
    expect(opened.existing).toBe(false);
    const message = described(a);
    expect(message.workspaces[0].panes.find((p) => p.id === opened.paneId)?.viewer).toBe(fs.realpathSync(path.join(folder, 'notes.md')));
    const b = await a.restart();
    server = b;
    // The viewer runs on: q ends it.
    b.server.takeOver(message, (pane) => new ScriptedPty({ file: '/bin/sh', args: [], cwd: '/', env: {}, cols: pane.cols, rows: pane.rows }, { input: (data, io) => data === 'q' && io.exit() }));
    await b.request('last-pane');
    expect((await panes(b)).find((p) => p.focused)?.id).toBe(shell);
    expect(await b.request('view', { pane: String(shell), file: 'notes.md' }, folder)).toMatchObject({ paneId: opened.paneId, existing: true });
    expect((await panes(b)).find((p) => p.focused)?.id).toBe(opened.paneId);
    await b.request('send-keys', { pane: String(opened.paneId), keys: ['q'] });
    await until(async () => (await panes(b)).every((p) => p.id !== opened.paneId), 'the viewer\'s pane to close');
  });

  it('keeps an agent waiting for an answer: after the takeover it still asks, and the answer reaches the same program', async () => {
    const a = await InProcessServer.start({ settings: FAKE_AGENT_SETTINGS, programFor: agentOrShell });
    server = a;
    const client = a.attach();
    await client.waitFor(SHELL_PROMPT);
    const { id } = (await a.request('new-pane', { agent: 'helper', keepFocus: true })) as { id: number };
    const waiting = async (s: InProcessServer) => ((await s.request('approvals')) as { waiting: WaitingQuestion[] }).waiting;
    await until(async () => (await waiting(a)).some((q) => q.pane === id), 'the agent to ask');
    const asked = (await waiting(a)).find((q) => q.pane === id);
    const message = described(a);
    const b = await a.restart({ settings: FAKE_AGENT_SETTINGS });
    server = b;
    const programs = new Map<number, ScriptedPty>();
    b.server.takeOver(message, (pane) => {
      const program = new ScriptedPty({ file: '/bin/sh', args: [], cwd: '/', env: {}, cols: pane.cols, rows: pane.rows }, {});
      programs.set(pane.id, program);
      return program;
    });
    await until(async () => (await waiting(b)).some((q) => q.pane === id), 'the question, read again from the screen');
    expect((await waiting(b)).find((q) => q.pane === id)?.question).toBe(asked?.question);
    expect(((await panes(b)).find((p) => p.id === id) as PaneRow & { agent: string }).agent).toBe('helper');
    await b.request('approve', { pane: String(id) });
    await until(async () => programs.get(id)?.input === 'y\r', 'the answer to reach the program');
  });
});
