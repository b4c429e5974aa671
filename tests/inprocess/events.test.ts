// The event stream from the real server: workspace and pane lifecycles, a custom agent's question asked and
// answered, each with its sequence number, in order; a reader coming back with since gets what it missed.

import { afterEach, describe, expect, it } from 'vitest';
import type { EventsStart, TesseraEvent } from '../../src/protocol/events.js';
import type { EventReader } from '../../src/server/events/eventStream.js';
import { HELPER_AGENT, helperOrShell } from '../harness/helperAgent.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { fakeShell } from '../harness/programs.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A reader of the stream that keeps everything it is given. */
function collector(): EventReader & { events: TesseraEvent[]; start?: EventsStart } {
  const c = {
    events: [] as TesseraEvent[],
    start: undefined as EventsStart | undefined,
    started: (start: EventsStart) => {
      c.start = start;
    },
    write: (event: TesseraEvent) => {
      c.events.push(event);
    },
    backlog: () => 0,
    drop: () => {},
    end: () => {},
  };
  return c;
}

async function until(ok: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const kinds = (events: TesseraEvent[]) => events.map((e) => e.kind);
const find = <K extends TesseraEvent['kind']>(events: TesseraEvent[], kind: K) => events.filter((e): e is Extract<TesseraEvent, { kind: K }> => e.kind === kind);

describe('the event stream', () => {
  it('reports a workspace and its panes from creation to removal, numbered in order', async () => {
    // The second pane's program ends with status 3 when it is sent anything.
    server = await InProcessServer.start({ programFor: (spawn) => (spawn.env.TESSERA_PANE === '2' ? { input: (_data, io) => io.exit(3) } : fakeShell()) });
    const s = server;
    const reader = collector();
    s.server.events.subscribe(reader, undefined);
    const folder = s.folder('project');
    await s.request('new', { kind: 'adopted', cwd: folder, name: 'alpha' });
    const panes = () => s.request('list-panes') as Promise<{ id: number; status: string }[]>;
    const [first] = await panes();
    await until(() => find(reader.events, 'state-changed').some((e) => e.pane === first.id && e.to === 'idle'), 'the shell to be idle');
    const { id: second } = (await s.request('split', { pane: String(first.id), side: 'right', keepFocus: true })) as { id: number };
    expect(second).toBe(2);
    await s.request('send-keys', { pane: String(second), keys: ['Enter'] });
    await until(() => find(reader.events, 'pane-exited').length === 1, 'the exit');
    await s.request('kill-pane', { pane: String(second) });
    await s.request('rm', { workspace: 'alpha', yes: true, force: true });
    await until(() => kinds(reader.events).includes('workspace-removed'), 'the removal');

    const seqs = reader.events.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0] + i));
    const lifecycle = kinds(reader.events).filter((k) => k !== 'state-changed');
    expect(lifecycle).toEqual([
      'workspace-created',
      'pane-opened',
      'pane-opened',
      'pane-exited',
      'pane-closed',
      'workspace-dormant',
      'pane-closed',
      'workspace-removed',
    ]);
    expect(find(reader.events, 'pane-exited')[0]).toMatchObject({ workspace: 'alpha', pane: second, exitCode: 3 });
    const idle = find(reader.events, 'state-changed').find((e) => e.pane === first.id && e.to === 'idle');
    expect(idle).toMatchObject({ from: 'starting', source: 'process' });
    expect(reader.events.every((e) => !Number.isNaN(Date.parse(e.time)))).toBe(true);
  });

  it("reports a custom agent's question and its answer with where it came from, and replays them after since", async () => {
    server = await InProcessServer.start({ settings: { customAgents: [HELPER_AGENT], notify: 'none' }, programFor: helperOrShell });
    const s = server;
    const reader = collector();
    s.server.events.subscribe(reader, undefined);
    await s.request('new', { kind: 'adopted', cwd: s.folder('project'), name: 'w' });
    const { id } = (await s.request('new-pane', { workspace: 'w', agent: 'helper' })) as { id: number };
    await until(() => find(reader.events, 'state-changed').some((e) => e.pane === id && e.to === 'idle'), 'the agent to be idle');
    const before = reader.events.at(-1)?.seq ?? 0;
    await s.request('send-keys', { pane: String(id), keys: ['build', 'Enter'] });
    await until(() => find(reader.events, 'question-asked').length === 1, 'the question');
    const asked = find(reader.events, 'question-asked')[0];
    expect(asked).toMatchObject({ workspace: 'w', pane: id, agent: 'helper', text: expect.stringContaining('touch build') });
    await s.request('deny', { pane: String(id) });
    await until(() => find(reader.events, 'question-answered').length === 1, 'the answer');
    expect(find(reader.events, 'question-answered')[0]).toMatchObject({ pane: id, question: asked.question, answer: 'deny', origin: 'tessera deny' });
    const toApproval = find(reader.events, 'state-changed').find((e) => e.pane === id && e.to === 'approval');
    expect(toApproval?.source).toBe('screen');

    // A reader that comes back with the last number it saw gets exactly what came after it.
    const back = collector();
    s.server.events.subscribe(back, before);
    expect(back.start?.missed).toBeUndefined();
    expect(back.events.map((e) => e.seq)).toEqual(reader.events.filter((e) => e.seq > before).map((e) => e.seq));
    expect(kinds(back.events)).toContain('question-asked');
  });
});
