// Choosing another machine's workspace in the switcher, on the server's side: a client that can leave
// to show it is told to (`open-host`, with the workspace to come back to) and its session here ends; an
// older client is told the command that shows it; a host no longer in the settings is refused; a client
// back from a host's view shows why in the status bar. The host is tests/helpers/fakeSsh.mjs standing
// in for `ssh HOST tessera serve --stdio` (one workspace, alpha); the real ssh is in tests/e2e/hostView.test.ts.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src/protocol/messages.js';
import { SETTINGS_FILE } from '../../src/store/settings.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import type { HarnessClient } from '../harness/harnessClient.js';
import { SHELL_PROMPT } from '../harness/programs.js';

const PREFIX = '\x1c';
const FAKE_SSH = path.resolve(import.meta.dirname, '../helpers/fakeSsh.mjs');
let server: InProcessServer | undefined;
let bin: string | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (bin) fs.rmSync(bin, { recursive: true, force: true });
  bin = undefined;
});

/** A server whose settings name host `far` (reached through the stand-in for ssh), with `far:alpha` in the strip of a client attached to `home`. */
async function setUp(attach: { opensHosts?: boolean; notice?: string } = {}, question?: string): Promise<{ s: InProcessServer; client: HarnessClient; settings: Record<string, unknown> }> {
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-fakessh-'));
  const ssh = path.join(bin, 'ssh');
  fs.writeFileSync(ssh, `#!/bin/sh\nexec '${process.execPath}' '${FAKE_SSH}' "$@"\n`, { mode: 0o755 });
  const settings = { hosts: { far: 'me@far.example' }, sshCommand: [ssh] };
  const s = await InProcessServer.start({ settings, env: { FAKE_SSH_MODE: 'host', FAKE_SSH_PROTOCOL: String(PROTOCOL_VERSION), ...(question ? { FAKE_SSH_QUESTION: question } : {}) } });
  server = s;
  const client = s.attach({ cwd: s.folder('home'), cols: 160, ...attach });
  await client.waitFor(SHELL_PROMPT);
  await client.waitFor('far:alpha');
  return { s, client, settings };
}

async function chooseFarAlpha(client: HarnessClient, before?: () => Promise<void>): Promise<void> {
  client.press(`${PREFIX}g`);
  await client.waitFor(/far:alpha .*on far: \/home\/far\/alpha/);
  client.press('far:alpha');
  await client.waitFor('Search far:alpha');
  await before?.();
  client.press('\r');
}

describe("another machine's workspace chosen in the switcher", () => {
  it('tells a client that can show it to open it, with the workspace to come back to, and ends its session here', async () => {
    const { s, client } = await setUp({ opensHosts: true });
    await chooseFarAlpha(client);
    await client.waitFor(() => client.ended !== undefined, 'the session ended');
    expect(client.openedHost).toEqual({ host: 'far', workspace: 'alpha', from: 'home' });
    expect(client.ended).toEqual({ reason: '[tessera: showing far:alpha; detaching there comes back to home]', exitCode: 0 });
    expect(((await s.request('server-info')) as { clients: unknown[] }).clients).toEqual([]);
  });

  it('tells a client older than the server the command that shows it, and keeps it attached', async () => {
    const { client } = await setUp();
    await chooseFarAlpha(client);
    await client.waitFor("'tessera -H far attach -t alpha' shows it");
    expect(client.openedHost).toBeUndefined();
    expect(client.ended).toBeUndefined();
  });

  it('refuses a host that left the hosts setting while the switcher was open', async () => {
    const { s, client, settings } = await setUp({ opensHosts: true });
    await chooseFarAlpha(client, async () => {
      fs.writeFileSync(path.join(s.env.TESSERA_CONFIG_DIR ?? '', SETTINGS_FILE), JSON.stringify({ ...settings, hosts: {} }));
      await s.request('reload');
    });
    await client.waitFor("no host 'far' in the hosts setting any more");
    expect(client.openedHost).toBeUndefined();
    expect(client.ended).toBeUndefined();
  });

  it("shows a client back from a host's view why, in the status bar, with its control characters made visible", async () => {
    const { client } = await setUp({ opensHosts: true, notice: 'far:alpha could not be shown: far: Permission denied\x1b[2J' });
    await client.waitFor(() => client.statusRow().includes('far:alpha could not be shown: far: Permission denied'), 'the notice');
    expect(client.output).not.toContain('Permission denied\x1b[2J');
  });
});

describe("the inbox's Enter on another machine's question", () => {
  const QUESTION = 'Allow this command? touch far-file (y/n)';

  it("tells a client that can show it to open that host's workspace with the question's pane focused", async () => {
    const { client } = await setUp({ opensHosts: true }, QUESTION);
    client.press(`${PREFIX}i`);
    await client.waitFor(/helper +far:alpha:3 .*touch far-file/);
    client.press('\r');
    await client.waitFor(() => client.ended !== undefined, 'the session ended');
    expect(client.openedHost).toEqual({ host: 'far', workspace: 'alpha', from: 'home', pane: 3 });
  });

  it('tells a client older than the server the command that shows it, and keeps it attached', async () => {
    const { client } = await setUp({}, QUESTION);
    client.press(`${PREFIX}i`);
    await client.waitFor(/helper +far:alpha:3 .*touch far-file/);
    client.press('\r');
    await client.waitFor("'tessera -H far attach -t alpha' shows it");
    expect(client.openedHost).toBeUndefined();
    expect(client.ended).toBeUndefined();
  });
});
