// Notifications that find you with no client attached: notifyCommand (a real script that writes its
// environment to a file) runs once per question, not for a question answered within notifyDelay, and a
// command that fails is logged once and counted in server-info.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationsInfo } from '../../src/commands/serverInfo.js';
import type { TesseraEvent } from '../../src/protocol/events.js';
import { HELPER_AGENT, helperOrShell } from '../harness/helperAgent.js';
import { InProcessServer } from '../harness/inProcessServer.js';

let server: InProcessServer | undefined;
const folders: string[] = [];
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SCRIPT = `#!/bin/sh
printf '%s|%s|%s|%s|%s|%s\\n' "$TESSERA_EVENT" "$TESSERA_WORKSPACE" "$TESSERA_PANE" "$TESSERA_AGENT" "$TESSERA_QUESTION" "$1" >> "$2"
`;

async function until(ok: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Setup {
  s: InProcessServer;
  id: number;
  out: string;
  lines(): string[];
  events: TesseraEvent[];
  notifications(): Promise<NotificationsInfo>;
  ask(task: string): Promise<string>;
  setSettings(extra: Record<string, unknown>): Promise<void>;
}

/** A server with the helper agent idle in workspace w, no client attached, and the script as notifyCommand. */
async function setUp(extra: Record<string, unknown>): Promise<Setup> {
  const root = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'tessera-notify-'));
  folders.push(root);
  const script = path.join(root, 'notify.sh');
  fs.writeFileSync(script, SCRIPT, { mode: 0o755 });
  const out = path.join(root, 'notified.txt');
  const settingsOf = (more: Record<string, unknown>) => ({ customAgents: [HELPER_AGENT], notify: 'none', notifyCommand: [script, 'arg one', out], ...more });
  server = await InProcessServer.start({ settings: settingsOf(extra), programFor: helperOrShell });
  const s = server;
  const events: TesseraEvent[] = [];
  s.server.events.subscribe({ started: () => {}, write: (e) => events.push(e), backlog: () => 0, drop: () => {}, end: () => {} }, undefined);
  await s.request('new', { kind: 'adopted', cwd: s.folder('project'), name: 'w' });
  const { id } = (await s.request('new-pane', { workspace: 'w', agent: 'helper' })) as { id: number };
  const status = async () => ((await s.request('list-panes')) as { id: number; status: string }[]).find((p) => p.id === id)?.status;
  await until(async () => (await status()) === 'idle', 'the agent to be idle');
  const asked = () => events.filter((e) => e.kind === 'question-asked');
  return {
    s,
    id,
    out,
    events,
    // Whole lines only: the script may be halfway through writing one.
    lines: () => (fs.existsSync(out) ? fs.readFileSync(out, 'utf8').split('\n').slice(0, -1) : []),
    notifications: async () => ((await s.request('server-info')) as { notifications: NotificationsInfo }).notifications,
    ask: async (task) => {
      const before = asked().length;
      await s.request('send-keys', { pane: String(id), keys: [task, 'Enter'] });
      await until(() => asked().length > before, `the question about ${task}`);
      return (asked().at(-1) as Extract<TesseraEvent, { kind: 'question-asked' }>).question;
    },
    setSettings: async (more) => {
      fs.writeFileSync(path.join(s.env.TESSERA_CONFIG_DIR as string, 'config.json'), JSON.stringify(settingsOf(more)));
      await s.request('reload');
    },
  };
}

const notificationEvents = (events: TesseraEvent[]) => events.filter((e): e is Extract<TesseraEvent, { kind: 'notification' }> => e.kind === 'notification');

describe('notifyCommand', () => {
  it('runs with no client attached, once per question, with the question in its environment', async () => {
    const t = await setUp({ notifyDelay: 0 });
    const first = await t.ask('build');
    await until(() => t.lines().length === 1, 'the first notification');
    expect(t.lines()[0]).toBe(`question|w|${t.id}|helper|Allow this command? touch build (y/n)|arg one`);
    // The rules read again (a reload) see the same question: still one notification for it.
    await t.setSettings({ notifyDelay: 0, scrollback: 100 });
    await t.s.request('deny', { pane: String(t.id) });
    const second = await t.ask('test');
    await until(() => t.lines().length === 2, 'the second notification');
    expect(t.lines()[1]).toContain('touch test');
    const sent = notificationEvents(t.events);
    expect(sent.map((e) => e.question)).toEqual([first, second]);
    expect(sent.every((e) => e.channels.join() === 'command' && e.reason === 'question' && e.pane === t.id)).toBe(true);
    expect((await t.notifications()).sent).toBe(2);
  });

  it('does not run for a question answered within notifyDelay', async () => {
    const t = await setUp({ notifyDelay: 3600 });
    await t.ask('build');
    expect((await t.notifications()).pending).toBe(1);
    await t.s.request('deny', { pane: String(t.id) });
    // Answered: dropped at once, not when its hour has passed.
    await until(async () => (await t.notifications()).pending === 0, 'the pending notification to be dropped');
    expect(t.lines()).toEqual([]);
    expect(notificationEvents(t.events)).toEqual([]);
    // The same question left unanswered with no delay is notified: the first one was dropped, not lost to a broken command.
    await t.setSettings({ notifyDelay: 0 });
    await t.ask('again');
    await until(() => t.lines().length === 1, 'the notification of the unanswered question');
    expect(t.lines()[0]).toContain('touch again');
  });

  it('reports a command that fails once in the log and counts the rest in server-info', async () => {
    const t = await setUp({ notifyDelay: 0 });
    await t.setSettings({ notifyDelay: 0, notifyCommand: [path.join(t.s.root, 'no-such-notifier')] });
    await t.ask('one');
    await until(async () => (await t.notifications()).commandFailure?.count === 1, 'the first failure');
    await t.s.request('deny', { pane: String(t.id) });
    await t.ask('two');
    await until(async () => (await t.notifications()).commandFailure?.count === 2, 'the second failure');
    const failure = (await t.notifications()).commandFailure;
    expect(failure?.message).toMatch(/could not start: ENOENT/);
    expect(t.s.log.filter((line) => line.includes('notifyCommand'))).toHaveLength(1);
  });
});
