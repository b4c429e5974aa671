// Output from a pane cannot fill the disk through the server's log: random bytes cat-ed into a
// pane leave a log (and its one rotated part) under the size cap.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_LOG_MAX_BYTES } from '../../src/limits.js';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;
beforeEach(() => {
  sandbox = new TesseraSandbox();
});
afterEach(async () => {
  await sandbox.cleanup();
});

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

describe('server log', () => {
  it('stays under its cap while a pane shows 10 MB of random bytes', async () => {
    const noise = path.join(sandbox.root, 'noise.bin');
    fs.writeFileSync(noise, crypto.randomBytes(10 << 20));
    await sandbox.cliOk(['new', '-d', '--', 'sh', '-c', `cat ${noise}; printf '\\033c'; echo ALL-SHOWN; sleep 100000`]);
    const { socketPath } = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { socketPath: string };
    const [pane] = await sandbox.listPanes();
    await eventually(() => sandbox.capturePane(String(pane.id)), (text) => text.includes('ALL-SHOWN'), 240_000);
    const log = size(`${socketPath}.log`);
    const rotated = size(`${socketPath}.log.1`);
    console.log(`server log after 10 MB of random output: ${log} bytes (+ ${rotated} rotated)`);
    expect(log).toBeLessThanOrEqual(SERVER_LOG_MAX_BYTES);
    expect(rotated).toBeLessThanOrEqual(SERVER_LOG_MAX_BYTES);
    expect((await sandbox.cli(['ls'])).code).toBe(0);
  });

  it('takes profiling flags for the server from TESSERA_SERVER_NODE_FLAGS, and names a word it leaves out', async () => {
    const bad = await sandbox.cli(['new', '-d'], { env: { TESSERA_SERVER_NODE_FLAGS: '--trace-gc rm -rf' } });
    expect(bad.code).toBe(0); // the server started with its usual flags
    expect(bad.stderr).toContain('TESSERA_SERVER_NODE_FLAGS left out: "rm" is not --flag or --flag=value');
    const info = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number };
    expect(fs.readFileSync(`/proc/${info.pid}/cmdline`, 'utf8').split('\0')).not.toContain('--trace-gc');
    await sandbox.cliOk(['kill-server']);
    await sandbox.cliOk(['new', '-d'], { env: { TESSERA_SERVER_NODE_FLAGS: '--trace-gc' } });
    const again = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number };
    expect(fs.readFileSync(`/proc/${again.pid}/cmdline`, 'utf8').split('\0')).toContain('--trace-gc');
  });
});
