// The server's Node starts without NODE_EXTRA_CA_CERTS (reading a certificate bundle costs every cold
// start ~50 ms), and every pane still gets it exactly as the user set it.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OuterTerminal, PROMPT_PATTERN, TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox | undefined;
let terminal: OuterTerminal | undefined;

afterEach(async () => {
  terminal?.dispose();
  await sandbox?.cleanup();
});

describe('the server environment', () => {
  it('starts the server without NODE_EXTRA_CA_CERTS and gives it back to the panes', async () => {
    sandbox = new TesseraSandbox();
    const certs = path.join(sandbox.root, 'corp-ca.pem');
    fs.writeFileSync(certs, ''); // an empty bundle: Node accepts it without a warning
    sandbox.env.NODE_EXTRA_CA_CERTS = certs;
    terminal = new OuterTerminal(['-L', sandbox.socketName], { env: sandbox.env, cwd: sandbox.root, cols: 100, rows: 30 });
    await terminal.waitFor(PROMPT_PATTERN);
    terminal.write('echo "pane-ca=$NODE_EXTRA_CA_CERTS held=${TESSERA_HELD_NODE_EXTRA_CA_CERTS:-none}"\r');
    await eventually(
      () => sandbox!.cliOk(['capture-pane']),
      (screen) => screen.includes(`pane-ca=${certs} held=none`),
    );
    const info = JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number };
    const environ = `/proc/${info.pid}/environ`;
    if (fs.existsSync(environ)) {
      const atStart = fs.readFileSync(environ, 'utf8').split('\0');
      expect(atStart.some((entry) => entry.startsWith('NODE_EXTRA_CA_CERTS='))).toBe(false);
      expect(atStart).toContain(`TESSERA_HELD_NODE_EXTRA_CA_CERTS=${certs}`);
    }
  });
});
