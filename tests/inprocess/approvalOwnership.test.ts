// Who answers the approval bar's keys (prefix then y, n or Esc), in process: one waiting pane owns the
// answer wherever the focus is; of several, only the focused one; with several waiting and the focus
// elsewhere, nobody is answered and the bar says why. (The rule itself: src/server/approval/ownership.ts.)

import { afterEach, describe, expect, it } from 'vitest';
import type { WaitingQuestion } from '../../src/commands/approvals.js';
import { eventually } from '../helpers/outerTerminal.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { FAKE_AGENT_SETTINGS, agentOrShell } from '../harness/fakeAgent.js';
import { SHELL_PROMPT } from '../harness/programs.js';
import type { HarnessClient } from '../harness/harnessClient.js';

const PREFIX = '\x1c';
let server: InProcessServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const waiting = async (s: InProcessServer) => ((await s.request('approvals')) as { waiting: WaitingQuestion[] }).waiting;

/** A server and a client on workspace `home`, its shell focused. */
async function setUp(): Promise<{ s: InProcessServer; client: HarnessClient }> {
  const s = await InProcessServer.start({ settings: FAKE_AGENT_SETTINGS, programFor: agentOrShell });
  server = s;
  const client = s.attach({ cwd: s.folder('home'), cols: 120 });
  await client.waitFor(SHELL_PROMPT);
  return { s, client };
}

/** An asking agent in `home`; with `focus`, it takes the focus as a new pane does. */
async function ask(s: InProcessServer, focus: boolean): Promise<number> {
  const { id } = (await s.request('new-pane', { workspace: 'home', agent: 'helper', keepFocus: !focus })) as { id: number };
  await eventually(() => waiting(s), (rows) => rows.some((q) => q.pane === id));
  return id;
}

const focusedPane = async (s: InProcessServer): Promise<number | undefined> =>
  ((await s.request('list-panes')) as { id: number; focused: boolean }[]).find((p) => p.focused)?.id;

describe('the approval bar answers', () => {
  it('the one waiting pane, though the focus is on another', async () => {
    const { s, client } = await setUp();
    const shell = await focusedPane(s);
    const agent = await ask(s, false);
    expect(await focusedPane(s)).toBe(shell);
    await client.waitFor(() => client.statusRow().includes(`⚠ ${agent} helper`), 'the bar names the waiting pane');
    client.press(`${PREFIX}y`);
    await eventually(() => waiting(s), (rows) => rows.length === 0);
    expect(s.program(agent).input).toBe('y\r');
  });

  it('of two waiting panes, the focused one only', async () => {
    const { s, client } = await setUp();
    const other = await ask(s, false);
    const focused = await ask(s, true);
    expect(await focusedPane(s)).toBe(focused);
    await client.waitFor(() => client.statusRow().includes(`⚠ ${focused} helper`), "the bar names the focused pane's question");
    client.press(`${PREFIX}n`);
    await eventually(() => waiting(s), (rows) => rows.length === 1);
    expect(s.program(focused).input).toBe('n\r');
    expect(s.program(other).input).toBe('');
    expect((await waiting(s)).map((q) => q.pane)).toEqual([other]);
  });

  it('nobody when two wait and the focus is elsewhere, and the bar says why', async () => {
    const { s, client } = await setUp();
    const shell = await focusedPane(s);
    const first = await ask(s, false);
    const second = await ask(s, false);
    expect(await focusedPane(s)).toBe(shell);
    await client.waitFor(() => client.statusRow().includes('2 panes wait for you'), 'the reason nobody answers');
    client.press(`${PREFIX}y`);
    // Keys are handled in order: once the shell shows what was typed after, prefix+y has been handled.
    client.press('after-the-key');
    await client.waitFor('after-the-key', 'the key typed after prefix+y');
    expect(s.program(shell!).input).toBe('after-the-key');
    expect((await waiting(s)).map((q) => q.pane).sort()).toEqual([first, second].sort());
    expect(s.program(first).input).toBe('');
    expect(s.program(second).input).toBe('');
  });
});
