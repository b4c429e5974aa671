// A program in a pane reports its own state (`tessera status`, OSC 777 tessera-status): the pill follows at once,
// explain names the report, a pane can report only for itself (its TESSERA_PANE_TOKEN), and an agent that declares
// `reportsState` is no longer read off its screen once it has reported.

import { afterEach, describe, expect, it } from 'vitest';
import { InProcessServer } from '../harness/inProcessServer.js';
import type { ProgramIo, ScriptedProgram } from '../harness/scriptedPty.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  status: string;
  question: string | null;
}

interface Explained {
  status: string;
  source: string;
  rule: string;
  decidedAt?: number;
  lastReport?: { label: string; at: number };
}

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A custom agent's screen: a prompt "bot> ", and whatever the test prints through `io`. */
const ios = new Map<string, ProgramIo>();
const bot = (name: string): ScriptedProgram => ({
  start: (io) => {
    ios.set(name, io);
    io.print('bot> ');
  },
});

const agent = (name: string, reportsState: boolean) => ({
  name,
  command: '/bin/sh',
  detection: { idle: ['^bot> '], running: ['^working'], approval: ['^Allow\\?'] },
  approvalKeys: { allow: 'y', deny: 'n', abort: 'C-c' },
  ...(reportsState ? { reportsState: true } : {}),
});

async function start(): Promise<{ s: InProcessServer; reporter: number; plain: number }> {
  const s = await InProcessServer.start({
    settings: { customAgents: [agent('reporter', true), agent('plain', false)] },
    programFor: (spawn) => (spawn.file === '/bin/sh' ? bot(spawn.args.includes('plain') ? 'plain' : 'reporter') : { start: (io) => io.print('fake$ ') }),
  });
  server = s;
  s.attach();
  await until(() => s.request('list-panes') as Promise<PaneRow[]>, (rows) => rows.length === 1, 'the first pane');
  const reporter = ((await s.request('new-pane', { agent: 'reporter', args: ['reporter'] })) as { id: number }).id;
  const plain = ((await s.request('new-pane', { agent: 'plain', args: ['plain'] })) as { id: number }).id;
  for (const id of [reporter, plain]) await until(() => row(s, id), (r) => r.status === 'idle', `pane ${id} idle`);
  return { s, reporter, plain };
}

const row = async (s: InProcessServer, id: number): Promise<PaneRow> => {
  const found = ((await s.request('list-panes')) as PaneRow[]).find((r) => r.id === id);
  if (!found) throw new Error(`no pane ${id}`);
  return found;
};
const tokenOf = (s: InProcessServer, id: number): string => s.program(id).options.env?.TESSERA_PANE_TOKEN ?? '';
const explain = async (s: InProcessServer, id: number): Promise<Explained> => (await s.request('explain', { pane: String(id) })) as Explained;

describe('state reports from inside a pane', () => {
  it('tessera status with the pane\'s own token: approval at once with its message; explain names the report', async () => {
    const { s, reporter } = await start();
    expect(tokenOf(s, reporter)).toMatch(/^[0-9a-f]{32}$/);
    await s.request('status', { state: 'waiting', message: 'Deploy to prod?', token: tokenOf(s, reporter) }, undefined, String(reporter));
    expect(await row(s, reporter)).toMatchObject({ status: 'approval', question: 'Deploy to prod?' });
    const explained = await explain(s, reporter);
    expect(explained).toMatchObject({ status: 'approval', source: 'channel', rule: 'status waiting: Deploy to prod?' });
    expect(explained.decidedAt).toBeLessThanOrEqual(Date.now());
    // Its question can be answered: the agent said it waits, and it reports its own state.
    await s.request('approve', { pane: String(reporter) });
    expect(s.program(reporter).received.join('')).toContain('y');
  });

  it('a pane cannot report for another: another pane\'s token, or none, is refused and changes nothing', async () => {
    const { s, reporter, plain } = await start();
    const claim = (token: string) => s.request('status', { state: 'error', token }, undefined, String(reporter));
    await expect(claim(tokenOf(s, plain))).rejects.toThrow(`cannot report for pane ${reporter}`);
    await expect(claim('')).rejects.toThrow(`cannot report for pane ${reporter}`);
    await expect(s.request('status', { state: 'error', token: tokenOf(s, reporter) })).rejects.toThrow('from inside a tessera pane');
    expect((await row(s, reporter)).status).toBe('idle');
    expect(tokenOf(s, reporter)).not.toBe(tokenOf(s, plain));
  });

  it('OSC 777 tessera-status printed by the program sets its state; a bad state is ignored', async () => {
    const { s, plain } = await start();
    ios.get('plain')!.print('\x1b]777;tessera-status;sleeping;no\x07');
    ios.get('plain')!.print('\x1b]777;tessera-status;error;build failed; see log\x07');
    await until(() => row(s, plain), (r) => r.status === 'error', 'the error state');
    expect(await explain(s, plain)).toMatchObject({ source: 'channel', rule: 'status error: build failed; see log' });
  });

  it('a report of work sent before the question dialog opened is late: the pill stays on the question the screen shows', async () => {
    const { s, plain } = await start();
    ios.get('plain')!.print('\r\nAllow? (y/n)');
    await until(() => row(s, plain), (r) => r.status === 'approval', 'the screen to show the question');
    // Claude's PreToolUse hook runs as its own process before the permission check; under load it arrives after the dialog.
    await s.request('status', { state: 'working', token: tokenOf(s, plain) }, undefined, String(plain));
    expect((await row(s, plain)).status).toBe('approval');
    expect((await explain(s, plain)).lastReport?.label).toBe('status working (late: the agent asks now, as its screen shows)');
    // Once the dialog is gone, a report is taken at once again.
    ios.get('plain')!.print('\x1b[2J\x1b[Hworking');
    await until(() => s.request('capture-pane', { pane: String(plain) }) as Promise<string>, (text) => !text.includes('Allow?'), 'the dialog to leave the screen');
    await s.request('status', { state: 'working', token: tokenOf(s, plain) }, undefined, String(plain));
    expect(await explain(s, plain)).toMatchObject({ status: 'running', source: 'channel', rule: 'status working' });
  });

  it('reportsState: once reported, the screen no longer decides; without it, the screen takes over after the hold', async () => {
    const { s, reporter, plain } = await start();
    for (const id of [reporter, plain]) {
      await s.request('status', { state: 'working', token: tokenOf(s, id) }, undefined, String(id));
      expect((await row(s, id)).status).toBe('running');
    }
    // Both screens now say they ask a question: a screen's approval always counts for the agent that does not report
    // its state; the reporting one stays as it said.
    ios.get('plain')!.print('\r\nAllow? (y/n)');
    ios.get('reporter')!.print('\r\nAllow? (y/n)');
    await until(() => row(s, plain), (r) => r.status === 'approval', 'the plain agent to show approval');
    const explained = await explain(s, reporter);
    expect(explained).toMatchObject({ status: 'running', source: 'channel' });
  });
});
