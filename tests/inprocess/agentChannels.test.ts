// The built-in agents' own channels through the server, with scripted programs in place of the CLIs (the agent
// suite, tests/agents/, runs the real ones): Gemini CLI's title decides its pill; an opencode pane gets its plugin
// through OPENCODE_CONFIG_CONTENT and its reports decide; codex's turn-complete counts only for the pane's own
// conversation, and not once the agent is working again.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../helpers/outerTerminal.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import type { ProgramIo, ScriptedProgram } from '../harness/scriptedPty.js';
import type { PaneInfo } from '../../src/commands/listPanes.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

type PaneRow = Pick<PaneInfo, 'id' | 'status' | 'question' | 'sessionId'>;

interface Explained {
  status: string;
  source: string;
  rule: string;
  lastReport?: { label: string; at: number };
  screenNow?: string;
}

const title = (text: string): string => `\x1b]0;${text}\x07`;
/** A whole screen: cleared, then these lines from the top. */
const screen = (...lines: string[]): string => `\x1b[2J\x1b[H${lines.join('\r\n')}`;

const GEMINI_IDLE = screen('Gemini CLI v0.61.0', '', ' >   Type your message or @path/to/file', ' ~/project     no sandbox     gemini-2.5-flash');
const GEMINI_BUSY = screen('Gemini CLI v0.61.0', '> make marker 1', '⠋ Thinking... (esc to cancel, 0s)', ' >   Type your message or @path/to/file');
const CODEX_BUSY = screen('› make marker 1', '', '• Working (3s • esc to interrupt)', '', '› Ask Codex to do anything');
/** Codex between two requests of one turn: the status line is gone, the prompt sits above the composer. */
const CODEX_BETWEEN_REQUESTS = screen('› make marker 1', '', '› Ask Codex to do anything', '  gpt · ~/project');
const CODEX_IDLE = screen('› make marker 1', '• Done.', '', '› Ask Codex to do anything', '  gpt · ~/project');

/** Each fake CLI's io, by program name, and its first screen. */
const ios = new Map<string, ProgramIo>();
const FIRST: Record<string, string> = { gemini: title('◇  Ready (project)') + screen('Gemini CLI v0.61.0'), opencode: '', codex: CODEX_IDLE };
const cli = (name: string): ScriptedProgram => ({
  start: (io) => {
    ios.set(name, io);
    io.print(FIRST[name] ?? '');
  },
});
const io = (name: string): ProgramIo => {
  const found = ios.get(name);
  if (found === undefined) throw new Error(`${name} has not started`);
  return found;
};

/** A server whose panes run the built-in CLIs by absolute path (files that exist; scripts play them). */
async function start(): Promise<{ s: InProcessServer; bin: string }> {
  const s = await InProcessServer.start({ programFor: (spawn) => cli(path.basename(spawn.file)) });
  server = s;
  const bin = s.folder('bin');
  for (const name of ['gemini', 'opencode', 'codex']) fs.writeFileSync(path.join(bin, name), '#!/bin/sh\n', { mode: 0o755 });
  s.attach();
  await eventually(() => s.request('list-panes') as Promise<PaneRow[]>, (rows) => rows.length === 1);
  return { s, bin };
}

const addPane = async (s: InProcessServer, program: string): Promise<number> => ((await s.request('new-pane', { args: [program] })) as { id: number }).id;
const row = async (s: InProcessServer, id: number): Promise<PaneRow> => {
  const found = ((await s.request('list-panes')) as PaneRow[]).find((r) => r.id === id);
  if (!found) throw new Error(`no pane ${id}`);
  return found;
};
const explain = async (s: InProcessServer, id: number): Promise<Explained> => (await s.request('explain', { pane: String(id) })) as Explained;
const tokenOf = (s: InProcessServer, id: number): string => s.program(id).options.env?.TESSERA_PANE_TOKEN ?? '';
const hook = (s: InProcessServer, id: number, report: Record<string, unknown>) => s.request('agent-hook', { report, token: tokenOf(s, id) }, s.root, String(id));

/** A server with a scripted codex pane that has started a turn (its title spinning, its status line shown). */
async function codexInTurn(): Promise<{ s: InProcessServer; id: number }> {
  const { s, bin } = await start();
  const id = await addPane(s, path.join(bin, 'codex'));
  await eventually(() => row(s, id), (r) => r.status === 'idle');
  io('codex').print(title('⠼ project') + CODEX_BUSY);
  await eventually(() => row(s, id), (r) => r.status === 'running');
  return { s, id };
}

describe("the built-in agents' own channels", () => {
  it("gemini: its title decides, at once, against a screen that says otherwise; explain names the title", async () => {
    const { s, bin } = await start();
    const id = await addPane(s, path.join(bin, 'gemini'));
    await eventually(() => ios.has('gemini'), (started) => started);
    await eventually(() => s.request('capture-pane', { pane: String(id) }) as Promise<string>, (text) => text.includes('Gemini CLI v0.61.0'));
    expect(await explain(s, id)).toMatchObject({ status: 'starting' });
    io('gemini').print(GEMINI_IDLE);
    // Its title said Ready before its input box was drawn: only the screen ends `starting`.
    await eventually(() => row(s, id), (r) => r.status === 'idle');
    expect(await explain(s, id)).toMatchObject({ source: 'screen' });

    io('gemini').print(title('✦  Working… (project)') + GEMINI_BUSY);
    await eventually(() => explain(s, id), (e) => e.status === 'running' && e.rule === 'title Working');
    // Action Required with no dialog on screen yet: the title alone makes it approval.
    io('gemini').print(title('✋  Action Required (project)'));
    const asked = await eventually(() => explain(s, id), (e) => e.status === 'approval');
    expect(asked).toMatchObject({ source: 'signal', rule: 'title Action Required' });
    io('gemini').print(title('◇  Ready (project)') + GEMINI_IDLE);
    await eventually(() => explain(s, id), (e) => e.status === 'idle' && e.rule === 'title Ready');
  });

  it('opencode: its pane names the plugin in OPENCODE_CONFIG_CONTENT, the plugin file is private, and its reports decide the pill', async () => {
    const { s, bin } = await start();
    const id = await addPane(s, path.join(bin, 'opencode'));
    const content = JSON.parse(s.program(id).options.env?.OPENCODE_CONFIG_CONTENT ?? '{}') as { plugin?: string[] };
    expect(content.plugin).toHaveLength(1);
    const file = new URL(content.plugin![0]!).pathname;
    expect(file.startsWith(s.env.TESSERA_STATE_DIR!)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8')).toContain('const COMMAND = "agent-hook";');

    await hook(s, id, { source: 'opencode', event: 'permission.asked', detail: 'bash', text: 'touch /tmp/marker-1' });
    expect(await row(s, id)).toMatchObject({ status: 'approval', question: 'Allow bash? — touch /tmp/marker-1' });
    expect(await explain(s, id)).toMatchObject({ source: 'channel', rule: 'plugin permission.asked bash' });
    await hook(s, id, { source: 'opencode', event: 'session.idle' });
    expect(await explain(s, id)).toMatchObject({ status: 'idle', source: 'channel', rule: 'plugin session.idle' });
    // A shell in the same server gets no plugin.
    expect(s.program(1).options.env?.OPENCODE_CONFIG_CONTENT).toBeUndefined();
  });

  it("opencode: the plugin's request counts only for its own pane: another pane's token, or none, is refused and changes nothing", async () => {
    const { s, bin } = await start();
    const mine = await addPane(s, path.join(bin, 'opencode'));
    const other = await addPane(s, path.join(bin, 'opencode'));
    await hook(s, other, { source: 'opencode', event: 'session.idle' });
    const asked = { source: 'opencode', event: 'permission.asked', detail: 'bash', text: 'touch /tmp/x' };
    // What a plugin in pane `mine` could try: name the other pane, with its own token or with none.
    await expect(s.request('agent-hook', { report: asked, token: tokenOf(s, mine) }, s.root, String(other))).rejects.toThrow(`cannot report for pane ${other}`);
    await expect(s.request('agent-hook', { report: asked }, s.root, String(other))).rejects.toThrow(`cannot report for pane ${other}`);
    await expect(s.request('agent-hook', { report: asked, token: tokenOf(s, other) }, s.root)).rejects.toThrow('from inside a tessera pane');
    expect(await explain(s, other)).toMatchObject({ status: 'idle', rule: 'plugin session.idle' });
  });

  it('opencode: the conversation its plugin names is the pane\'s, and no `opencode session list` is started for it', async () => {
    const { s, bin } = await start();
    // An opencode whose `session list` names another session of this folder, and writes down each time it is run.
    const runs = path.join(s.root, 'session-list-runs');
    fs.writeFileSync(
      path.join(bin, 'opencode'),
      `#!/bin/sh\necho "$*" >> '${runs}'\nprintf '[{"id":"ses_from_list","updated":9999999999999,"directory":"%s"}]' "$(pwd -P)"\n`,
      { mode: 0o755 },
    );
    const ran = (): string[] => (fs.existsSync(runs) ? fs.readFileSync(runs, 'utf8').trim().split('\n') : []);

    const named = await addPane(s, path.join(bin, 'opencode'));
    await hook(s, named, { source: 'opencode', event: 'session.busy', conversation: 'ses_named' });
    expect(await row(s, named)).toMatchObject({ status: 'running', sessionId: 'ses_named' });
    await hook(s, named, { source: 'opencode', event: 'session.idle', conversation: 'ses_named' });
    // A sleep waits for any lookup under way (the end of the turn would have started one): there is none.
    await s.request('sleep', { pane: String(named) });
    expect(await row(s, named)).toMatchObject({ status: 'asleep', sessionId: 'ses_named' });
    expect(ran()).toEqual([]);

    // Without a named conversation (a plugin of an older tessera), the end of a turn asks opencode.
    const listed = await addPane(s, path.join(bin, 'opencode'));
    await hook(s, listed, { source: 'opencode', event: 'session.busy' });
    await hook(s, listed, { source: 'opencode', event: 'session.idle' });
    await eventually(() => row(s, listed), (r) => r.sessionId === 'ses_from_list');
    expect(ran()[0]).toMatch(/^session list /);
    // A name that is not a word is refused with the rest of the report.
    await expect(hook(s, listed, { source: 'opencode', event: 'session.busy', conversation: 'ses x' })).rejects.toThrow('report.conversation must be a word');
    await expect(hook(s, listed, { source: 'opencode', event: 'session.busy', conversation: '--pure' })).rejects.toThrow('must not start with -');
    expect(await row(s, listed)).toMatchObject({ sessionId: 'ses_from_list' });
    // A pane that runs another agent takes no conversation from a report that says it is opencode.
    const codex = await addPane(s, path.join(bin, 'codex'));
    await hook(s, codex, { source: 'opencode', event: 'session.busy', conversation: 'ses_borrowed' });
    expect((await row(s, codex)).sessionId).not.toBe('ses_borrowed');
  });

  it("codex: its status line gone for a moment mid-turn, while its title still spins, is not the end of the turn", async () => {
    const { s, id } = await codexInTurn();

    // Between two requests to the model the status line is gone and the composer shows; the spinner goes on.
    io('codex').print(title('⠴ project') + CODEX_BETWEEN_REQUESTS);
    const held = await eventually(() => explain(s, id), (e) => e.screenNow?.includes('title still says it is working') === true);
    expect(held).toMatchObject({ status: 'running' });
    io('codex').print(title('⠦ project'));
    expect(await row(s, id)).toMatchObject({ status: 'running' });

    // The title alone stops saying it works (the screen does not change): the screen's idle is taken.
    io('codex').print(title('project'));
    await eventually(() => explain(s, id), (e) => e.status === 'idle' && e.rule === 'composer "›" above the footer');
  });

  it("codex: its spinner gone from the title for a moment mid-turn, with the composer on screen, is not the end of the turn", async () => {
    const { s, id } = await codexInTurn();
    // Only the clock the gap is measured on stands still, so a loaded machine cannot make the moment long; timers run.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      // Just after the prompt is sent (seen under load): the title is the bare project, the composer still shows it.
      io('codex').print(title('project') + CODEX_BETWEEN_REQUESTS);
      const held = await eventually(() => explain(s, id), (e) => e.screenNow?.includes('said it was working a moment ago') === true);
      expect(held).toMatchObject({ status: 'running' });
      io('codex').print(title('⠦ project'));
      await eventually(() => explain(s, id), (e) => e.screenNow?.includes('still says it is working') === true);
      io('codex').print(title('project'));
      await eventually(() => explain(s, id), (e) => e.screenNow?.includes('said it was working a moment ago') === true);
      expect(await row(s, id)).toMatchObject({ status: 'running' });
    } finally {
      vi.useRealTimers();
    }
    // The moment over, the title still says nothing: the screen's idle is taken.
    await eventually(() => explain(s, id), (e) => e.status === 'idle' && e.rule === 'composer "›" above the footer');
  });

  it("codex: a turn-complete of another conversation is only noted; of the pane's own it is idle, unless the agent already works again", async () => {
    const { s, id } = await codexInTurn();

    // The session title's side conversation completes mid-turn (the pane's own conversation is not known yet).
    await hook(s, id, { source: 'codex', event: 'agent-turn-complete', detail: '01a2411e-ad35-7b03-9140-04d05860d004' });
    expect(await explain(s, id)).toMatchObject({ status: 'running', lastReport: { label: 'notify agent-turn-complete side-thread' } });

    // What the session tracker learns from the rollout file codex holds open.
    const own = '01a2411e-aae8-7463-b68b-bcbab86d71c8';
    s.server.registry.findPane(id)!.pane.noteSession(own);
    await hook(s, id, { source: 'codex', event: 'agent-turn-complete', detail: own });
    const late = await explain(s, id);
    expect(late).toMatchObject({ status: 'running', lastReport: { label: 'notify agent-turn-complete main-thread (late: the agent is working again)' } });

    // Once its screen and title show the turn over, the same report is taken.
    io('codex').print(title('project') + CODEX_IDLE);
    await eventually(() => row(s, id), (r) => r.status === 'idle');
    await hook(s, id, { source: 'codex', event: 'agent-turn-complete', detail: own });
    expect(await explain(s, id)).toMatchObject({ status: 'idle', source: 'channel', rule: 'notify agent-turn-complete main-thread' });
  });
});
