// Ending many panes at once is quick and leaves nothing running; after a crash, the next server
// ends what the old one left behind and tells the user (status bar and server-info), not only its log.

import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectToServer } from '../../src/client/connect.js';
import { sendRequest } from '../../src/client/request.js';
import { OuterTerminal, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

/** A pane program that survives its terminal closing, as a careless or daemonizing program would. */
const STUBBORN = ['sh', '-c', "trap '' HUP; sleep 100000"];
/** Making 300 workspaces one request each took 77 s with the machine's load at 20 (kill-server itself: 9 s). */
const SETUP_300_WORKSPACES_MS = 240_000;

let sandbox: TesseraSandbox;
beforeEach(() => {
  sandbox = new TesseraSandbox();
});
afterEach(async () => {
  await sandbox.cleanup();
});

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

async function serverInfo(): Promise<{ pid: number; socketPath: string; crashSweep: { ended: number; message: string } | null }> {
  return JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as never;
}

describe('scaling down', () => {
  it('kill-server ends a few hundred panes in parallel and leaves no process behind', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'w0', '--', ...STUBBORN]);
    const { pid, socketPath } = await serverInfo();
    const panes = 300;
    for (let next = 1; next < panes; next += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, panes - next) }, async (_, i) => {
          const socket = await connectToServer(socketPath, 'test', sandbox.env);
          await sendRequest(socket, 'new', { name: `w${next + i}`, cwd: sandbox.root, command: STUBBORN }, { cwd: sandbox.root });
        }),
      );
    }
    const pids = (await sandbox.listPanes()).map((p) => p.pid).filter((p): p is number => p !== null);
    expect(pids).toHaveLength(panes);
    const started = Date.now();
    await sandbox.cliOk(['kill-server']);
    await eventually(() => alive(pid) || pids.some(alive), (running) => !running, 120_000);
    console.log(`kill-server with ${panes} panes: ${Date.now() - started} ms until every process was gone`);
  }, SETUP_300_WORKSPACES_MS);

  it('ends what a crashed server left running and tells the first client that attaches, and server-info', async () => {
    await sandbox.cliOk(['new', '-d', '-s', 'old', '--', ...STUBBORN]);
    const [orphan] = await sandbox.listPanes();
    const { pid } = await serverInfo();
    process.kill(pid, 'SIGKILL');
    await eventually(() => alive(pid), (running) => !running);
    expect(alive(orphan.pid as number)).toBe(true); // the crash left it running

    const outer = new OuterTerminal(['-L', sandbox.socketName], { env: sandbox.env, cwd: sandbox.root });
    try {
      await outer.waitFor(/Ended 1 pane process left running by a server that crashed/);
      expect(alive(orphan.pid as number)).toBe(false);
      const info = await serverInfo();
      expect(info.crashSweep).toMatchObject({ ended: 1, message: expect.stringContaining('left running by a server that crashed') });
      expect(await sandbox.cliOk(['server-info'])).toMatch(/Ended 1 pane process left running by a server that crashed/);
      expect(fs.readFileSync(`${info.socketPath}.log`, 'utf8')).toContain('Ended 1 pane process left running by a server that crashed');
    } finally {
      outer.dispose();
    }
    // Told once: the next client to attach does not see it again.
    const second = new OuterTerminal(['-L', sandbox.socketName], { env: sandbox.env, cwd: sandbox.root });
    try {
      await second.waitFor(/1 pane/); // the status bar is drawn
      expect(second.text()).not.toMatch(/left running/);
    } finally {
      second.dispose();
    }
  });
});
