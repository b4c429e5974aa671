// A custom agent's rules on real screens: a line-oriented agent written into a headless xterm (tessera's own
// emulator), read the way the agent monitor reads it. What counts is the live part: the lines from the latest
// prompt down, without the rows of a question already answered.

import { afterEach, describe, expect, it } from 'vitest';
import { parseCustomAgents } from '../../../src/agents/agentKinds.js';
import { customAgentDetector } from '../../../src/agents/custom/detector.js';
import type { AgentScreen } from '../../../src/agents/screen.js';
import { AnsweredRows } from '../../../src/server/approval/answeredRows.js';
import { Emulator } from '../../../src/term/emulator.js';

/** The example agent of docs/agents.md ("Custom agents"): a prompt, a status line while it works, a y/n question. */
const parsed = parseCustomAgents([
  {
    name: 'helper',
    command: 'helper',
    detection: { idle: ['^helper> '], running: ['^Working on: '], approval: ['^Allow this command\\? .*\\(y/n\\)'] },
    approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' },
  },
]);
if (!parsed.ok) throw new Error(parsed.message);
const detector = customAgentDetector(parsed.agents[0]);

const emulators: Emulator[] = [];
afterEach(() => {
  for (const e of emulators.splice(0)) e.dispose();
});

function terminal(cols = 60, rows = 8) {
  const emulator = new Emulator({ cols, rows, scrollback: 100 });
  emulators.push(emulator);
  const answered = new AnsweredRows(emulator.terminal);
  const write = (text: string) => new Promise<void>((resolve) => emulator.write(text.replace(/\n/g, '\r\n'), resolve));
  const screen = (): AgentScreen => {
    const { lines, wrapped } = emulator.liveScreen();
    return { lines: answered.blank(lines, wrapped), wrapped, cursorX: emulator.cursorX, cursorY: emulator.cursorY };
  };
  /** What the agent monitor does when a question is answered: its rows stop counting. */
  const answer = () => {
    const detection = detector.detect(screen());
    const { lines } = emulator.liveScreen();
    for (const row of detection.questionRows ?? []) answered.add(row, lines[row]);
  };
  return { write, screen, answer, detect: () => detector.detect(screen()) };
}

describe('a custom agent on a real screen', () => {
  it('is idle at its prompt, running below it, and asks below that', async () => {
    const t = terminal();
    await t.write('helper> ');
    expect(t.detect().state).toBe('idle');
    await t.write('make tea\nWorking on: make tea\n');
    expect(t.detect()).toMatchObject({ state: 'running', matched: ['Working on: make tea'] });
    await t.write('Allow this command? kettle on (y/n) ');
    expect(t.detect()).toMatchObject({ state: 'approval', question: 'Allow this command? kettle on (y/n)', questionRows: [2] });
  });

  it('an answered question no longer counts, even before the agent writes anything after it', async () => {
    const t = terminal();
    await t.write('helper> make tea\nWorking on: make tea\nAllow this command? kettle on (y/n) ');
    t.answer();
    // The answer's echo and Enter: the question's row grows, the cursor moves on, nothing else yet.
    await t.write('y\n');
    expect(t.detect()).toMatchObject({ state: 'running', matched: ['Working on: make tea'] });
    await t.write('boiling...\n');
    expect(t.detect().state).toBe('running');
    // Another question in the same turn is a question again.
    await t.write('Allow this command? pour (y/n) ');
    expect(t.detect()).toMatchObject({ state: 'approval', question: 'Allow this command? pour (y/n)' });
  });

  it('an old status line above the prompt the agent is back at does not count', async () => {
    const t = terminal();
    await t.write('helper> make tea\nWorking on: make tea\ndone\nhelper> ');
    expect(t.detect()).toMatchObject({ state: 'idle', matched: ['helper>'] });
  });

  it('an answered question follows its row as the screen scrolls, and still does not count', async () => {
    const t = terminal(60, 4);
    await t.write('helper> make tea\nWorking on: make tea\nAllow this command? kettle on (y/n) ');
    t.answer();
    await t.write('y\nline 1\nline 2\n');
    // The question's row moved up by two; the status line scrolled off the screen.
    expect(t.screen().lines).toEqual(['', 'line 1', 'line 2', '']);
    expect(t.detect().state).toBe('unknown');
  });

  it('a question that wraps in a narrow pane is one line, and all of it is answered', async () => {
    const t = terminal(20, 6);
    await t.write('helper> go\nAllow this command? rm -rf build (y/n) ');
    expect(t.detect()).toMatchObject({ state: 'approval', question: 'Allow this command? rm -rf build (y/n)', questionRows: [1] });
    t.answer();
    await t.write('n\n');
    expect(t.screen().lines.slice(1, 3)).toEqual(['', '']);
    expect(t.detect().state).not.toBe('approval');
  });

  it('a row that shows something else is a question again when the agent asks there once more', async () => {
    const t = terminal();
    await t.write('helper> go\nAllow this command? ls (y/n) ');
    t.answer();
    // A full-screen redraw: the answered row is gone, and the same question is drawn in its place.
    await t.write('\x1b[2J\x1b[Hredrawn\n');
    expect(t.detect().state).toBe('unknown');
    await t.write('\x1b[2;1HAllow this command? ls (y/n) ');
    expect(t.detect().state).toBe('approval');
  });
});
