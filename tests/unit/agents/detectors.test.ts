// Each agent's detector names the state of real recorded screens (tests/agents/recordings) and explains itself.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { AgentKind, AgentState } from '../../../src/agents/detection.js';
import { AGENT_DETECTORS } from '../../../src/agents/detectors.js';
import type { AgentScreen } from '../../../src/agents/screen.js';

type RecordedState = 'starting' | 'idle' | 'running' | 'approval' | 'after-allow' | 'after-deny' | 'after-abort';

const load = (kind: AgentKind, state: RecordedState): AgentScreen =>
  JSON.parse(readFileSync(new URL(`../../agents/recordings/${kind}-${state}.json`, import.meta.url), 'utf8')) as AgentScreen;

/** What each recorded screen is. Claude and gemini paint their input box in their very first frame, so they start "idle". */
const EXPECTED: Record<AgentKind, Record<RecordedState, AgentState>> = {
  claude: { starting: 'idle', idle: 'idle', running: 'running', approval: 'approval', 'after-allow': 'idle', 'after-deny': 'idle', 'after-abort': 'idle' },
  codex: { starting: 'starting', idle: 'idle', running: 'running', approval: 'approval', 'after-allow': 'idle', 'after-deny': 'idle', 'after-abort': 'idle' },
  gemini: { starting: 'idle', idle: 'idle', running: 'running', approval: 'approval', 'after-allow': 'idle', 'after-deny': 'idle', 'after-abort': 'idle' },
  opencode: { starting: 'idle', idle: 'idle', running: 'running', approval: 'approval', 'after-allow': 'idle', 'after-deny': 'idle', 'after-abort': 'idle' },
};

const QUESTIONS: Record<AgentKind, RegExp> = {
  claude: /^Do you want to proceed\? — Bash command: touch \S+\/markers\/marker-1$/,
  codex: /^Would you like to run the following command\? — \$ touch \S+\/markers\/marker-1$/,
  gemini: /^Allow execution of \[Shell\]\? — Shell: touch \S+\/markers\/marker-1$/,
  opencode: /^Permission required — Shell command: \$ touch \S+\/markers\/marker-1$/,
};

describe.each(Object.keys(EXPECTED) as AgentKind[])('%s detector', (kind) => {
  const detector = AGENT_DETECTORS[kind];

  test.each(Object.entries(EXPECTED[kind]) as [RecordedState, AgentState][])('calls the recorded "%s" screen %s', (recorded, state) => {
    const detection = detector.detect(load(kind, recorded));
    expect(detection.state, `rule: ${detection.rule}`).toBe(state);
    expect(detection.matched.length).toBeGreaterThan(0);
  });

  test('quotes the command it is asked about', () => {
    expect(detector.detect(load(kind, 'approval')).question).toMatch(QUESTIONS[kind]);
  });

  test('explains which rule fired and which lines it matched', () => {
    const detection = detector.detect(load(kind, 'running'));
    expect(detection.rule).not.toBe('no rule matched');
    const lines = load(kind, 'running').lines.map((l) => l.trim());
    for (const matched of detection.matched) expect(lines).toContain(matched);
  });

  test('says "starting" for a blank screen and "unknown" for one it does not recognise', () => {
    const blank = { lines: ['', '', ''], cursorX: 0, cursorY: 0 };
    expect(detector.detect(blank).state).toBe('starting');
    const foreign = { lines: ['$ make', 'cc -o main main.c', '$ '], cursorX: 2, cursorY: 2 };
    expect(detector.detect(foreign)).toEqual({ state: 'unknown', rule: 'no rule matched', matched: [] });
  });

  test('has one key sequence each for Allow, Deny and Abort', () => {
    const { allow, deny, abort } = detector.approvalKeys;
    for (const keys of [allow, deny, abort]) expect(keys.length).toBeGreaterThan(0);
    expect(allow).not.toBe(deny);
  });
});
