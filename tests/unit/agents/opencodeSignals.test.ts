// opencode's channel: tessera's plugin, run for real (imported as opencode imports it, its reports going to a
// recorder in place of `tessera agent-hook`), fed events as opencode-ai 1.18.33 sends them (recorded from a real
// run against the fake model), and what its reports make the pane's state.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opencodePluginSource } from '../../../src/agents/signals/opencodePlugin.js';
import { opencodeEventState, readOpencodeEvent } from '../../../src/agents/signals/opencodeEvents.js';
import { channelState } from '../../../src/agents/signals/channelState.js';
import { readHookPayload } from '../../../src/commands/agentHook.js';

type OpencodeEvent = { type: string; properties: Record<string, unknown> };
type Plugin = { event?: (input: { event: OpencodeEvent }) => Promise<void> };

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-opencode-plugin-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The plugin, loaded from its file with its reports appended (one JSON a line) to `out`. */
async function loadPlugin(name: string, env: Record<string, string | undefined>): Promise<{ plugin: Plugin; out: string }> {
  const out = path.join(dir, `${name}.jsonl`);
  const recorder = path.join(dir, 'recorder.mjs');
  fs.writeFileSync(recorder, `import fs from 'node:fs';\nlet s = '';\nprocess.stdin.on('data', (d) => (s += d)).on('end', () => fs.appendFileSync(process.argv[2], s + '\\n'));\n`);
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, opencodePluginSource([process.execPath, recorder, out]));
  const module = (await import(pathToFileURL(file).href)) as Record<string, (ctx: unknown) => Promise<Plugin>>;
  // opencode calls every export with its context; the plugin must have exactly one, a function.
  expect(Object.keys(module)).toEqual(['TesseraPaneSignals']);
  const saved = process.env.TESSERA_PANE_TOKEN;
  if (env.TESSERA_PANE_TOKEN === undefined) delete process.env.TESSERA_PANE_TOKEN;
  else process.env.TESSERA_PANE_TOKEN = env.TESSERA_PANE_TOKEN;
  try {
    return { plugin: await module.TesseraPaneSignals!({}), out };
  } finally {
    if (saved === undefined) delete process.env.TESSERA_PANE_TOKEN;
    else process.env.TESSERA_PANE_TOKEN = saved;
  }
}

/**
 * Every report the plugin sent for the events fed so far: it sends one at a time, in order, so once a last question
 * (a command no event used) has been written, everything before it has been too.
 */
async function reportsSoFar(plugin: Plugin, out: string): Promise<Record<string, unknown>[]> {
  await plugin.event!({ event: asked('per_sentinel', 'sentinel') });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const lines = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').split('\n').filter((l) => l !== '') : [];
    const sent = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const end = sent.findIndex((report) => report.command === 'sentinel');
    if (end >= 0) {
      await plugin.event!({ event: replied('per_sentinel', 'reject') });
      return sent.slice(0, end);
    }
    if (Date.now() > deadline) throw new Error(`the plugin sent no report for the last question; so far: ${lines.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const status = (session: string, type: string): OpencodeEvent => ({ type: 'session.status', properties: { sessionID: session, status: { type } } });
const idle = (session: string): OpencodeEvent => ({ type: 'session.idle', properties: { sessionID: session } });
const asked = (id: string, command: string): OpencodeEvent => ({
  type: 'permission.asked',
  properties: { id, sessionID: 'ses_main', permission: 'bash', patterns: [command], metadata: { command }, always: ['touch *'] },
});
const replied = (id: string, reply: string): OpencodeEvent => ({ type: 'permission.replied', properties: { sessionID: 'ses_main', requestID: id, reply } });
const error = (name: string, message: string): OpencodeEvent => ({ type: 'session.error', properties: { sessionID: 'ses_main', error: { name, data: { message } } } });
const noise: OpencodeEvent = { type: 'message.part.updated', properties: { part: { type: 'text', text: 'Done.' } } };

const what = (report: Record<string, unknown>): string => {
  const said = channelState(readHookPayload('opencode', JSON.stringify(report))!);
  return `${report.type as string}${report.command === undefined ? '' : ` ${report.command as string}`} → ${said?.state ?? 'noted'}`;
};

describe("tessera's opencode plugin", () => {
  it('a turn: busy, the question, allowed, idle; a subagent going idle while the main session works is not idle; repeats are not sent again', async () => {
    const { plugin, out } = await loadPlugin('turn', { TESSERA_PANE_TOKEN: 'token' });
    const events = [status('ses_main', 'busy'), status('ses_main', 'busy'), noise, asked('per_1', 'touch /tmp/m-1'), status('ses_sub', 'busy'),
      replied('per_1', 'once'), status('ses_sub', 'idle'), idle('ses_sub'), status('ses_main', 'busy'), status('ses_main', 'idle'), idle('ses_main')];
    for (const event of events) await plugin.event!({ event });
    const sent = await reportsSoFar(plugin, out);
    expect(sent.map(what)).toEqual(['session.busy → running', 'permission.asked touch /tmp/m-1 → approval', 'permission.replied → running', 'session.idle → idle']);
    expect(sent[1]).toMatchObject({ permission: 'bash' });
    for (const report of sent) expect(typeof report.time).toBe('number');
  });

  it('a rejection goes straight to idle; an interrupt (Esc Esc) is idle, not an error; a real failure is an error until the next turn', async () => {
    const { plugin, out } = await loadPlugin('endings', { TESSERA_PANE_TOKEN: 'token' });
    const events = [status('ses_main', 'busy'), asked('per_2', 'touch /tmp/m-2'), replied('per_2', 'reject'), status('ses_main', 'idle'), idle('ses_main'),
      status('ses_main', 'busy'), error('MessageAbortedError', 'Aborted'), status('ses_main', 'idle'), idle('ses_main'),
      status('ses_main', 'busy'), error('APIError', 'rate limited'), status('ses_main', 'idle'), idle('ses_main'), status('ses_main', 'busy')];
    for (const event of events) await plugin.event!({ event });
    const sent = await reportsSoFar(plugin, out);
    expect(sent.map(what)).toEqual([
      'session.busy → running', 'permission.asked touch /tmp/m-2 → approval', 'session.idle → idle',
      'session.busy → running', 'session.idle → idle',
      'session.busy → running', 'session.error → error', 'session.busy → running',
    ]);
    expect(sent[6]).toMatchObject({ error: 'APIError', message: 'rate limited' });
  });

  it('outside a tessera pane (no TESSERA_PANE_TOKEN) it listens to nothing', async () => {
    const { plugin } = await loadPlugin('outside', { TESSERA_PANE_TOKEN: undefined });
    expect(plugin).toEqual({});
  });
});

describe("the plugin's reports", () => {
  it('are read field by field: the permission and command, the reply, the error; the time the plugin saw it', () => {
    expect(readOpencodeEvent({ type: 'permission.asked', permission: 'bash', command: 'touch /tmp/x', time: 1_700_000_000_000 })).toEqual({
      source: 'opencode', event: 'permission.asked', detail: 'bash', text: 'touch /tmp/x', firedAt: 1_700_000_000_000,
    });
    expect(readOpencodeEvent({ type: 'session.error', error: 'APIError', message: 'rate\u001b[31m limited' })).toEqual({ source: 'opencode', event: 'session.error', detail: 'APIError', text: 'rate [31m limited' });
    expect(readOpencodeEvent({ type: 'message.updated' })).toBeUndefined();
    expect(readOpencodeEvent({ type: 'session.idle', time: -1 })).toEqual({ source: 'opencode', event: 'session.idle' });
    expect(readOpencodeEvent('session.idle')).toBeUndefined();
  });

  it('make the state: the question names the tool and its command; a rejection says nothing (idle follows)', () => {
    expect(opencodeEventState({ source: 'opencode', event: 'permission.asked', detail: 'bash', text: 'touch /tmp/x' })).toEqual({
      state: 'approval', label: 'plugin permission.asked bash', question: 'Allow bash? — touch /tmp/x',
    });
    expect(opencodeEventState({ source: 'opencode', event: 'permission.replied', detail: 'always' })).toEqual({ state: 'running', label: 'plugin permission.replied always' });
    expect(opencodeEventState({ source: 'opencode', event: 'permission.replied', detail: 'reject' })).toBeUndefined();
    expect(opencodeEventState({ source: 'opencode', event: 'session.error', detail: 'APIError' })?.state).toBe('error');
  });
});
