// Answers that cannot go astray, a bar that is never hidden, and screen rules that read only the live screen,
// through the real binary with a custom agent: a line-oriented script that leaves its questions and status lines
// on screen, as such agents do (nothing is cleared after an answer).

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually, type PaneJson } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c';

/**
 * The agent: a prompt, a status line while it works, a y/n question; every line it reads goes to its log. With a
 * gate file named, it waits after reading an answer until the gate exists (the test opens it), so its screen keeps
 * showing the answered question for as long as the test needs.
 */
const AGENT = `#!/bin/sh
log="$1"
gate="$2"
while true; do
  printf 'helper> '
  IFS= read -r task || exit 0
  echo "task:$task" >> "$log"
  echo "Working on: $task"
  printf 'Allow this command? touch %s (y/n) ' "$task"
  IFS= read -r answer || exit 0
  echo "answer:$answer" >> "$log"
  if [ -n "$gate" ]; then
    while [ ! -e "$gate" ]; do sleep 0.05; done
    rm -f "$gate"
  fi
  case "$answer" in
    y) touch "$(dirname "$log")/$task"; echo "ran: $task" ;;
    *) echo "refused: $task" ;;
  esac
done
`;

/** The example patterns of docs/agents.md: the approval pattern matches an answered question too ("… (y/n) y"). */
const DETECTION = { idle: ['^helper> '], running: ['^Working on: '], approval: ['^Allow this command\\? .*\\(y/n\\)'] };
const KEYS = { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' };

let sandbox: TesseraSandbox;
let work: string;
let log: string;
let gate: string;
let bin: string;

const agents = (detection: Record<string, string[]> = DETECTION) => ({
  customAgents: [
    { name: 'helper', command: bin, args: [log], detection, approvalKeys: KEYS },
    { name: 'gated', command: bin, args: [log, gate], detection, approvalKeys: KEYS },
  ],
});

beforeEach(() => {
  sandbox = new TesseraSandbox();
  bin = path.join(sandbox.root, 'helper-agent');
  fs.writeFileSync(bin, AGENT, { mode: 0o755 });
  work = path.join(sandbox.root, 'work');
  fs.mkdirSync(work);
  log = path.join(work, 'agent.log');
  gate = path.join(sandbox.root, 'gate');
  sandbox.writeSettings(agents());
});

afterEach(async () => {
  await sandbox.cleanup();
});

const pane = async (id: number) => (await sandbox.listPanes()).find((p) => p.id === id) as PaneJson;
const readLog = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []);
/** A pane's screen, polled on the socket (capture-pane's own output is checked in capturePane.test.ts). */
const screenOf = (id: number) => sandbox.capturePane(String(id));

async function agentPane(agent: 'helper' | 'gated'): Promise<number> {
  await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', work]);
  const id = Number((await sandbox.cliOk(['new-pane', '--agent', agent])).trim());
  await eventually(() => pane(id), (p) => p.status === 'idle');
  return id;
}

async function ask(id: number, task: string): Promise<PaneJson> {
  await sandbox.cliOk(['send-keys', '-t', String(id), task, 'Enter']);
  return eventually(() => pane(id), (p) => p.status === 'approval' && p.question?.includes(`touch ${task}`) === true);
}

describe('answers', () => {
  it('deny then approve back to back: the second fails with exit 1 and types nothing', async () => {
    const id = await agentPane('gated');
    await ask(id, 'one');
    const denied = await sandbox.cli(['deny', '-t', String(id)]);
    expect(denied.code).toBe(0);
    // The agent has read the "n" but shows nothing new yet: its screen still has the question, answered.
    const again = await sandbox.cli(['approve', '-t', String(id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no question is waiting in pane ${id}`);
    fs.writeFileSync(gate, '');
    await eventually(() => screenOf(id), (s) => s.includes('refused: one'));
    // Anything typed by the approve would reach the agent before this.
    await sandbox.cliOk(['send-keys', '-t', String(id), 'two', 'Enter']);
    await eventually(readLog, (l) => l.includes('task:two'));
    expect(readLog()).toEqual(['task:one', 'answer:n', 'task:two']);
  });

  it('gives the waiting question an id, answers only that question, and only once', async () => {
    const id = await agentPane('helper');
    const first = await ask(id, 'one');
    expect(first.questionId).toMatch(/^[0-9a-f]{6}-\d+$/);
    const explained = JSON.parse(await sandbox.cliOk(['explain', '-t', String(id), '--json'])) as { questionId?: string };
    expect(explained.questionId).toBe(first.questionId);
    expect(await sandbox.cliOk(['explain', '-t', String(id)])).toContain(`question ${first.questionId}: Allow this command? touch one (y/n)`);

    const wrong = await sandbox.cli(['approve', '-t', String(id), '--question', `${first.questionId}0`]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`is not waiting in pane ${id}: the question changed (${first.questionId} waits now`);
    const malformed = await sandbox.cli(['approve', '-t', String(id), '--question', 'nope']);
    expect(malformed.code).not.toBe(0);
    expect(malformed.stderr).toContain("invalid question id 'nope'");
    expect(readLog()).toEqual(['task:one']);

    await sandbox.cliOk(['approve', '-t', String(id), '--question', first.questionId as string]);
    await eventually(() => fs.existsSync(path.join(work, 'one')), Boolean);
    const used = await sandbox.cli(['approve', '-t', String(id), '--question', first.questionId as string]);
    expect(used.code).toBe(1);
    expect(used.stderr).toContain(`no question is waiting in pane ${id}`);

    // The next question is another one, with another id.
    const second = await ask(id, 'two');
    expect(second.questionId).not.toBe(first.questionId);
  });

  it('an answered question and old status lines no longer count: the pill follows what the agent shows now', async () => {
    const id = await agentPane('helper');
    await ask(id, 'one');
    await sandbox.cliOk(['approve', '-t', String(id)]);
    // Back at its prompt, with "Working on: one" and the answered question still on screen above it.
    await eventually(() => pane(id), (p) => p.status === 'idle');
    const screen = await screenOf(id);
    expect(screen).toContain('Working on: one');
    expect(screen).toContain('Allow this command? touch one (y/n) y');

    // Answered by typing in the pane: the question is used up at Enter; the agent's own status line counts again.
    await ask(id, 'two');
    await sandbox.cliOk(['send-keys', '-t', String(id), 'n', 'Enter']);
    await eventually(() => screenOf(id), (s) => s.includes('refused: two'));
    await eventually(() => pane(id), (p) => p.status === 'idle');
    const explained = JSON.parse(await sandbox.cliOk(['explain', '-t', String(id), '--json'])) as { rule: string; matched: string[] };
    expect(explained).toMatchObject({ rule: 'idle pattern /^helper> /', matched: ['helper>'] });
    expect(readLog()).toEqual(['task:one', 'answer:y', 'task:two', 'answer:n']);
  });

  it('a rule edited in the settings applies to a pane already running', async () => {
    sandbox.writeSettings(agents({ ...DETECTION, idle: ['^never> '] }));
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', work]);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'helper'])).trim());
    await eventually(() => screenOf(id), (s) => s.includes('helper>'));
    await eventually(() => sandbox.cliOk(['explain', '-t', String(id)]), (s) => s.includes('matches none of the rules') || s.includes('no rule matched'));
    expect((await pane(id)).status).not.toBe('idle');
    sandbox.writeSettings(agents());
    await sandbox.cliOk(['reload']);
    // The agent writes nothing more: only the new rule makes it idle.
    await eventually(() => pane(id), (p) => p.status === 'idle');
    expect((await sandbox.cliOk(['explain', '-t', String(id)]))).toContain('idle pattern /^helper> /');
  });
});

describe('the approval bar', () => {
  const bottom = (t: { lines(): string[] }) => t.lines()[29] ?? '';
  const BAR = /⚠ \d+ (helper|gated) {2}Allow · Deny · Abort C-\\ y\/n\/Esc Allow this command\? touch one/;

  it('shows while a notice is pending (settings applied), without a key pressed, and the notice clears itself', async () => {
    const id = await agentPane('helper');
    const t = sandbox.open(['attach'], { cols: 120, rows: 30 });
    await t.waitFor(/helper>/);
    sandbox.writeSettings({ ...agents(), notify: 'none' });
    await sandbox.cliOk(['reload']);
    await t.waitFor(() => bottom(t).includes('settings applied from'));
    await ask(id, 'one');
    await t.waitFor(() => BAR.test(bottom(t)));
    await sandbox.cliOk(['deny', '-t', String(id)]);
    // Once nobody waits, the row is the hints again: the notice is gone by itself (nothing was typed).
    await t.waitFor(() => /C-\\ \? help {2}C-\\ d detach/.test(bottom(t)));
    expect(bottom(t)).not.toContain('settings applied');
  });

  it('shows beside a prompt that waits for its key, and that prompt still takes the key', async () => {
    const id = await agentPane('helper');
    const t = sandbox.open(['attach'], { cols: 120, rows: 30 });
    await t.waitFor(/helper>/);
    t.write(`${PREFIX}x`); // close the focused pane? (y/n)
    await t.waitFor(() => /Close pane \d+ .*\? \(y\/n\)/.test(bottom(t)));
    await ask(id, 'one');
    // The prompt keeps its end (what to type) in the slot, cut from the start; the bar follows it.
    await t.waitFor(() => /^…?\S.*\? \(y\/n\) {2}⚠ \d+ helper {2}Allow · Deny · Abort/.test(bottom(t)));
    t.write('n'); // answers the prompt (nothing closes), not the agent
    await t.waitFor(() => BAR.test(bottom(t)) && !bottom(t).includes('Close pane'));
    expect((await sandbox.listPanes()).length).toBe(2);
    expect(readLog()).toEqual(['task:one']);
    t.write(`${PREFIX}y`);
    await eventually(() => fs.existsSync(path.join(work, 'one')), Boolean);
  });

  it('keys on the bar answer once: a second prefix+y finds no question and types nothing', async () => {
    const id = await agentPane('gated');
    const t = sandbox.open(['attach'], { cols: 120, rows: 30 });
    await ask(id, 'one');
    await t.waitFor(() => BAR.test(bottom(t)));
    t.write(`${PREFIX}y${PREFIX}y`);
    await eventually(readLog, (l) => l.includes('answer:y'));
    await t.waitFor(() => bottom(t).includes(`no question is waiting in pane ${id}`) || !BAR.test(bottom(t)));
    fs.writeFileSync(gate, '');
    await eventually(() => screenOf(id), (s) => s.includes('ran: one'));
    await sandbox.cliOk(['send-keys', '-t', String(id), 'two', 'Enter']);
    await eventually(readLog, (l) => l.includes('task:two'));
    expect(readLog()).toEqual(['task:one', 'answer:y', 'task:two']);
  });
});
