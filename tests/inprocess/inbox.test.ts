// The inbox and the answer log, in process: agents (a scripted custom agent, see tests/harness/fakeAgent.ts)
// ask in several workspaces; the inbox lists them all, answers a row by its question id through the answer
// rule, jumps to a pane, allows several after a confirmation, refuses a row whose question has gone; every
// answer lands in the answer log with where it came from.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerLogEntry, WaitingQuestion } from '../../src/commands/approvals.js';
import { answerApproval } from '../../src/server/approval/answer.js';
import { eventually } from '../helpers/outerTerminal.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { FAKE_AGENT_SETTINGS, agentOrShell } from '../harness/fakeAgent.js';
import { SHELL_PROMPT } from '../harness/programs.js';
import type { HarnessClient } from '../harness/harnessClient.js';

const PREFIX = '\x1c';
const DOWN = '\x1b[B';
let server: InProcessServer | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await server?.stop();
  server = undefined;
});

const waiting = async (s: InProcessServer) => ((await s.request('approvals')) as { waiting: WaitingQuestion[] }).waiting;
const answerLog = async (s: InProcessServer) => ((await s.request('approvals', { log: true })) as { log: AnswerLogEntry[] }).log;

/** A server, a client on workspace `home`, and an asking agent in each workspace named (made when missing). */
async function setUp(workspaces: string[], cols = 100): Promise<{ s: InProcessServer; client: HarnessClient; panes: number[] }> {
  const s = await InProcessServer.start({ settings: FAKE_AGENT_SETTINGS, programFor: agentOrShell });
  server = s;
  const client = s.attach({ cwd: s.folder('home'), cols });
  await client.waitFor(SHELL_PROMPT);
  const panes: number[] = [];
  for (const name of workspaces) panes.push(await askIn(s, name));
  await eventually(() => waiting(s), (rows) => rows.length === workspaces.length);
  return { s, client, panes };
}

async function askIn(s: InProcessServer, workspace: string): Promise<number> {
  if (!s.server.registry.list().some((w) => w.name === workspace)) await s.request('new', { name: workspace, cwd: s.folder(workspace) });
  const { id } = (await s.request('new-pane', { workspace, agent: 'helper', keepFocus: true })) as { id: number };
  await eventually(() => waiting(s), (rows) => rows.some((q) => q.pane === id));
  return id;
}

const openInbox = async (client: HarnessClient) => {
  client.press(`${PREFIX}i`);
  await client.waitFor(/Inbox: /, 'the inbox');
};

describe('approvals', () => {
  it('lists every waiting question across workspaces, oldest first, with its id, place, agent, age and text', async () => {
    const { s, panes } = await setUp(['alpha', 'beta', 'beta']);
    const rows = await waiting(s);
    expect(rows.map((q) => [q.workspace, q.pane, q.agent, q.question])).toEqual([
      ['alpha', panes[0], 'helper', `Allow this command? touch task-${panes[0]} (y/n)`],
      ['beta', panes[1], 'helper', `Allow this command? touch task-${panes[1]} (y/n)`],
      ['beta', panes[2], 'helper', `Allow this command? touch task-${panes[2]} (y/n)`],
    ]);
    for (const q of rows) {
      expect(q.id).toMatch(/^[0-9a-f]{6}-\d+$/);
      expect(q.ageSeconds).toBeGreaterThanOrEqual(0);
      expect(Number.isNaN(Date.parse(q.askedAt))).toBe(false);
    }
    await s.request('deny', { pane: String(panes[1]) });
    await eventually(() => waiting(s), (now) => now.length === 2 && !now.some((q) => q.pane === panes[1]));
  });
});

describe('the inbox', () => {
  it('lists the questions of every workspace and follows them as they come and go; Esc closes it', async () => {
    // The ages' tick is held: the list must follow the questions themselves, not wait for the next second.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { s, client, panes } = await setUp(['alpha', 'beta']);
    await openInbox(client);
    await client.waitFor('Inbox: 2 questions wait');
    for (const id of panes) await client.waitFor(`touch task-${id} (y/n)`);
    expect(client.text()).toMatch(/helper\s+alpha:\d+\s+\d+s\s+Allow this command\?/);
    const third = await askIn(s, 'gamma');
    await client.waitFor('Inbox: 3 questions wait', 'a question asked in another workspace, listed live');
    await client.waitFor(`gamma:${third}`);
    await s.request('approve', { pane: String(panes[0]) });
    await client.waitFor('Inbox: 2 questions wait', 'a question answered elsewhere, gone from the list');
    client.press('\x1b');
    await client.waitFor(() => !client.text().includes('Inbox:'), 'the inbox closed');
  });

  it('y allows and n denies the chosen row, by its id; each answer is logged with the client', async () => {
    const { s, client, panes } = await setUp(['alpha', 'beta']);
    const ids = (await waiting(s)).map((q) => q.id);
    await openInbox(client);
    client.press(DOWN);
    client.press('n'); // the second row: beta's
    await eventually(() => answerLog(s), (log) => log.length === 1);
    expect(s.program(panes[1]).input).toBe('n\r');
    expect(s.program(panes[0]).input).toBe('');
    await client.waitFor('Inbox: 1 question waits');
    client.press('y');
    await eventually(() => answerLog(s), (log) => log.length === 2);
    expect(s.program(panes[0]).input).toBe('y\r');
    const log = await answerLog(s);
    expect(log.map((e) => [e.answer, e.workspace, e.pane, e.questionId, e.origin, e.client, e.agent])).toEqual([
      ['deny', 'beta', panes[1], ids[1], 'inbox', 'client 1', 'helper'],
      ['allow', 'alpha', panes[0], ids[0], 'inbox', 'client 1', 'helper'],
    ]);
    expect(log[0].question).toBe(`Allow this command? touch task-${panes[1]} (y/n)`);
    await client.waitFor('Inbox: no question waits');
  });

  it('a row whose question has gone is refused with the usual message and writes nothing', async () => {
    const { s, client, panes } = await setUp(['alpha']);
    await openInbox(client);
    await client.waitFor(`alpha:${panes[0]}`);
    // Answered elsewhere in the same turn as the key: the inbox has not been drawn again yet, its row is stale.
    const target = s.server.registry.requirePane(panes[0]);
    answerApproval(target, 'deny', { origin: { via: 'command', client: 'tessera deny' }, journal: s.server.answers, agents: s.server.agents });
    client.press('y');
    await client.waitFor(`no question is waiting in pane ${panes[0]}`, 'the refusal');
    expect(s.program(panes[0]).input).toBe('n\r');
    expect((await answerLog(s)).map((e) => e.answer)).toEqual(['deny']);
  });

  it('Enter shows the chosen row\'s pane: its workspace, focused', async () => {
    const { s, client, panes } = await setUp(['alpha', 'beta']);
    await openInbox(client);
    client.press(DOWN);
    client.press('\r');
    await client.waitFor(() => !client.text().includes('Inbox:'), 'the inbox closed');
    const rows = (await s.request('list-panes')) as { id: number; workspace: string; focused: boolean }[];
    expect(rows.find((p) => p.id === panes[1])?.focused).toBe(true);
    await client.waitFor(() => client.statusRow().includes(`⚠ ${panes[1]} helper`), 'the bar of beta\'s pane');
  });

  it('A lists what it would allow and allows each only after Enter; Esc goes back; what failed is named', async () => {
    // Wide enough for the whole report in the status bar.
    const { s, client, panes } = await setUp(['alpha', 'beta', 'gamma'], 240);
    await openInbox(client);
    client.press('A');
    await client.waitFor('Allow these 3 questions?');
    for (const id of panes) await client.waitFor(`touch task-${id}`);
    client.press('\x1b');
    await client.waitFor('Inbox: 3 questions wait', 'back to the list, nothing answered');
    expect(panes.map((id) => s.program(id).input)).toEqual(['', '', '']);

    client.press('A');
    await client.waitFor('Allow these 3 questions?');
    const listed = await waiting(s);
    // While it asks, gamma's question is denied elsewhere and its agent asks another: the confirmation listed
    // the old one, so the batch must answer neither.
    await s.request('deny', { pane: String(panes[2]) });
    await eventually(() => s.request('capture-pane', { pane: String(panes[2]) }) as Promise<string>, (t) => String(t).includes('helper>'));
    await s.request('send-keys', { pane: String(panes[2]), keys: ['later', 'Enter'] });
    const newer = await eventually(() => waiting(s), (rows) => rows.some((q) => q.pane === panes[2] && q.question.includes('touch later')));
    const newId = newer.find((q) => q.pane === panes[2])?.id;
    client.press('\r');
    await client.waitFor(`allowed 2 of 3; not answered: question ${listed[2].id} is not waiting in pane ${panes[2]}: the question changed (${newId} waits now`);
    expect(panes.map((id) => s.program(id).input)).toEqual(['y\r', 'y\r', 'n\rlater\r']);
    const log = await answerLog(s);
    expect(log.map((e) => [e.pane, e.answer, e.origin])).toEqual([
      [panes[2], 'deny', 'command'],
      [panes[0], 'allow', 'inbox batch'],
      [panes[1], 'allow', 'inbox batch'],
    ]);
    await client.waitFor('Inbox: 1 question waits');
    await client.waitFor('touch later');
  });
});

describe('the answer log', () => {
  it('records answers from the approval bar and from approve / deny, each with its origin', async () => {
    const { s, client, panes } = await setUp(['home']);
    client.press(`${PREFIX}y`); // the bar: the one waiting pane owns it
    await eventually(() => answerLog(s), (log) => log.length === 1);
    // The agent asks again (a task typed at its prompt), answered from the command line this time.
    await eventually(() => s.request('capture-pane', { pane: String(panes[0]) }) as Promise<string>, (t) => String(t).includes('helper>'));
    await s.request('send-keys', { pane: String(panes[0]), keys: ['again', 'Enter'] });
    const [second] = await eventually(() => waiting(s), (rows) => rows.length === 1);
    await s.request('deny', { pane: String(panes[0]), question: second.id });
    const log = await answerLog(s);
    expect(log.map((e) => [e.answer, e.origin, e.client, e.question])).toEqual([
      ['allow', 'approval bar', 'client 1', `Allow this command? touch task-${panes[0]} (y/n)`],
      ['deny', 'command', 'tessera deny', 'Allow this command? touch again (y/n)'],
    ]);
    expect(log[1].questionId).toBe(second.id);
    // A refused answer writes nothing and logs nothing.
    await expect(s.request('approve', { pane: String(panes[0]) })).rejects.toThrow(`no question is waiting in pane ${panes[0]}`);
    expect(await answerLog(s)).toHaveLength(2);
  });
});
