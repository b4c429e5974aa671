// Frames reach the terminal straight from the server and keys are read from it by the server (not
// through the client), and the server lets go of the terminal before the client restores it,
// however the client ends: what is typed after a detach reaches the shell, not a pane.

import fs from 'node:fs';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TESSERA_BIN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';
import { descriptorsOn, ptsOf, serverPid } from '../helpers/terminalFds.js';

const PREFIX = '\x1c'; // Ctrl+\

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** Whether process `pid` has the terminal `path` open. */
const holds = (pid: number, path: string): boolean => descriptorsOn(pid, path) > 0;
/** How many descriptors process `pid` holds on terminal `path` for reading (keys) and for writing (frames). */
const readersOf = (pid: number, path: string): number => descriptorsOn(pid, path, fs.constants.O_RDONLY);
const writersOf = (pid: number, path: string): number => descriptorsOn(pid, path, fs.constants.O_WRONLY);

/** The pids whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number).filter((child) => {
    try {
      const stat = fs.readFileSync(`/proc/${child}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
    } catch {
      return false; // gone meanwhile
    }
  });
}

describe('frames written straight to the terminal', () => {
  it('has the server write to the client terminal while attached, and let go of it on detach', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    const pid = await serverPid(sandbox);
    expect(holds(pid, ptsOf(t))).toBe(true);
    t.write('echo direct-$((6*7))\r');
    await t.waitFor('direct-42');
    t.write(`${PREFIX}d`);
    expect(await t.exited).toBe(0);
    expect(holds(pid, ptsOf(t))).toBe(false);
    await t.waitFor('detached from workspace');
    expect(t.output.lastIndexOf('\x1b[?1049l')).toBeGreaterThan(t.output.lastIndexOf('direct-42'));
  });

  it('stops writing to the terminal before a client ended by SIGTERM restores it', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    const pid = await serverPid(sandbox);
    // A pane that keeps drawing: were the server still writing after the restore, its lines would follow it.
    t.write('while :; do echo tick-$RANDOM; sleep 0.02; done\r');
    await t.waitFor(/tick-\d+/);
    t.kill('SIGTERM');
    expect(await t.exited).toBe(1);
    await t.waitFor('client ended by SIGTERM');
    expect(holds(pid, ptsOf(t))).toBe(false);
    const restoredAt = t.output.lastIndexOf('\x1b[?1049l');
    expect(restoredAt).toBeGreaterThan(0);
    expect(t.output.slice(restoredAt)).not.toMatch(/tick-/);
    const [pane] = await sandbox.listPanes();
    expect(pane.status).toBe('running'); // the loop goes on without a client
  });

  it('puts back the terminal of a client killed without a word (SIGKILL): the normal screen, no mouse reports', async () => {
    // The client runs from a shell, as a user starts it: the shell (and the terminal) outlive it.
    const script = `"${process.execPath}" "${TESSERA_BIN}" -L ${sandbox.socketName}; echo client-gone; exec sleep 600`;
    const t = new OuterTerminal(['-c', script], { file: '/bin/sh', env: sandbox.env, cwd: sandbox.root });
    try {
      await t.waitFor(PROMPT_PATTERN);
      expect([t.term.buffer.active.type, t.term.modes.mouseTrackingMode]).toEqual(['alternate', 'drag']);
      const pidOfServer = await serverPid(sandbox);
      const client = childrenOf(t.process.pid).find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(TESSERA_BIN));
      expect(client).toBeDefined();
      process.kill(client as number, 'SIGKILL');
      await t.waitFor(() => t.output.includes('client-gone'));
      await eventually(() => [t.term.buffer.active.type, t.term.modes.mouseTrackingMode], ([screen, mouse]) => screen === 'normal' && mouse === 'none');
      await eventually(() => holds(pidOfServer, ptsOf(t)), (held) => !held);
    } finally {
      t.dispose();
    }
  });

  it('has the server read the keys from the client terminal, and hand it back to the shell on detach', async () => {
    // The shell that started tessera reads a line once tessera has ended: had the server kept
    // reading the terminal, what is typed then would be taken from it.
    const script = `"${process.execPath}" "${TESSERA_BIN}" -L ${sandbox.socketName}; printf 'shell-reads:'; read line; echo "shell-got[$line]"`;
    const t = new OuterTerminal(['-c', script], { env: sandbox.env, cwd: sandbox.root, file: '/bin/sh' });
    try {
      await t.waitFor(PROMPT_PATTERN);
      const pid = await serverPid(sandbox);
      expect(readersOf(pid, ptsOf(t))).toBe(1);
      t.write('echo keys-$((6*7))\r');
      await t.waitFor('keys-42');
      t.write(`${PREFIX}d`);
      await t.waitFor('shell-reads:');
      expect(readersOf(pid, ptsOf(t))).toBe(0);
      t.write('typed-after\r');
      await t.waitFor('shell-got[typed-after]');
      const [pane] = await sandbox.listPanes();
      expect(await sandbox.cliOk(['capture-pane', '-t', String(pane.id)])).not.toContain('typed-after');
    } finally {
      t.dispose();
    }
  });

  // Relaying the frames relays the keys too; relaying the keys leaves the frames to the server.
  it.each([
    ['TESSERA_RELAY_OUTPUT', 0],
    ['TESSERA_RELAY_INPUT', 1],
  ] as const)('relays the keys through the client with %s=1', async (variable, writers) => {
    const t = new OuterTerminal(['-L', sandbox.socketName], { env: { ...sandbox.env, [variable]: '1' }, cwd: sandbox.root });
    try {
      await t.waitFor(PROMPT_PATTERN);
      const pid = await serverPid(sandbox);
      expect(readersOf(pid, ptsOf(t))).toBe(0);
      expect(writersOf(pid, ptsOf(t))).toBe(writers);
      t.write('echo relayed-$((6*7))\r');
      await t.waitFor('relayed-42');
    } finally {
      t.dispose();
    }
  });

  it('reads and writes each of two attached clients\' own terminals', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    const second = sandbox.open(['attach']);
    await second.waitFor(PROMPT_PATTERN);
    const pid = await serverPid(sandbox);
    const both = (count: (pid: number, path: string) => number) => count(pid, ptsOf(second)) === 1 && count(pid, ptsOf(t)) === 1;
    await eventually(() => both(readersOf) && both(writersOf), (held) => held);
    t.write('echo both-see-it\r');
    await second.waitFor('both-see-it');
    second.write('echo typed-in-second\r');
    await t.waitFor('typed-in-second');
  });
});
