// A pane's own marks, as the user sees them: "(bell)" on the header of a pane that rang where nobody could see it,
// "!" on an agent pane that asked while nobody looked, both cleared when the pane is focused; and a pane put to
// sleep says so. Scripted programs through the real server (see tests/harness/).

import { afterEach, describe, expect, it } from 'vitest';
import { HELPER_AGENT, helperOrShell } from '../harness/helperAgent.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';
import { until } from '../harness/until.js';

const PREFIX = '\x1c';
let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  status: string;
  focused: boolean;
  attention: boolean;
  question: string | null;
  questionId: string | null;
}

const rows = async (s: InProcessServer) => (await s.request('list-panes')) as PaneRow[];
const row = async (s: InProcessServer, id: number) => (await rows(s)).find((r) => r.id === id)!;

/** Workspace w (adopted, no client yet) with a shell pane and a second pane beside it (a shell, or `agent`), the first one focused. */
async function twoPanes(s: InProcessServer, agent?: string): Promise<{ first: number; second: number }> {
  await s.request('new', { kind: 'adopted', cwd: s.folder('project'), name: 'w' });
  const [first] = await rows(s);
  const { id } = (
    agent === undefined
      ? await s.request('split', { pane: String(first.id), side: 'right', keepFocus: true })
      : await s.request('new-pane', { workspace: 'w', agent, keepFocus: true })
  ) as { id: number };
  await until(() => row(s, id), (r) => r !== undefined && r.status !== 'starting', 'the second pane');
  return { first: first.id, second: id };
}

describe('pane marks', () => {
  it('a bell nobody could see marks the pane (bell) until it is focused', async () => {
    server = await InProcessServer.start();
    const s = server;
    const { second } = await twoPanes(s);
    const pane = () => s.server.registry.requirePane(second).pane;

    s.program(second).print('\x07');
    await until(() => pane().rang, (rang) => rang, 'the bell mark (no client attached)');

    const client = s.attach({ workspace: 'w' });
    await client.waitFor('(bell)', 'the header of the pane that rang');
    expect((await row(s, second)).focused).toBe(false);

    client.press(`${PREFIX}o`); // focus the next pane: the one that rang
    await client.waitFor(() => !client.text().includes('(bell)'), 'the mark cleared');
    expect(pane().rang).toBe(false);
    expect((await row(s, second)).focused).toBe(true);
  });

  it('a bell in a pane on someone\'s screen leaves no mark', async () => {
    server = await InProcessServer.start();
    const s = server;
    const { second } = await twoPanes(s);
    const client = s.attach({ workspace: 'w' });
    await client.waitFor(SHELL_PROMPT);
    s.program(second).print('\x07shown-after-the-bell');
    await client.waitFor('shown-after-the-bell');
    expect(s.server.registry.requirePane(second).pane.rang).toBe(false);
    expect(client.text()).not.toContain('(bell)');
  });

  it('an agent that asks while nobody looks at it is marked until its pane is focused', async () => {
    server = await InProcessServer.start({ settings: { customAgents: [HELPER_AGENT] }, programFor: helperOrShell });
    const s = server;
    const { second: agent } = await twoPanes(s, 'helper');
    await until(() => row(s, agent), (r) => r.status === 'idle', 'the agent to be idle');
    const client = s.attach({ workspace: 'w' });
    await client.waitFor('helper> ');
    expect((await row(s, agent)).focused).toBe(false);

    await s.request('send-keys', { pane: String(agent), keys: ['task-one', 'Enter'] });
    await until(() => row(s, agent), (r) => r.status === 'approval' && r.attention, 'the question to mark the pane');
    await client.waitFor(`● ${agent} ! `, 'the "!" on its header');

    client.press(`${PREFIX}o`);
    await until(() => row(s, agent), (r) => r.focused && !r.attention, 'the mark cleared by focus');
    await client.waitFor(() => !client.text().includes(`● ${agent} ! `), 'the "!" gone from its header');
    expect(s.server.registry.requirePane(agent).pane.attention).toBe(false);
  });

  it('an agent that asks in the focused pane of a client is not marked', async () => {
    server = await InProcessServer.start({ settings: { customAgents: [HELPER_AGENT] }, programFor: helperOrShell });
    const s = server;
    const { second: agent } = await twoPanes(s, 'helper');
    await until(() => row(s, agent), (r) => r.status === 'idle', 'the agent to be idle');
    const client = s.attach({ workspace: 'w' });
    client.press(`${PREFIX}o`);
    await until(() => row(s, agent), (r) => r.focused, 'the agent focused');
    await s.request('send-keys', { pane: String(agent), keys: ['task-two', 'Enter'] });
    await until(() => row(s, agent), (r) => r.status === 'approval', 'the question');
    expect((await row(s, agent)).attention).toBe(false);
  });

  it('a pane put to sleep is asleep, refuses a second sleep, and wakes as a new launch that is not', async () => {
    server = await InProcessServer.start({ settings: { customAgents: [HELPER_AGENT] }, programFor: helperOrShell });
    const s = server;
    const { second: agent } = await twoPanes(s, 'helper');
    await until(() => row(s, agent), (r) => r.status === 'idle', 'the agent to be idle');
    await s.request('sleep', { pane: String(agent) });
    expect((await row(s, agent)).status).toBe('asleep');
    expect(s.server.registry.requirePane(agent).pane.asleep).toBe(true);
    await expect(s.request('sleep', { pane: String(agent) })).rejects.toThrow(`pane ${agent} is asleep already`);

    await s.request('wake', { pane: String(agent) });
    await until(() => row(s, agent), (r) => r.status === 'idle', 'the woken agent to be idle');
    expect(s.server.registry.requirePane(agent).pane.asleep).toBe(false);
  });

  it('a pane put to sleep while it asked waits on nothing: no question listed, and an answer is refused saying it sleeps', async () => {
    server = await InProcessServer.start({ settings: { customAgents: [HELPER_AGENT] }, programFor: helperOrShell });
    const s = server;
    const { second: agent } = await twoPanes(s, 'helper');
    await until(() => row(s, agent), (r) => r.status === 'idle', 'the agent to be idle');
    await s.request('send-keys', { pane: String(agent), keys: ['zzz', 'Enter'] });
    await until(() => row(s, agent), (r) => r.status === 'approval' && r.questionId !== null, 'the agent to ask');
    await s.request('sleep', { pane: String(agent) });
    // Its last screen still shows the question; nothing waits on it any more.
    expect(await row(s, agent)).toMatchObject({ status: 'asleep', question: null, questionId: null });
    expect((await s.request('approvals')) as { waiting: unknown[] }).toEqual({ waiting: [] });
    await expect(s.request('approve', { pane: String(agent) })).rejects.toThrow(`pane ${agent} is asleep: no question waits in it ('tessera wake -t ${agent}' starts its agent again)`);
  });
});
