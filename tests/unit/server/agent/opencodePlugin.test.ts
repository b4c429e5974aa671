// opencode's channel: tessera's plugin, run for real (imported as opencode imports it, its requests going to a
// small socket server that plays tessera's), fed events as opencode-ai 1.18.33 sends them (recorded from a real run
// against the fake model), and what its reports make the pane's state.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelReport } from '../../../../src/agents/signals/channelReport.js';
import { channelState } from '../../../../src/agents/signals/channelState.js';
import { opencodeEventState } from '../../../../src/agents/signals/opencodeEvents.js';
import { agentHook } from '../../../../src/commands/agentHook.js';
import { FrameDecoder, FrameType, encodeJson } from '../../../../src/protocol/framing.js';
import { opencodePluginSource } from '../../../../src/server/agent/opencodePluginSource.js';

type OpencodeEvent = { type: string; properties: Record<string, unknown> };
type Plugin = { event?: (input: { event: OpencodeEvent }) => Promise<void> };

interface Received {
  command: string;
  callerPane?: string;
  args: { report: ChannelReport; token: string };
}

let dir: string;
const received: Received[] = [];
let tessera: net.Server;
/** While set, tessera's side reads requests but answers none (a stopped or busy server): they wait in `held`. */
let holding = false;
const held: net.Socket[] = [];
const ANSWER = encodeJson({ t: 'response', id: 1, ok: true, result: null });
const ENV = { TESSERA: '', TESSERA_PANE: '7', TESSERA_PANE_TOKEN: 'the-pane-token' };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-opencode-plugin-'));
  ENV.TESSERA = path.join(dir, 'socket');
  // tessera's side: every request read and answered, as the server answers agent-hook.
  tessera = net.createServer((socket) => {
    const decoder = new FrameDecoder();
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      for (const frame of decoder.feed(chunk)) {
        if (frame.type !== FrameType.Json) continue;
        received.push(frame.message as Received);
        if (holding) held.push(socket);
        else socket.end(ANSWER);
      }
    });
  });
  await new Promise<void>((resolve) => tessera.listen(ENV.TESSERA, resolve));
  Object.assign(process.env, ENV);
});

afterAll(async () => {
  for (const name of Object.keys(ENV)) delete process.env[name];
  await new Promise((resolve) => tessera.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The plugin, loaded from its file as opencode does: every export is called with opencode's context. */
async function loadPlugin(name: string): Promise<Plugin> {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, opencodePluginSource());
  const module = (await import(pathToFileURL(file).href)) as Record<string, (ctx: unknown) => Promise<Plugin>>;
  // opencode calls every export with its context; the plugin must have exactly one, a function.
  expect(Object.keys(module)).toEqual(['TesseraPaneSignals']);
  return module.TesseraPaneSignals!({});
}

/**
 * Every report the plugin sent since `from` (the count of requests before the test fed its events): it sends one at a
 * time, in order, so once a last question (a command no event used) has come, everything before it has too. The
 * question is left unanswered: an answer would make the plugin send one more report, which under load arrived after
 * the next test had started counting and was taken for that test's first.
 */
async function reportsSoFar(plugin: Plugin, from: number): Promise<ChannelReport[]> {
  await plugin.event!({ event: asked('per_sentinel', 'sentinel') });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const sent = received.slice(from).map((request) => request.args.report);
    const end = sent.findIndex((report) => report.text === 'sentinel');
    if (end >= 0) return sent.slice(0, end);
    if (Date.now() > deadline) throw new Error(`the plugin sent no report for the last question; so far: ${JSON.stringify(sent)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited 30 s for ${what}`);
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

const what = (report: ChannelReport): string => `${report.event}${report.text === undefined ? '' : ` ${report.text}`} → ${channelState(report)?.state ?? 'noted'}`;

describe("tessera's opencode plugin", () => {
  it('a turn: busy, the question, allowed, idle; a subagent going idle while the main session works is not idle; repeats are not sent again', async () => {
    const plugin = await loadPlugin('turn');
    const from = received.length;
    const events = [status('ses_main', 'busy'), status('ses_main', 'busy'), noise, asked('per_1', 'touch /tmp/m-1'), status('ses_sub', 'busy'),
      replied('per_1', 'once'), status('ses_sub', 'idle'), idle('ses_sub'), status('ses_main', 'busy'), status('ses_main', 'idle'), idle('ses_main')];
    for (const event of events) await plugin.event!({ event });
    const sent = await reportsSoFar(plugin, from);
    expect(sent.map(what)).toEqual(['session.busy → running', 'permission.asked touch /tmp/m-1 → approval', 'permission.replied → running', 'session.idle → idle']);
    expect(sent[1]).toMatchObject({ source: 'opencode', detail: 'bash' });
    // Each an agent-hook request for its own pane, with its token, as the server's check accepts it.
    const request = received[from]!;
    expect(request).toMatchObject({ command: 'agent-hook', callerPane: '7', args: { token: 'the-pane-token' } });
    for (const report of sent) {
      expect(report.firedAt).toBeGreaterThan(0);
      expect(agentHook.parse({ report, token: 'the-pane-token' }).report).toEqual(report);
    }
  });

  it("names the turn's conversation: the session that went busy while none was, not a subagent's; a new session is named at its first turn", async () => {
    const plugin = await loadPlugin('conversation');
    const from = received.length;
    const events = [status('ses_main', 'busy'), status('ses_sub', 'busy'), asked('per_c', 'touch /tmp/m-c'), replied('per_c', 'once'),
      status('ses_sub', 'idle'), status('ses_main', 'idle'), idle('ses_main'), status('ses_new', 'busy'), status('ses_new', 'idle')];
    for (const event of events) await plugin.event!({ event });
    const sent = await reportsSoFar(plugin, from);
    expect(sent.map((report) => `${what(report)} in ${report.conversation}`)).toEqual([
      'session.busy → running in ses_main', 'permission.asked touch /tmp/m-c → approval in ses_main', 'permission.replied → running in ses_main',
      'session.idle → idle in ses_main', 'session.busy → running in ses_new', 'session.idle → idle in ses_new',
    ]);
  });

  it('leaves out a session id tessera would refuse (one that reads as a flag), and still reports the state', async () => {
    const plugin = await loadPlugin('flag-like');
    const from = received.length;
    for (const event of [status('-ses_flag', 'busy'), status('-ses_flag', 'idle')]) await plugin.event!({ event });
    const sent = await reportsSoFar(plugin, from);
    expect(sent.map(what)).toEqual(['session.busy → running', 'session.idle → idle']);
    expect(sent.map((report) => report.conversation)).toEqual([undefined, undefined]);
    for (const report of sent) expect(agentHook.parse({ report, token: 'the-pane-token' }).report).toEqual(report);
  });

  it('a rejection goes straight to idle; an interrupt (Esc Esc) is idle, not an error; a real failure is an error until the next turn', async () => {
    const plugin = await loadPlugin('endings');
    const from = received.length;
    const events = [status('ses_main', 'busy'), asked('per_2', 'touch /tmp/m-2'), replied('per_2', 'reject'), status('ses_main', 'idle'), idle('ses_main'),
      status('ses_main', 'busy'), error('MessageAbortedError', 'Aborted'), status('ses_main', 'idle'), idle('ses_main'),
      status('ses_main', 'busy'), error('APIError', 'rate\u001b[31m limited'), status('ses_main', 'idle'), idle('ses_main'), status('ses_main', 'busy')];
    for (const event of events) await plugin.event!({ event });
    const sent = await reportsSoFar(plugin, from);
    expect(sent.map(what)).toEqual([
      'session.busy → running', 'permission.asked touch /tmp/m-2 → approval', 'session.idle → idle',
      'session.busy → running', 'session.idle → idle',
      'session.busy → running', 'session.error rate [31m limited → error', 'session.busy → running',
    ]);
    expect(sent[6]).toMatchObject({ detail: 'APIError' });
  });

  it('a report tessera does not answer in time: of those that waited behind it only the newest is sent, no past turn', async () => {
    const plugin = await loadPlugin('stalled');
    holding = true;
    const from = received.length;
    try {
      await plugin.event!({ event: status('ses_main', 'busy') });
      await until(() => held.length > 0, 'the first report to reach tessera');
      const stalled = held[0]!;
      // While that one waits on tessera: a question, allowed, and the turn's end.
      for (const event of [asked('per_3', 'touch /tmp/m-3'), replied('per_3', 'once'), status('ses_main', 'idle'), idle('ses_main')]) await plugin.event!({ event });
      await until(() => stalled.destroyed, 'the plugin to give up on the first report');
    } finally {
      holding = false;
      for (const socket of held.splice(0)) if (!socket.destroyed) socket.end(ANSWER);
    }
    const sent = await reportsSoFar(plugin, from);
    expect(sent[0]).toMatchObject({ event: 'session.busy' });
    // The running after the allow is over before it could be sent (so is the question, unless it left while the
    // first report still had time): what tessera hears last is the state now.
    expect(sent.slice(1).map(what)).not.toContain('permission.replied → running');
    expect(sent.map(what).at(-1)).toBe('session.idle → idle');
  });

  it('a socket that is missing, not a socket, or never answers neither throws into opencode nor stops later reports', async () => {
    const notSocket = path.join(dir, 'not-a-socket');
    fs.writeFileSync(notSocket, '');
    let silentHeard = 0;
    const silent = net.createServer((socket) => socket.on('data', () => silentHeard++));
    const silentPath = path.join(dir, 'silent');
    await new Promise<void>((resolve) => silent.listen(silentPath, resolve));
    try {
      for (const [name, where] of [['missing', path.join(dir, 'missing')], ['not-socket', notSocket], ['silent', silentPath]]) {
        const plugin = await loadPlugin(`bad-${name}`);
        const from = received.length;
        // A fresh plugin sends its first report at once, to the $TESSERA of that moment.
        process.env.TESSERA = where;
        await expect(plugin.event!({ event: status('ses_main', 'busy') })).resolves.toBeUndefined();
        process.env.TESSERA = ENV.TESSERA;
        // Once that one is given up, the next reaches tessera (reportsSoFar throws when its question never comes).
        await reportsSoFar(plugin, from);
      }
      expect(silentHeard).toBe(1);
    } finally {
      process.env.TESSERA = ENV.TESSERA;
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('outside a tessera pane (no TESSERA_PANE_TOKEN) it listens to nothing', async () => {
    delete process.env.TESSERA_PANE_TOKEN;
    try {
      expect(await loadPlugin('outside')).toEqual({});
    } finally {
      process.env.TESSERA_PANE_TOKEN = ENV.TESSERA_PANE_TOKEN;
    }
  });
});

describe("the plugin's reports", () => {
  it('make the state: the question names the tool and its command; a rejection says nothing (idle follows)', () => {
    expect(opencodeEventState({ source: 'opencode', event: 'permission.asked', detail: 'bash', text: 'touch /tmp/x' })).toEqual({
      state: 'approval', label: 'plugin permission.asked bash', question: 'Allow bash? — touch /tmp/x',
    });
    expect(opencodeEventState({ source: 'opencode', event: 'permission.replied', detail: 'always' })).toEqual({ state: 'running', label: 'plugin permission.replied always' });
    expect(opencodeEventState({ source: 'opencode', event: 'permission.replied', detail: 'reject' })).toBeUndefined();
    expect(opencodeEventState({ source: 'opencode', event: 'session.error', detail: 'APIError' })?.state).toBe('error');
  });
});
