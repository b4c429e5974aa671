// Agent panes without the real CLIs: a custom agent (a small script with a real permission prompt),
// the approval bar and its ownership rule, approve/deny/explain, the initial prompt, and agents
// that are not installed. The real CLIs are covered by `npm run test:agents`.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, WAIT_TIMEOUT_MS, eventually, type PaneJson } from '../helpers/outerTerminal.js';
import { PROMPT_OVERDUE_MS } from '../../src/agents/promptTimings.js';

const PREFIX = '\x1c';

/** A tiny agent: asks before "running" each request, like the real ones, and logs what it got. */
const FAKE_AGENT = `#!/bin/sh
printf '\\033[?2004h'
log="$1"
while true; do
  printf 'fake> '
  IFS= read -r line || exit 0
  line=$(printf '%s' "$line" | sed 's/\\x1b\\[20[01]~//g')
  echo "$line" >> "$log"
  printf 'working on it...\\n'
  printf 'Run shell command? touch %s (Y)es/(N)o ' "$line"
  IFS= read -r answer || exit 0
  # Like a real agent's TUI, the dialog is gone once answered.
  printf '\\033[2J\\033[H'
  case "$answer" in
    y) touch "$(dirname "$log")/$line"; echo "ran: $line" ;;
    *) echo "refused: $line" ;;
  esac
done
`;

let sandbox: TesseraSandbox;
let log: string;
const terminals: OuterTerminal[] = [];

beforeEach(() => {
  sandbox = new TesseraSandbox();
  const bin = path.join(sandbox.root, 'fake-agent');
  fs.writeFileSync(bin, FAKE_AGENT, { mode: 0o755 });
  log = path.join(sandbox.root, 'work', 'prompts.log');
  fs.mkdirSync(path.dirname(log));
  sandbox.writeSettings({
    customAgents: [
      {
        name: 'fakeagent',
        command: bin,
        args: [log],
        detection: { approval: ['^Run shell command\\? .*\\(Y\\)es/\\(N\\)o'], running: ['^working on it'], idle: ['^fake>\\s*$'] },
        approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' },
      },
      // Never shows its idle input box: a prompt given to it has to wait, and explain says so.
      { name: 'bootingagent', command: '/bin/sh', args: ['-c', 'printf booting; exec sleep 600'], detection: { idle: ['^never>'] }, approvalKeys: { allow: 'y', deny: 'n', abort: 'C-c' } },
      { name: 'quietagent', command: '/bin/sh', args: ['-c', 'read line; printf booting; exec sleep 600'], detection: { idle: ['^never>'] }, approvalKeys: { allow: 'y', deny: 'n', abort: 'C-c' } },
    ],
  });
});

afterEach(async () => {
  for (const t of terminals.splice(0)) t.dispose();
  await sandbox.cleanup();
});

const panes = () => sandbox.listPanes();
const pane = async (id: number) => (await panes()).find((p) => p.id === id) as PaneJson;

/** An agent that says what it does on purpose: OSC 133 around its work, OSC 9 when it needs you. */
const SIGNALLING_AGENT = `#!/bin/sh
while true; do
  printf 'sig> '
  IFS= read -r line || exit 0
  printf '\\033]133;C\\007'
  printf '\\033]9;sigagent needs your permission to touch %s\\007' "$line"
  IFS= read -r answer || exit 0
  printf 'answer %s\\n' "$answer"
  printf '\\033]133;D;0\\007'
done
`;

describe('agent panes', () => {
  it('follows a custom agent from idle to approval, shows the bar, and answers with the prefix keys', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', path.dirname(log)]);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'fakeagent'])).trim());
    await eventually(() => pane(id), (p) => p.status === 'idle' && p.agent === 'fakeagent');
    const t = new OuterTerminal(['-L', sandbox.socketName, 'attach'], { env: sandbox.env, cwd: sandbox.root, cols: 120, rows: 30 });
    terminals.push(t);
    await t.waitFor(/fake>/);

    await sandbox.cliOk(['send-keys', '-t', String(id), 'one', 'Enter']);
    const waiting = await eventually(() => pane(id), (p) => p.status === 'approval');
    expect(waiting.question).toMatch(/touch one/);
    await t.waitFor(() => /⚠ \d+ fakeagent {2}Allow · Deny · Abort C-\\ y\/n\/Esc .*touch one/.test(t.lines()[29]));

    t.write(`${PREFIX}y`);
    await eventually(() => fs.existsSync(path.join(path.dirname(log), 'one')), Boolean);
    await eventually(() => pane(id), (p) => p.status === 'idle');

    await sandbox.cliOk(['send-keys', '-t', String(id), 'two', 'Enter']);
    await eventually(() => pane(id), (p) => p.status === 'approval');
    await sandbox.cliOk(['deny', '-t', String(id)]);
    await eventually(() => sandbox.capturePane(String(id)), (s) => s.includes('refused: two'));
    await eventually(() => pane(id), (p) => p.status === 'idle');
    expect(fs.existsSync(path.join(path.dirname(log), 'two'))).toBe(false);

    const explained = JSON.parse(await sandbox.cliOk(['explain', String(id), '--json'])) as { state: string; rule: string; matched: string[] };
    expect(explained.state).toBe('idle');
    expect(explained.rule).toMatch(/idle pattern/);
    expect(explained.matched.join('\n')).toMatch(/fake>/);
  });

  it('applies the ownership rule when several panes wait', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', path.dirname(log)]);
    const a = Number((await sandbox.cliOk(['new-pane', '--agent', 'fakeagent'])).trim());
    const b = Number((await sandbox.cliOk(['new-pane', '--agent', 'fakeagent', '--down'])).trim());
    const t = new OuterTerminal(['-L', sandbox.socketName, 'attach'], { env: sandbox.env, cwd: sandbox.root, cols: 120, rows: 30 });
    terminals.push(t);
    await eventually(panes, (p) => p.filter((x) => x.status === 'idle' && x.agent).length === 2);
    // Focus the shell (pane 1), then make both agents wait.
    await sandbox.cliOk(['send-keys', '-t', String(a), 'alpha', 'Enter']);
    await sandbox.cliOk(['send-keys', '-t', String(b), 'beta', 'Enter']);
    await eventually(panes, (p) => p.filter((x) => x.status === 'approval').length === 2);
    t.write(`${PREFIX}h`); // focus moves left, to the shell
    await eventually(panes, (p) => p[0].focused);
    await t.waitFor(() => /2 panes wait for you; focus one to answer it \(C-\\ w jumps to the next\)/.test(t.lines()[29]));
    t.write(`${PREFIX}y`); // nobody owns the answer: nothing is sent
    await t.waitFor(() => /2 panes wait for you/.test(t.lines()[29]));
    expect((await panes()).filter((x) => x.status === 'approval')).toHaveLength(2);

    t.write(`${PREFIX}w`); // jump to the first waiting pane: it now owns the answer
    await eventually(panes, (p) => p.find((x) => x.id === a)?.focused === true);
    t.write(`${PREFIX}y`);
    await eventually(() => fs.existsSync(path.join(path.dirname(log), 'alpha')), Boolean);
    // One pane still waits, unfocused: it owns the answer now.
    await eventually(() => pane(b), (p) => p.status === 'approval');
    await eventually(() => pane(a), (p) => p.status === 'idle');
    t.write(`${PREFIX}n`);
    await eventually(() => sandbox.capturePane(String(b)), (s) => s.includes('refused: beta'));
  });

  it('types the initial prompt exactly once, as plain text, when the agent is ready', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', path.dirname(log), '--prompt', 'ws']);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'fakeagent', '--prompt', 'p\x1b[31m1\x07'])).trim());
    await eventually(() => pane(id), (p) => p.status === 'approval').catch(async (error: Error) => {
      throw new Error(`${error.message}\nscreen:\n${await sandbox.cliOk(['capture-pane', '-t', String(id)])}`);
    });
    expect(fs.readFileSync(log, 'utf8')).toBe('p1\n');
    expect(JSON.parse(await sandbox.cliOk(['explain', '-t', String(id), '--json'])).prompt).toBe('delivered');
    await sandbox.cliOk(['approve', '-t', String(id)]);
    await eventually(() => fs.existsSync(path.join(path.dirname(log), 'p1')), Boolean);
    // The first pane is a shell: it never gets the workspace prompt.
    const [shell] = await panes();
    expect(await sandbox.cliOk(['capture-pane', '-t', String(shell.id)])).not.toContain('ws');
    // A second agent gets the workspace's prompt.
    const second = Number((await sandbox.cliOk(['new-pane', '--agent', 'fakeagent', '--down'])).trim());
    await eventually(() => pane(second), (p) => p.status === 'approval');
    expect(fs.readFileSync(log, 'utf8')).toBe('p1\nws\n');
  });

  it('explain says what an initial prompt still waits for', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', path.dirname(log)]);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'bootingagent', '--prompt', 'hello'])).trim());
    await eventually(() => sandbox.capturePane(String(id)), (s) => s.includes('booting'));
    const explained = await sandbox.cliOk(['explain', '-t', String(id)]);
    expect(explained).toContain('initial prompt: waiting for the agent to show its idle input box');
    // A pane given no prompt says nothing about one.
    const plain = Number((await sandbox.cliOk(['new-pane', '--agent', 'bootingagent'])).trim());
    expect(JSON.parse(await sandbox.cliOk(['explain', '-t', String(plain), '--json']))).not.toHaveProperty('prompt');
    // Once the prompt is overdue, the pane's header says so (without anyone asking explain).
    const t = new OuterTerminal(['-L', sandbox.socketName, 'attach'], { env: sandbox.env, cwd: sandbox.root, cols: 120, rows: 30 });
    terminals.push(t);
    await t.waitFor(`${id} prompt waiting`, PROMPT_OVERDUE_MS + WAIT_TIMEOUT_MS);
    expect(t.text().split('prompt waiting').length - 1).toBe(1); // the pane without a prompt has no such note
  });

  it('explain says when the screen matches no rule and the pill keeps its earlier state', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', path.dirname(log)]);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'quietagent'])).trim());
    const explain = () => sandbox.cliOk(['explain', '-t', String(id)]);
    await eventually(explain, (s) => s.includes('blank screen before any pattern matches'));
    expect(await explain()).not.toContain('now:');
    await sandbox.cliOk(['send-keys', '-t', String(id), 'go', 'Enter']);
    await eventually(() => sandbox.capturePane(String(id)), (s) => s.includes('booting'));
    const explained = await eventually(explain, (s) => s.includes('now: '));
    expect(explained).toContain('now: the screen now matches none of the rules, so the pill keeps the state decided before');
    expect(JSON.parse(await sandbox.cliOk(['explain', '-t', String(id), '--json']))).toMatchObject({ state: 'starting', rule: 'blank screen before any pattern matches' });
  });

  it('refuses to answer a pane that is not waiting, and sends nothing', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '-c', path.dirname(log)]);
    const [shell] = await panes();
    await eventually(() => sandbox.capturePane(String(shell.id)), (s) => PROMPT_PATTERN.test(s));
    const notAgent = await sandbox.cli(['approve', '-t', String(shell.id)]);
    expect(notAgent.code).toBe(1);
    expect(notAgent.stderr).toMatch(/pane \d+ is not an agent pane/);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'fakeagent'])).trim());
    await eventually(() => pane(id), (p) => p.status === 'idle');
    const idle = await sandbox.cli(['deny', '-t', String(id)]);
    expect(idle.code).toBe(1);
    expect(idle.stderr).toMatch(/no question is waiting in pane \d+/);
    expect(fs.existsSync(log)).toBe(false);
  });

  it('shows an agent that is not installed, with its install command, and starts nothing', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const id = Number((await sandbox.cliOk(['new-pane', '--agent', 'codex'], { env: { PATH: '/usr/bin:/bin' } })).trim());
    const missing = await pane(id);
    expect(missing).toMatchObject({ status: 'not installed', agent: 'codex', pid: 0 });
    expect(await sandbox.cliOk(['capture-pane', '-t', String(id)])).toContain('npm install -g @openai/codex');
  });

  it('lets signals the agent sends on purpose (OSC 133, OSC 9) decide its pill', async () => {
    const bin = path.join(sandbox.root, 'sig-agent');
    fs.writeFileSync(bin, SIGNALLING_AGENT, { mode: 0o755 });
    sandbox.writeSettings({
      customAgents: [{ name: 'sigagent', command: bin, detection: { idle: ['^sig>\\s*$'] }, approvalKeys: { allow: 'y Enter', deny: 'n Enter', abort: 'C-c' } }],
    });
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--', bin]);
    const [agent] = await eventually(panes, (p) => p[0]?.status === 'idle');
    expect(agent.agent).toBe('sigagent');
    await sandbox.cliOk(['send-keys', '-t', String(agent.id), 'file1', 'Enter']);
    const waiting = await eventually(() => pane(agent.id), (p) => p.status === 'approval');
    expect(waiting.question).toBe('sigagent needs your permission to touch file1');
    const explained = JSON.parse(await sandbox.cliOk(['explain', String(agent.id), '--json'])) as { source: string; rule: string };
    expect(explained).toMatchObject({ source: 'signal', rule: 'OSC 9 notification' });
    await sandbox.cliOk(['approve', '-t', String(agent.id)]);
    await eventually(() => sandbox.cliOk(['explain', String(agent.id), '--json']), (s) => /OSC 133;D from the agent/.test(s));
    await eventually(() => pane(agent.id), (p) => p.status === 'idle');
  });

  it('starts terminal panes with the workspace shell when it has one', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w', '--shell', 'sh']);
    const [first] = await panes();
    expect(first.command).toBe('sh');
    const bad = await sandbox.cli(['new', '-d', '-s', 'x', '--shell', 'no-such-shell']);
    expect(bad.stderr).toMatch(/The workspace's shell \('no-such-shell'\) cannot be used: no-such-shell was not found/);
  });

  it('names the mistake in the settings file when a custom agent it defines is unknown for that reason', async () => {
    sandbox.writeSettings({ customAgents: [{ name: 'fakeagent', command: '/bin/sh' }] });
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const result = await sandbox.cli(['new-pane', '--agent', 'fakeagent']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/unknown agent 'fakeagent'; known agents: claude, codex, opencode, gemini \(the settings file is not in use, so neither are its custom agents: .*approvalKeys/);
  });

  it('refuses unknown agents, bad options and prompts that are too long, spawning nothing', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w']);
    const expectError = async (args: string[], message: RegExp) => {
      const result = await sandbox.cli(args);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
    };
    await expectError(['new-pane', '--agent', 'nope'], /unknown agent 'nope'; known agents: claude, codex, opencode, gemini, fakeagent/);
    await expectError(['new-pane', '--agent', 'claude', '--effort', 'extreme'], /effort must be one of low, medium, high/);
    await expectError(['new-pane', '--agent', 'gemini', '--effort', 'high'], /effort/i);
    await expectError(['new-pane', '--agent', 'fakeagent', '--model', 'x'], /custom agent/);
    await expectError(['new-pane', '--shell', 'bash', '--prompt', 'hi'], /--prompt is for agent panes/);
    await expectError(['new-pane', '--shell', 'no-such-shell'], /no-such-shell was not found/);
    await expectError(['new-pane', '--shell', 'bash "unterminated'], /unterminated/i);
    await expectError(['new-pane', '--agent', 'claude', '--prompt', 'x'.repeat(110_000)], /the most tessera sends is 100 KB/);
    expect(await panes()).toHaveLength(1);
  });
});
