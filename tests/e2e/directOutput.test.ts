// Frames reach the terminal straight from the server (the client only forwards keys), and the server
// lets go of the terminal before the client restores it, however the client ends.

import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

const PREFIX = '\x1c'; // Ctrl+\

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

/** The server's pid, from server-info. */
async function serverPid(): Promise<number> {
  return (JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number }).pid;
}

/** Whether process `pid` has the terminal `path` open. */
function holds(pid: number, path: string): boolean {
  const dir = `/proc/${pid}/fd`;
  return fs.readdirSync(dir).some((fd) => {
    try {
      return fs.readlinkSync(`${dir}/${fd}`) === path;
    } catch {
      return false; // closed while we looked
    }
  });
}

function ptsOf(t: OuterTerminal): string {
  return (t.process as unknown as { ptsName: string }).ptsName;
}

describe('frames written straight to the terminal', () => {
  it('has the server write to the client terminal while attached, and let go of it on detach', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    const pid = await serverPid();
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
    const pid = await serverPid();
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

  it('sends every frame through the client with TESSERA_RELAY_OUTPUT=1', async () => {
    const t = new OuterTerminal(['-L', sandbox.socketName], { env: { ...sandbox.env, TESSERA_RELAY_OUTPUT: '1' }, cwd: sandbox.root });
    try {
      await t.waitFor(PROMPT_PATTERN);
      const pid = await serverPid();
      expect(holds(pid, ptsOf(t))).toBe(false);
      t.write('echo relayed-$((6*7))\r');
      await t.waitFor('relayed-42');
    } finally {
      t.dispose();
    }
  });

  it('writes to each of two attached clients\' own terminals', async () => {
    const t = sandbox.open();
    await t.waitFor(PROMPT_PATTERN);
    const second = sandbox.open(['attach']);
    await second.waitFor(PROMPT_PATTERN);
    const pid = await serverPid();
    await eventually(() => holds(pid, ptsOf(second)) && holds(pid, ptsOf(t)), (held) => held);
    t.write('echo both-see-it\r');
    await second.waitFor('both-see-it');
  });
});
