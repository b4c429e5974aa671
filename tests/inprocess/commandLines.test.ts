// tessera command lines run inside the client, as tmux's bind-key and `:` prompt: keys bound to a
// command line (the `bind` setting) and a command line typed into the palette run as if typed in the
// focused pane, their answer shows in the status bar, and a binding that cannot work is reported
// when the settings are read, not when the key is pressed.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { Painter } from '../../src/server/session/painter.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';

const PREFIX = '\x1c';
let server: InProcessServer | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await server?.stop();
  server = undefined;
});

const panes = async (s: InProcessServer) => (await s.request('list-panes')) as { id: number; focused: boolean; rect: object | null }[];

describe('the bind setting', () => {
  it('runs a bound command line on the focused pane and shows what it printed', async () => {
    server = await InProcessServer.start({ settings: { bind: { 'C-s': 'split --right -d', Z: 'zoom', Y: 'sync --show' } } });
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    client.press(`${PREFIX}\x13`); // C-s
    await client.waitFor(() => client.text().split(SHELL_PROMPT).length - 1 === 2, 'two prompts');
    const [first, second] = await panes(server);
    expect(first.focused).toBe(true); // -d kept the focus
    client.press(`${PREFIX}Z`);
    await client.waitFor(() => client.text().split(SHELL_PROMPT).length - 1 === 1, 'one pane shown (zoomed)');
    expect((await panes(server)).find((p) => p.id === second.id)?.rect).toBeNull();
    client.press(`${PREFIX}Y`);
    await client.waitFor(() => /synchronized input is off in workspace/.test(client.statusRow()), 'the printed answer in the status bar');
  });

  it('reports a binding that cannot run when the settings are read, and leaves that key alone', async () => {
    server = await InProcessServer.start({ settings: { bind: { X: 'no-such-command', W: 'split', z: 'kill-pane' } } });
    const problems = server.settings.current.problems.join('\n');
    expect(problems).toMatch(/bind\."X": unknown command 'no-such-command'/);
    expect(problems).toMatch(/bind\."W": split: split needs exactly one of --right or --down/);
    // z is zoom's key already: the binding is the one refused.
    expect(problems).toMatch(/'z' is already zoom's key/);
    const client = server.attach();
    await client.waitFor(SHELL_PROMPT);
    client.press(`${PREFIX}X`);
    client.press(`${PREFIX}z`); // still zoom: nothing is killed
    client.press('echo still-here\r');
    await client.waitFor(/still-here/);
    expect(await panes(server)).toHaveLength(1);
  });
});

/** A server with one client, its palette open. */
async function withPalette(): Promise<{ s: InProcessServer; client: ReturnType<InProcessServer['attach']> }> {
  const s = await InProcessServer.start();
  server = s;
  const client = s.attach();
  await client.waitFor(SHELL_PROMPT);
  client.press(`${PREFIX}:`);
  await client.waitFor('Run an action');
  return { s, client };
}

describe('the palette', () => {
  it('runs a tessera command line typed into it, and says what is wrong with one that cannot run', async () => {
    const { s, client } = await withPalette();
    client.press('split');
    await client.waitFor('split needs exactly one of --right or --down'); // shown while typing
    client.press(' --down\r');
    await client.waitFor(() => client.text().split(SHELL_PROMPT).length - 1 === 2, 'two prompts');
    const [top, bottom] = await panes(s);
    expect((bottom.rect as { y: number }).y).toBeGreaterThan((top.rect as { y: number }).y);
  });

  it('takes a burst of typed keys (a paste, a fast typist) in one chrome, not one per key', async () => {
    const { client } = await withPalette();
    const builds = vi.spyOn(Painter.prototype, 'updateChrome');
    const typed = 'split --down -- echo a burst of keys';
    client.press(typed); // one read of the terminal: every key of it at once
    await client.waitFor(typed);
    expect(builds.mock.calls.length).toBeLessThanOrEqual(3); // was one per key (36)
  });
});
