// The real agent CLIs against the fake model: each one asks before running a command, and Allow, Deny and Abort do what they say.

import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AgentState } from '../../src/agents/detection.js';
import { AGENT_DETECTORS } from '../../src/agents/detectors.js';
import { CLI_FLOWS, ENTER } from './cliFlows.js';
import { markerPath } from './fake-model/script.js';
import { startFakeModel, type FakeModel } from './fake-model/server.js';
import { KINDS_UNDER_TEST, type AgentKind } from './harness/kind.js';
import { launchAgent, type AgentSession } from './harness/launch.js';
import { sessionMembers } from './harness/processTree.js';
import { saveRecording, type RecordedState } from './harness/recording.js';
import { makeTempDir, removeTempDir } from './harness/tempDir.js';
import { ECHO_TIMEOUT_MS, INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS, SLOW_TURN_MS, START_TIMEOUT_MS, TURN_TIMEOUT_MS } from './harness/timings.js';
import { pinnedVersion } from './harness/versions.js';
import { waitUntil } from './harness/waitUntil.js';

const COLS = 100;
const ROWS = 30;

describe.each(KINDS_UNDER_TEST.map((kind) => [kind] as [AgentKind]))('%s', (kind) => {
  const flow = CLI_FLOWS[kind];
  const detector = AGENT_DETECTORS[kind];
  const keys = detector.approvalKeys;
  let root: string;
  let markerDir: string;
  let server: FakeModel;
  let agent: AgentSession;

  const record = (state: RecordedState): void =>
    saveRecording({ kind, state, version: pinnedVersion(kind), cols: COLS, rows: ROWS, ...agent.screen() });

  /** The detector in src/agents must agree with what the test saw on the live screen. */
  const expectDetected = (state: AgentState): void => {
    const detection = detector.detect(agent.screen());
    expect(detection.state, `rule "${detection.rule}" on:\n${agent.screenLines().join('\n')}`).toBe(state);
  };

  /** Once the screen holds still (what a pane's detector sees, not a half-painted frame): record it and check the detector. */
  const checkpoint = async (recorded: RecordedState, state: AgentState): Promise<void> => {
    await agent.waitForQuiet(INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    record(recorded);
    expectDetected(state);
  };

  /** Presses keys the way a person does: only once the screen has stopped moving. */
  const pressWhenSettled = async (keys: string): Promise<void> => {
    await agent.waitForQuiet(INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    agent.press(keys);
  };

  /** Types a prompt like a user: the text, then Enter once it shows (a burst ending in CR can read as a paste). */
  const submit = async (prompt: string): Promise<void> => {
    await pressWhenSettled(prompt);
    await agent.waitForScreen(new RegExp(prompt), ECHO_TIMEOUT_MS);
    await pressWhenSettled(ENTER);
  };

  beforeAll(async () => {
    root = await makeTempDir(kind);
    const cwd = path.join(root, 'project');
    markerDir = path.join(root, 'markers');
    await mkdir(cwd, { recursive: true });
    await mkdir(markerDir, { recursive: true });
    server = await startFakeModel({ markerDir });
    agent = await launchAgent(kind, { cwd, markerDir, serverUrl: server.url, cols: COLS, rows: ROWS });
  });

  afterAll(async () => {
    await agent?.dispose();
    await server?.dispose();
    if (root !== undefined) await removeTempDir(root);
  });

  test('starts to an idle prompt', async () => {
    await agent.waitForScreen(/\S/, START_TIMEOUT_MS);
    record('starting');
    await agent.waitForScreen(flow.idle, START_TIMEOUT_MS);
    await checkpoint('idle', 'idle');
  });

  test('asks before running a command, and Allow runs it', async () => {
    await submit('make marker 1');
    await agent.waitForScreen(flow.approval, TURN_TIMEOUT_MS);
    await checkpoint('approval', 'approval');
    expect(detector.detect(agent.screen()).question).toContain('marker-1');
    expect(existsSync(markerPath(markerDir, 1))).toBe(false);

    await pressWhenSettled(keys.allow);
    await waitUntil(() => existsSync(markerPath(markerDir, 1)), TURN_TIMEOUT_MS, 'marker-1 to be created');
    await agent.waitForScreen(/Done\./, TURN_TIMEOUT_MS);
    await agent.waitForScreen(flow.idle, TURN_TIMEOUT_MS);
    await checkpoint('after-allow', 'idle');
  });

  test('Deny keeps the command from running and ends the turn', async () => {
    await submit('make marker 2');
    await agent.waitForScreen(flow.approval, TURN_TIMEOUT_MS);
    await agent.waitForQuiet(INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    expectDetected('approval');

    await pressWhenSettled(keys.deny);
    await agent.waitForScreen(flow.afterDenial(2), TURN_TIMEOUT_MS);
    await agent.waitForScreen(flow.idle, TURN_TIMEOUT_MS);
    await checkpoint('after-deny', 'idle');
    expect(existsSync(markerPath(markerDir, 2))).toBe(false);
  });

  test('Abort at the dialog dismisses it without running the command', async () => {
    await submit('make marker 3');
    await agent.waitForScreen(flow.approval, TURN_TIMEOUT_MS);
    await agent.waitForQuiet(INPUT_SETTLE_MS, SETTLE_TIMEOUT_MS);
    expectDetected('approval');

    await pressWhenSettled(keys.abort);
    await agent.waitForScreen(flow.afterDenial(3), TURN_TIMEOUT_MS);
    await agent.waitForScreen(flow.idle, TURN_TIMEOUT_MS);
    expect(existsSync(markerPath(markerDir, 3))).toBe(false);
  });

  test('Abort interrupts a busy turn before the model answers', async () => {
    server.setDelay(SLOW_TURN_MS);
    try {
      await submit('make marker 4');
      await agent.waitForScreen(flow.busy, TURN_TIMEOUT_MS);
      record('running');
      expectDetected('running');
      const turn = () => server.requests.find((r) => r.turn?.toolsOffered === true && r.turn.prompt === 'make marker 4');
      // The interrupt is for a turn that waits on the model (which answers only after SLOW_TURN_MS). A CLI can show it
      // busy before its request is out, and an Esc then leaves no request to hang up: a quiet run once waited a minute
      // for claude's hang-up (whether for this reason is not known).
      await waitUntil(() => turn() !== undefined, TURN_TIMEOUT_MS, 'the turn to reach the model');

      for (const step of flow.abortSteps) {
        if (step.waitFor !== undefined) await agent.waitForScreen(step.waitFor, TURN_TIMEOUT_MS);
        // A busy screen never holds still (spinners, timers), so interrupt keys go out at once.
        agent.press(step.keys);
      }
      await agent.waitForScreen(flow.afterAbort(4), TURN_TIMEOUT_MS);
      await checkpoint('after-abort', 'idle');
      if (flow.hangsUpOnAbort) {
        // The CLI hung up on the model: the turn really stopped, not just its spinner.
        await waitUntil(() => turn()?.abandoned === true, TURN_TIMEOUT_MS, 'the CLI to drop its request to the model');
      }
      expect(existsSync(markerPath(markerDir, 4))).toBe(false);
    } finally {
      server.setDelay(0);
    }
  });

  test('closing it ends every process it started', async () => {
    expect(sessionMembers(agent.pid)).toContain(agent.pid);
    await agent.dispose();
    expect(sessionMembers(agent.pid)).toEqual([]);
  });
});
