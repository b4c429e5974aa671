// Pane numbers survive a restart: a workspace opened from its record gives each pane the number it had,
// so a script that saved `-t 3` before kill-server still reaches the same pane after it, and a new pane
// never takes a number a stored pane will want back.

import { afterEach, describe, expect, it } from 'vitest';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  workspace: string;
  title: string;
}
const panes = async (s: InProcessServer) => (await s.request('list-panes')) as PaneRow[];

describe('pane numbers', () => {
  it('are the same after a restart, and new panes start above the stored ones', async () => {
    server = await InProcessServer.start();
    const first = server.attach();
    await first.waitFor(SHELL_PROMPT);
    await server.request('split', { side: 'right' });
    await server.request('split', { side: 'down' });
    const [one, two] = await panes(server);
    await server.request('rename-pane', { pane: String(two.id), title: 'logs' });
    await server.request('kill-pane', { pane: String(two.id) }); // leaves a gap: 1, 3
    await server.request('rename-pane', { pane: String(one.id), title: 'editor' });
    const before = await panes(server);
    const workspace = before[0].workspace;
    await first.waitFor(() => server?.storedRecord(workspace)?.panes.length === before.length, 'the record written');

    server = await server.restart();
    // A pane made before the old workspace opens must not take one of its numbers.
    const other = server.attach({ cwd: server.folder('other') });
    await other.waitFor(SHELL_PROMPT);
    const fresh = (await panes(server))[0];
    expect(before.map((p) => p.id)).not.toContain(fresh.id);

    const reopened = server.attach({ workspace });
    await reopened.waitFor(SHELL_PROMPT);
    const after = (await panes(server)).filter((p) => p.workspace === workspace);
    expect(after.map((p) => [p.id, p.title === 'editor'])).toEqual(before.map((p) => [p.id, p.title === 'editor']));
  });
});
