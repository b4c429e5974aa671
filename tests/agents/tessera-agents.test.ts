// The four real agent CLIs in tessera panes, against the fake model: the pill follows the agent (starting → idle →
// running → approval), the approval bar and prefix+y / prefix+Esc answer it, `tessera approve|deny` answer it from a
// script, an initial prompt is delivered exactly once, and an agent that is not installed starts nothing.
//
// Each agent gets its own world (tests/agents/tessera/agentWorld.ts): a fake model on 127.0.0.1, the agent's seeded
// config, and an isolated tessera server whose environment points the agent at the fake model. The suite's config
// runs this file once per agent (TESSERA_AGENT_KINDS, harness/kind.ts), the agents side by side.

import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENT_LAUNCHES } from '../../src/agents/launch/agentArgs.js';
import type { AnswerLogEntry } from '../../src/commands/approvals.js';
import { CLI_FLOWS } from './cliFlows.js';
import { markerPath } from './fake-model/script.js';
import { KINDS_UNDER_TEST, type AgentKind } from './harness/kind.js';
import { sessionMembers } from './harness/processTree.js';
import { ECHO_TIMEOUT_MS, INPUT_SETTLE_MS, KILL_GRACE_MS, SETTLE_TIMEOUT_MS, START_TIMEOUT_MS, TURN_TIMEOUT_MS } from './harness/timings.js';
import { waitUntil } from './harness/waitUntil.js';
import { createAgentWorld, serverChildren, type AgentPaneJson, type AgentWorld } from './tessera/agentWorld.js';
import { AttachedClient } from './tessera/attachedClient.js';
import { StatusTrail, waitForPaneQuiet, waitForValue } from './tessera/paneWatch.js';

/** Wide enough for two agent panes side by side at about 100 columns each (the size the CLIs were checked at). */
const COLS = 200;
const ROWS = 36;
const WORKSPACE = 'agents';
/** Slow mode for the first turn: long enough that "running" is seen (a pill must hold 250 ms to show), short enough to wait out. */
const SLOW_TURN_MS = 2_500;
const ESC = '\x1b';
const ENTER = '\r';
/** Typed into the idle agent's input box and never sent. */
const UNSENT = 'draft never sent';
/** The bottom row once no pane waits: no approval bar. */
const NO_APPROVAL_BAR = /^(?!.*⚠)/;

/**
 * What says a CLI waits for approval, and that its turn ended: its own channel where it has one, else the screen.
 * Explain names it. Claude Code: its hooks (through --settings). Codex: its title says Action Required, its notify
 * program the end of a turn of the pane's own conversation. Gemini CLI: its title (Action Required, Ready). opencode:
 * tessera's plugin (through OPENCODE_CONFIG_CONTENT). A title is a signal (in the screen's own stream); hooks,
 * notify and the plugin report over tessera's socket (the channel).
 */
const OWN_SIGNALS: Record<AgentKind, { asks: { source: string; rule: RegExp }; ended?: RegExp }> = {
  claude: { asks: { source: 'channel', rule: /^hook (PermissionRequest Bash|Notification permission_prompt)$/ }, ended: /^hook Stop$/ },
  codex: { asks: { source: 'signal', rule: /^title Action Required$/ }, ended: /^notify agent-turn-complete main-thread$/ },
  gemini: { asks: { source: 'signal', rule: /^title Action Required$/ }, ended: /^title Ready$/ },
  opencode: { asks: { source: 'channel', rule: /^plugin permission\.asked bash$/ }, ended: /^plugin session\.idle$/ },
};

interface Explained {
  status: string;
  source: string;
  rule: string;
  matched: string[];
  decidedAt?: number;
  lastReport?: { label: string; at: number };
}

/** Step timings per agent, printed at the end of the file. */
const timings: Record<string, Record<string, number>> = {};

async function timed<T>(kind: string, step: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await run();
  } finally {
    (timings[kind] ??= {})[step] = Date.now() - started;
  }
}

afterAll(() => {
  for (const [kind, steps] of Object.entries(timings)) {
    const total = Object.values(steps).reduce((a, b) => a + b, 0);
    console.log(`${kind}: ${Object.entries(steps).map(([s, ms]) => `${s} ${ms} ms`).join(', ')} (total ${total} ms)`);
  }
});

describe.each(KINDS_UNDER_TEST.map((kind) => [kind] as [AgentKind]))('%s in a tessera pane', (kind) => {
  const flow = CLI_FLOWS[kind];
  let world: AgentWorld;
  let client: AttachedClient | undefined;
  let paneId: number;
  let trail: StatusTrail | undefined;
  let promptPane: number | undefined;
  let promptTrail: StatusTrail | undefined;

  /** Types like a user in the attached client: the text, then Enter once it shows and the pane has settled. */
  const submit = async (pane: number, prompt: string): Promise<void> => {
    await waitForPaneQuiet(world, pane, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    client!.type(prompt);
    await waitForValue(() => world.screen(pane), (s) => s.includes(prompt), ECHO_TIMEOUT_MS, `'${prompt}' to show in pane ${pane}`);
    // Gemini reads an Enter within 30 ms of other keys as part of a paste.
    await waitForPaneQuiet(world, pane, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    client!.type(ENTER);
  };

  /** list-panes --json through the real CLI. */
  /**
   * The pane once its question names the command (`touch` of marker N). An agent's title can say "Action Required" a
   * moment before its dialog is drawn: the pill is approval at once, with the title's words as the question until the
   * screen's dialog is read (Codex's title came first in a run; the pill was right, its question not yet).
   */
  const questionRead = (id: number, marker: number): Promise<AgentPaneJson> =>
    waitForValue(() => listedPane(id), (p) => p.question?.includes(`touch ${markerPath(world.markerDir, marker)}`) === true, TURN_TIMEOUT_MS, `pane ${id}'s question to name marker-${marker}`);

  const listedPane = async (id: number): Promise<AgentPaneJson> => {
    const found = ((await world.sandbox.listPanes()) as AgentPaneJson[]).find((p) => p.id === id);
    if (found === undefined) throw new Error(`list-panes does not list pane ${id}`);
    return found;
  };

  /**
   * The prompts the fake model was asked to answer that mention `text`: main turns (tools offered) that end with a user
   * prompt. Turns that end with a tool result are left out (for the OpenAI shapes their `prompt` is still the
   * conversation's last one), and so are side requests (titles) that quote it.
   */
  const promptsMentioning = (text: string): string[] =>
    world.model.requests
      .filter((r) => r.turn?.toolsOffered === true && !r.turn.endsWithToolResult && r.turn.prompt?.includes(text) === true)
      .map((r) => r.turn?.prompt ?? '');

  /** How often `text` occurs in the conversation the agent sent with its last main turn. */
  const occurrencesInLastTurn = (text: string): number => {
    const last = world.model.requests.filter((r) => r.turn?.toolsOffered === true).at(-1);
    return JSON.stringify(last?.body ?? '').split(text).length - 1;
  };

  /** `tessera explain PANE --json` of the first pane, through the real CLI. */
  const explain = async (): Promise<Explained> => JSON.parse(await world.sandbox.cliOk(['explain', String(paneId), '--json'])) as Explained;

  /** The approval bar for `pane`, quoting the touch of `marker-N`, with the three answers. */
  const approvalBar = (pane: number, marker: number): RegExp =>
    new RegExp(`⚠ ${pane} ${kind}  Allow · Deny · Abort C-\\\\ y/n/Esc .*touch \\S*marker-${marker}`);

  /** The pane's header row in the attached client, with its pill. */
  const header = (pane: number, pill: string): RegExp => new RegExp(`● ${pane} .* ${pill}\\b`);

  /** Waits until explain says the pane waits, decided by the agent's own signal where it has one. */
  const askedThroughOwnSignal = async (): Promise<Explained> => {
    const own = OWN_SIGNALS[kind].asks;
    return waitForValue(
      explain,
      (e) => e.status === 'approval' && e.source === own.source && own.rule.test(e.rule),
      TURN_TIMEOUT_MS,
      `explain to name ${own.source} ${String(own.rule)}`,
    );
  };

  /** `make marker N` → the pill shows approval (with the question) and the bar shows it; nothing has run yet. */
  const askForMarker = async (marker: number): Promise<void> => {
    await submit(paneId, `make marker ${marker}`);
    await trail!.waitFor('approval', TURN_TIMEOUT_MS);
    await client!.waitForBottomRow(approvalBar(paneId, marker), TURN_TIMEOUT_MS);
    expect(existsSync(markerPath(world.markerDir, marker))).toBe(false);
    // Keys sent the instant a dialog paints can be lost; a person sees it first.
    await waitForPaneQuiet(world, paneId, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
  };

  beforeAll(async () => {
    world = await createAgentWorld(kind);
  });

  afterAll(async () => {
    await trail?.stop();
    await promptTrail?.stop();
    client?.dispose();
    await world?.dispose();
  });

  test('1a. starts in a pane: the pill goes starting, then idle', async () => {
    await timed(kind, 'start', async () => {
      // The first command starts the server: it, and every pane, inherits this environment (fake model, config dirs).
      const created = await world.sandbox.cli(['new', '-d', '-s', WORKSPACE, '-c', world.project, '--', kind, ...world.agentArgs]);
      expect(created, created.stderr).toMatchObject({ code: 0, stdout: `${WORKSPACE}\n` });
      // The trail starts polling (in-process, every 25 ms) right away, so it sees the first pill.
      const [first] = await world.panes();
      paneId = first.id;
      trail = new StatusTrail(world, paneId);
      const [pane, ...others] = (await world.sandbox.listPanes()) as AgentPaneJson[];
      expect(others).toEqual([]);
      expect(pane).toMatchObject({ id: paneId, agent: kind, question: null, workspace: WORKSPACE, cwd: world.project });
      expect(pane.pid).toBeGreaterThan(0);
      client = new AttachedClient(world, WORKSPACE, COLS, ROWS);
      await trail.waitFor('idle', START_TIMEOUT_MS);
      expect(trail.since(0), trail.details()).toEqual(['starting', 'idle']);
      await client.outer.waitFor(header(paneId, 'idle'), ECHO_TIMEOUT_MS);
    });
  });

  test('1b. running while the model is slow, then approval: list-panes has the question, the bottom row the bar', async () => {
    await timed(kind, 'turn to approval', async () => {
      world.model.setDelay(SLOW_TURN_MS);
      try {
        const mark = trail!.mark();
        await submit(paneId, 'make marker 1');
        await trail!.waitFor('approval', TURN_TIMEOUT_MS + SLOW_TURN_MS);
        expect(trail!.since(mark), trail!.details(mark)).toEqual(['idle', 'running', 'approval']);
      } finally {
        world.model.setDelay(0);
      }
      const listed = await questionRead(paneId, 1);
      expect(listed.status).toBe('approval');
      await client!.waitForBottomRow(approvalBar(paneId, 1), TURN_TIMEOUT_MS);
      await client!.outer.waitFor(header(paneId, 'approval'), ECHO_TIMEOUT_MS);
      // Seen as waiting through the agent's own signal where it has one (it may come just after the screen showed it).
      const explained = await askedThroughOwnSignal();
      expect(explained.decidedAt).toBeLessThanOrEqual(Date.now());
      if (OWN_SIGNALS[kind].asks.source === 'screen') expect(explained.matched.length).toBeGreaterThan(0);
      expect(existsSync(markerPath(world.markerDir, 1))).toBe(false);
    });
  });

  test('2. prefix+y in the attached client allows: the command runs and the pill returns to idle', async () => {
    await timed(kind, 'allow (prefix y)', async () => {
      await waitForPaneQuiet(world, paneId, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      await client!.prefixKey('y', ECHO_TIMEOUT_MS);
      await waitUntil(() => existsSync(markerPath(world.markerDir, 1)), TURN_TIMEOUT_MS, 'marker-1 to be created');
      await waitForValue(() => world.screen(paneId), (s) => s.includes('Done.'), TURN_TIMEOUT_MS, 'the agent to say Done.');
      await trail!.waitFor('idle', TURN_TIMEOUT_MS);
      await client!.waitForBottomRow(NO_APPROVAL_BAR, ECHO_TIMEOUT_MS);
      // The end of the turn came through the agent's own channel too, where it has one.
      const ended = OWN_SIGNALS[kind].ended;
      if (ended !== undefined) {
        const seen = (e: Explained): boolean => ended.test(e.source === 'channel' ? e.rule : (e.lastReport?.label ?? ''));
        await waitForValue(explain, seen, TURN_TIMEOUT_MS, `explain to name ${String(ended)}`);
      }
    });
  });

  test('3. tessera deny: the command does not run, the agent ends the turn and the pill returns to idle', async () => {
    await timed(kind, 'deny (cli)', async () => {
      await askForMarker(2);
      const denied = await world.sandbox.cli(['deny', '-t', String(paneId)]);
      expect(denied, denied.stderr).toMatchObject({ code: 0, stdout: '' });
      // In all four pinned CLIs a refusal also ends the turn (tests/agents/README.md), so the agent is idle again.
      await waitForValue(() => world.screen(paneId), (s) => flow.afterDenial(2).test(s), TURN_TIMEOUT_MS, 'the agent to show the denial');
      await trail!.waitFor('idle', TURN_TIMEOUT_MS);
      await client!.waitForBottomRow(NO_APPROVAL_BAR, ECHO_TIMEOUT_MS);
      expect(existsSync(markerPath(world.markerDir, 2))).toBe(false);
    });
  });

  test('4. prefix+Esc aborts at the dialog: the turn stops without running the command', async () => {
    await timed(kind, 'abort (prefix Esc)', async () => {
      await askForMarker(3);
      const mark = trail!.mark();
      await client!.prefixKey(ESC, ECHO_TIMEOUT_MS);
      await waitForValue(() => world.screen(paneId), (s) => flow.afterDenial(3).test(s), TURN_TIMEOUT_MS, 'the agent to show the interrupted turn');
      await trail!.waitFor('idle', TURN_TIMEOUT_MS);
      await waitForPaneQuiet(world, paneId, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      expect((await listedPane(paneId)).status).toBe('idle');
      expect(trail!.since(mark), trail!.details(mark)).toEqual(['approval', 'idle']);
      await client!.waitForBottomRow(NO_APPROVAL_BAR, ECHO_TIMEOUT_MS);
      expect(existsSync(markerPath(world.markerDir, 3))).toBe(false);
    });
  });

  test('4b. the inbox (prefix i, then y) answers a question seen through the agent\'s own signal; the answer log has it', async () => {
    await timed(kind, 'inbox allow', async () => {
      await askForMarker(5);
      await askedThroughOwnSignal();
      await client!.prefixKey('i', ECHO_TIMEOUT_MS);
      await client!.outer.waitFor(/Inbox: 1 question waits/, ECHO_TIMEOUT_MS);
      // Its row (the question may be cut short at the inbox's width; it is the only one).
      await client!.outer.waitFor(new RegExp(`${kind} +${WORKSPACE}:${paneId} .*touch `), ECHO_TIMEOUT_MS);
      client!.type('y');
      await waitUntil(() => existsSync(markerPath(world.markerDir, 5)), TURN_TIMEOUT_MS, 'marker-5 to be created');
      await trail!.waitFor('idle', TURN_TIMEOUT_MS);
      // The inbox stays open, empty now; Esc closes it (and goes no further than the inbox).
      await client!.outer.waitFor(/Inbox: no question waits/, ECHO_TIMEOUT_MS);
      client!.type(ESC);
      await client!.outer.waitFor(() => !client!.outer.text().includes('Inbox:'), ECHO_TIMEOUT_MS);
      const log = JSON.parse(await world.sandbox.cliOk(['approvals', '--log', '--json'])) as AnswerLogEntry[];
      const entries = log.filter((entry) => entry.question.includes('marker-5'));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ workspace: WORKSPACE, pane: paneId, agent: kind, answer: 'allow', origin: 'inbox' });
      expect(entries[0]!.client).toMatch(/^client \d+/);
      expect(entries[0]!.questionId).toMatch(/\S/);
    });
  });

  test('5. tessera approve on a pane that is not waiting fails with a clear error and types nothing', async () => {
    await timed(kind, 'approve refused', async () => {
      // Text in the input box, so that any allow key would show: "1" or "y" would be appended, Enter would send it.
      await waitForPaneQuiet(world, paneId, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      client!.type(UNSENT);
      await waitForValue(() => world.screen(paneId), (s) => s.includes(UNSENT), ECHO_TIMEOUT_MS, `'${UNSENT}' to show in pane ${paneId}`);
      const before = await waitForPaneQuiet(world, paneId, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      const requestsBefore = world.model.requests.length;
      const refused = await world.sandbox.cli(['approve', '-t', String(paneId)]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`no question is waiting in pane ${paneId}`);
      expect(refused.stdout).toBe('');
      const after = await waitForPaneQuiet(world, paneId, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      expect(after).toBe(before);
      expect(world.model.requests.length).toBe(requestsBefore);
      expect((await listedPane(paneId)).status).toBe('idle');
    });
  });

  // The suite's test deadline (300 s): it starts a second agent (START_TIMEOUT_MS) and waits for its turn (TURN_TIMEOUT_MS).
  test('6. new-pane --prompt: the agent gets the prompt exactly once, asks, and approve runs it', async () => {
    await timed(kind, 'initial prompt', async () => {
      const created = await world.sandbox.cli(['new-pane', '-t', WORKSPACE, '--agent', kind, '--prompt', 'make marker 7', '--', ...world.agentArgs]);
      expect(created, created.stderr).toMatchObject({ code: 0 });
      promptPane = Number(created.stdout.trim());
      expect(promptPane).toBeGreaterThan(paneId);
      promptTrail = new StatusTrail(world, promptPane);
      await promptTrail.waitFor('approval', START_TIMEOUT_MS + TURN_TIMEOUT_MS);
      // Without slow mode the turn can be shorter than the 250 ms a pill must hold, so "running" may not show.
      expect(promptTrail.since(0).filter((s) => s !== 'running'), promptTrail.details()).toEqual(['starting', 'idle', 'approval']);
      await questionRead(promptPane, 7);
      expect(promptsMentioning('marker 7')).toEqual(['make marker 7']);
      // The first pane is idle, so the new pane is the only one waiting: it owns the bar.
      await client!.waitForBottomRow(approvalBar(promptPane, 7), TURN_TIMEOUT_MS);

      await waitForPaneQuiet(world, promptPane, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      const approved = await world.sandbox.cli(['approve', '-t', String(promptPane)]);
      expect(approved, approved.stderr).toMatchObject({ code: 0, stdout: '' });
      await waitUntil(() => existsSync(markerPath(world.markerDir, 7)), TURN_TIMEOUT_MS, 'marker-7 to be created');
      await promptTrail.waitFor('idle', TURN_TIMEOUT_MS);
      await waitForPaneQuiet(world, promptPane, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
      // Still once: not pasted again when the agent came back to idle after the turn.
      expect(promptsMentioning('marker 7')).toEqual(['make marker 7']);
      expect(occurrencesInLastTurn('make marker 7')).toBe(1);
      expect((await listedPane(paneId)).status).toBe('idle');
    });
  });

  test('8. the server logged no errors, and kill-server ends every agent process', async () => {
    await timed(kind, 'kill-server', async () => {
      const leaders = ((await world.sandbox.listPanes()) as AgentPaneJson[]).map((p) => p.pid).filter((pid): pid is number => pid !== null && pid > 0);
      expect(leaders).toHaveLength(2);
      const processes = leaders.flatMap((leader) => sessionMembers(leader));
      expect(processes.length).toBeGreaterThanOrEqual(2);
      const killed = await world.sandbox.cli(['kill-server']);
      expect(killed, killed.stderr).toMatchObject({ code: 0 });
      const alive = (): number[] => processes.filter((pid) => existsSync(`/proc/${pid}`));
      await waitUntil(() => alive().length === 0, 2 * KILL_GRACE_MS + SETTLE_TIMEOUT_MS, `every agent process to end (left: ${alive().join(', ')})`);
      const log = existsSync(world.serverLog) ? readFileSync(world.serverLog, 'utf8') : '';
      expect(log).not.toMatch(/error|exception|uncaught|unhandled|warn/i);
    });
  });
});

describe('agents that are not installed', () => {
  let world: AgentWorld;

  beforeAll(async () => {
    // The kind only picks the seeded config; PATH has none of the pinned CLIs.
    world = await createAgentWorld('codex', { agentsOnPath: false });
  });

  afterAll(async () => {
    await world?.dispose();
  });

  test.each(KINDS_UNDER_TEST.map((kind) => [kind] as [AgentKind]))('7. new-pane --agent %s without it on PATH: "not installed", the install command, no process', async (kind) => {
    await timed(kind, 'not installed', async () => {
      // A workspace of its own (a shell) per agent, so the message is not squeezed into a narrow pane.
      const workspace = `missing-${kind}`;
      const created = await world.sandbox.cli(['new', '-d', '-s', workspace, '-c', world.project]);
      expect(created, created.stderr).toMatchObject({ code: 0 });
      const server = JSON.parse(await world.sandbox.cliOk(['server-info', '--json'])) as { pid: number };
      const childrenBefore = serverChildren(server.pid);
      const added = await world.sandbox.cli(['new-pane', '-t', workspace, '--agent', kind, '--down', '-d']);
      expect(added, added.stderr).toMatchObject({ code: 0 });
      const id = Number(added.stdout.trim());
      const pane = ((await world.sandbox.listPanes()) as AgentPaneJson[]).find((p) => p.id === id);
      expect(pane).toMatchObject({ agent: kind, status: 'not installed', question: null });
      expect(pane?.pid === null || pane?.pid === 0, `pid ${String(pane?.pid)}`).toBe(true);
      expect(serverChildren(server.pid)).toEqual(childrenBefore);
      const screen = await world.sandbox.cliOk(['capture-pane', '-t', String(id)]);
      expect(screen).toContain(`${AGENT_LAUNCHES[kind].displayName} is not installed`);
      expect(screen).toContain(AGENT_LAUNCHES[kind].installHint);
      if (kind === 'codex') expect(screen).toContain('npm install -g @openai/codex');
      // Nothing to answer: approve refuses instead of typing into nothing.
      const refused = await world.sandbox.cli(['approve', '-t', String(id)]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`no question is waiting in pane ${id}`);
    });
  });
});
