// Sleep, wake and resume with the real agent CLIs against the fake model: an agent woken from sleep, and an agent
// resumed from the session history after the server was stopped (kill-server) and started again, continue the same
// conversation: the next request each sends to the model still contains the earlier turns.

import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HISTORY_MIN_SESSION_MS } from '../../src/limits.js';
import type { HistoryEntry } from '../../src/store/historyEntry.js';
import { markerPath } from './fake-model/script.js';
import { KINDS_UNDER_TEST, type AgentKind } from './harness/kind.js';
import { ECHO_TIMEOUT_MS, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS, START_TIMEOUT_MS, TURN_TIMEOUT_MS } from './harness/timings.js';
import { waitUntil } from './harness/waitUntil.js';
import { createAgentWorld, type AgentPaneJson, type AgentWorld } from './tessera/agentWorld.js';
import { waitForPaneQuiet, waitForValue } from './tessera/paneWatch.js';

const WORKSPACE = 'agents';
/** Two agent starts and two turns each; opencode alone takes about a minute on the loaded 2-core machine. */
const FLOW_TIMEOUT_MS = 240_000;
/** Stillness before typing a prompt: longer than INPUT_SETTLE_MS because a resumed agent redraws its history. */
const RESUMED_SETTLE_MS = 1_000;
/** How long an Enter may go unnoticed (no turn, no request, the prompt still shown) before it is pressed again. */
const ENTER_TAKEN_MS = 20_000;
const ENTER_ATTEMPTS = 3;
/** How often a prompt none of which showed is typed again. */
const TYPE_ATTEMPTS = 3;
/** The bottom rows that hold an agent's input box and footer (Gemini's: 8). */
const INPUT_ROWS = 8;

describe.each(KINDS_UNDER_TEST.map((kind) => [kind] as [AgentKind]))('%s: sleep, wake and resume', (kind) => {
  let world: AgentWorld;
  let paneId: number;
  /** When `wake` answered: the woken program started before this. */
  let wokenAt = 0;

  const pane = async (id: number): Promise<AgentPaneJson & { sessionId: string | null }> =>
    (await world.pane(id)) as AgentPaneJson & { sessionId: string | null };
  const waitForStatus = (id: number, status: string, timeoutMs: number) =>
    waitForValue(() => pane(id), (p) => p.status === status, timeoutMs, `pane ${id} to be ${status}`);

  /** The conversation the agent sent with its last main turn (tools offered), as text. */
  const lastConversation = (): string => JSON.stringify(world.model.requests.filter((r) => r.turn?.toolsOffered === true).at(-1)?.body ?? '');

  /** Whether the model was asked a main turn whose prompt is `prompt`. */
  const modelGot = (prompt: string): boolean => world.model.requests.some((r) => r.turn?.toolsOffered === true && r.turn.prompt?.includes(prompt) === true);

  /** The bottom rows of a screen, where an agent keeps its input box. */
  const inputRows = (screen: string): string => screen.trimEnd().split('\n').slice(-INPUT_ROWS).join('\n');

  /**
   * Enter once the pane is still, and again while the prompt is still in the input box and nothing reached the model:
   * a resumed Gemini CLI that repaints its history can drop an Enter (seen in CI: 'make marker 2' left in the box for
   * two minutes), as a user would see and press Enter again. Proof that an Enter was taken is the model getting the
   * prompt or the agent asking. The pill leaving idle and a screen read without the prompt are weak signs a repaint
   * can show for a moment (a run took one of them for a sent prompt and waited two minutes on a turn that never
   * began), so a screen without the prompt counts only once the pane is still.
   * An Enter that was taken is never pressed again, so a prompt is never sent twice and a dialog never answered.
   */
  const pressEnterUntilSent = async (id: number, prompt: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      await waitForPaneQuiet(world, id, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      await world.request('send-keys', { pane: String(id), keys: ['Enter'] });
      const proven = await waitForValue(
        async () => modelGot(prompt) || (await pane(id)).status === 'approval',
        (done) => done,
        ENTER_TAKEN_MS,
        `the prompt '${prompt}' to reach the model`,
      ).catch(() => false);
      if (proven) return;
      // A screen that never keeps still is a turn running (its spinner): taken.
      const still = await waitForPaneQuiet(world, id, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS).catch(() => undefined);
      if (still === undefined || modelGot(prompt) || !inputRows(still).includes(prompt)) return;
      if (attempt === ENTER_ATTEMPTS) throw new Error(`pane ${id} kept '${prompt}' in its input box after ${ENTER_ATTEMPTS} Enters; the screen:\n${still}`);
      console.log(`${kind}: Enter ${attempt} after '${prompt}' was not taken; pressing it again`);
    }
  };

  /**
   * Types the prompt, and again if none of it showed: a resumed Gemini CLI repainting its history dropped the whole
   * typed line once (the input box kept its placeholder), as a user would see and type it again. Part of it showing in
   * the input box is never retyped (that would double it).
   */
  const typeUntilShown = async (id: number, prompt: string): Promise<void> => {
    const start = prompt.slice(0, 4);
    for (let attempt = 1; ; attempt++) {
      await world.request('send-keys', { pane: String(id), keys: [prompt], literal: true });
      const screen = await waitForValue(() => world.screen(id), (s) => s.includes(prompt), ECHO_TIMEOUT_MS, `'${prompt}' to show in pane ${id}`).catch(() => undefined);
      if (screen !== undefined) return;
      const now = await world.screen(id);
      // The input box is at the bottom; the history above may quote earlier prompts that start the same way.
      if (attempt === TYPE_ATTEMPTS || inputRows(now).includes(start)) throw new Error(`'${prompt}' did not show in pane ${id} after ${attempt} tries; the screen:\n${now}`);
      console.log(`${kind}: '${prompt}' typed into pane ${id} did not show; typing it again`);
      await waitForPaneQuiet(world, id, RESUMED_SETTLE_MS, SETTLE_TIMEOUT_MS);
    }
  };

  /** Types a prompt like a user (text, then Enter once it shows and the pane is still), and allows the marker. */
  const makeMarker = async (id: number, marker: number): Promise<void> => {
    const prompt = `make marker ${marker}`;
    // A resumed agent repaints its earlier conversation after its prompt first shows: keys typed then can be lost.
    await waitForPaneQuiet(world, id, RESUMED_SETTLE_MS, SETTLE_TIMEOUT_MS);
    await typeUntilShown(id, prompt);
    await pressEnterUntilSent(id, prompt);
    await waitForStatus(id, 'approval', TURN_TIMEOUT_MS * 2).catch(async (error: Error) => {
      throw new Error(`${error.message.split('\n')[0]}; the screen:\n${await world.screen(id)}`);
    });
    await waitForPaneQuiet(world, id, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    const approved = await world.sandbox.cli(['approve', '-t', String(id)]);
    if (approved.code !== 0) {
      const explained = await world.sandbox.cli(['explain', '-t', String(id)]);
      throw new Error(`tessera approve -t ${id} failed: ${approved.stderr.trim()}\nexplain: ${explained.stdout}${explained.stderr}\nthe screen:\n${await world.screen(id)}`);
    }
    await waitUntil(() => existsSync(markerPath(world.markerDir, marker)), TURN_TIMEOUT_MS, `marker-${marker} to be created`);
    await waitForStatus(id, 'idle', TURN_TIMEOUT_MS);
  };

  const history = async (): Promise<HistoryEntry[]> => JSON.parse(await world.sandbox.cliOk(['history', '--json'])) as HistoryEntry[];

  beforeAll(async () => {
    world = await createAgentWorld(kind);
  });

  afterAll(async () => {
    await world?.dispose();
  });

  /** The last turn's conversation holds every earlier prompt (the body is long: only the missing prompts are reported). */
  const expectConversationWith = (prompts: string[]): void => {
    const conversation = lastConversation();
    expect(prompts.filter((p) => !conversation.includes(p))).toEqual([]);
  };

  test('sleep ends the agent and keeps the pane; wake resumes the same conversation', async () => {
    const created = await world.sandbox.cli(['new', '-d', '-s', WORKSPACE, '-c', world.project, '--', kind, ...world.agentArgs]);
    expect(created, created.stderr).toMatchObject({ code: 0 });
    paneId = (await world.panes())[0].id;
    await waitForStatus(paneId, 'idle', START_TIMEOUT_MS);
    await makeMarker(paneId, 1);
    const before = await pane(paneId);

    const slept = await world.sandbox.cli(['sleep', '-t', String(paneId)]);
    expect(slept, slept.stderr).toMatchObject({ code: 0 });
    const asleep = await pane(paneId);
    expect(asleep).toMatchObject({ id: paneId, status: 'asleep', pid: null });
    expect(asleep.sessionId).toMatch(/\S/);
    expect(slept.stdout).toContain(`conversation ${asleep.sessionId}`);
    expect(before.pid).not.toBeNull();
    expect(() => process.kill(before.pid as number, 0)).toThrow(); // the agent's process is gone
    expect(await world.screen(paneId)).toContain('is asleep');

    const requestsBefore = world.model.requests.length;
    const woken = await world.sandbox.cli(['wake', '-t', String(paneId)]);
    expect(woken, woken.stderr).toMatchObject({ code: 0, stderr: '' });
    wokenAt = Date.now();
    await waitForStatus(paneId, 'idle', START_TIMEOUT_MS);
    expect((await pane(paneId)).pid).not.toBe(before.pid);
    await makeMarker(paneId, 2);
    // The turn after waking carried the turn before sleeping: the conversation was resumed, not restarted.
    expect(world.model.requests.length).toBeGreaterThan(requestsBefore);
    expectConversationWith(['make marker 1', 'make marker 2']);
  }, FLOW_TIMEOUT_MS);

  test('after kill-server, the history entry resumes the conversation in a new pane', async () => {
    // Only sessions longer than HISTORY_MIN_SESSION_MS are kept.
    const { sessionId } = await pane(paneId);
    await waitUntil(() => Date.now() - wokenAt > HISTORY_MIN_SESSION_MS, HISTORY_MIN_SESSION_MS * 2, 'the session to last long enough for the history');
    await world.sandbox.cliOk(['kill-server']);
    // kill-server answers before the panes have ended: wait until that server is gone.
    await waitForValue(() => world.sandbox.cli(['server-info']), (r) => r.code !== 0, START_TIMEOUT_MS, 'the old server to exit');
    // A new server: the history is read from the state directory.
    const shell = await world.sandbox.cli(['new', '-d', '-s', 'again', '-c', world.project]);
    expect(shell, shell.stderr).toMatchObject({ code: 0 });

    const entries = (await history()).filter((e) => e.agent === kind);
    const last = entries.at(-1);
    expect(entries.length, JSON.stringify(entries)).toBeGreaterThanOrEqual(1);
    expect(last).toMatchObject({ workspace: WORKSPACE, paneKind: 'agent', outcome: 'killed', cwd: world.project, sessionId });

    const resumed = await world.sandbox.cli(['new-pane', '-t', 'again', '--down', '--resume', last!.id]);
    expect(resumed, resumed.stderr).toMatchObject({ code: 0, stderr: '' });
    const id = Number(resumed.stdout.trim());
    await waitForStatus(id, 'idle', START_TIMEOUT_MS);
    await makeMarker(id, 3);
    expectConversationWith(['make marker 1', 'make marker 2']);
  }, FLOW_TIMEOUT_MS);

});
