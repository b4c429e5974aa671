// What a closed pane, a detached client and a closed viewer held is released: after more cycles of
// opening and closing them, the process holds exactly what it held after the first ones (those may
// start things that stay for good, such as the chrome's renderer). Real programs in real PTYs, so
// their descriptors, child watchers and timers count.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InProcessServer } from '../harness/inProcessServer.js';
import { until } from '../harness/until.js';

let server: InProcessServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

interface PaneRow {
  id: number;
  workspace: string;
  status: string;
}

/** The process's active handles and requests by kind ("TTYWrap: 2, Timeout: 3, …"). */
function activeResources(): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([kind, n]) => `${kind}: ${n}`).join(', ');
}

/** The resources once two looks 100 ms apart agree (timers that end by themselves have run out). */
async function quiet(): Promise<string> {
  let last = activeResources();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = activeResources();
    if (now === last) return now;
    last = now;
  }
}

describe('lifetimes', () => {
  it('a pane, a client and a viewer opened and closed leave no handle or timer behind', async () => {
    server = await InProcessServer.start({ realPrograms: true });
    const s = server;
    const folder = s.folder('project');
    fs.writeFileSync(path.join(folder, 'notes.md'), '# notes\n\nsome text\n');
    const first = s.attach({ cwd: folder });
    const [shell] = await until(() => s.request('list-panes') as Promise<PaneRow[]>, (rows) => rows.length === 1, 'the first pane');
    await first.waitFor('tsh$ ', 'the shell prompt');
    const workspace = shell.workspace;

    const cycle = async () => {
      // A pane split off and closed.
      const { id } = (await s.request('split', { pane: String(shell.id), side: 'right', keepFocus: true })) as { id: number };
      await until(() => s.request('list-panes') as Promise<PaneRow[]>, (rows) => rows.some((p) => p.id === id && p.status !== 'starting'), 'the new pane');
      await s.request('kill-pane', { pane: String(id) });
      // A viewer opened and closed.
      const viewer = (await s.request('view', { pane: String(shell.id), file: 'notes.md' }, folder)) as { paneId: number };
      await until(() => s.request('capture-pane', { pane: String(viewer.paneId) }) as Promise<string>, (text) => String(text).includes('some text'), 'the viewer');
      await s.request('kill-pane', { pane: String(viewer.paneId) });
      // A second client attached and gone.
      const second = s.attach({ workspace });
      await second.waitFor('tsh$ ', 'the second client\'s screen');
      second.dispose();
      await until(() => s.request('list-panes') as Promise<PaneRow[]>, (rows) => rows.length === 1, 'only the first pane');
    };

    // The first cycles may start what stays for good (the chrome's renderer, lazily made caches).
    await cycle();
    await cycle();
    const baseline = await quiet();
    for (let i = 0; i < 2; i++) {
      await cycle();
      const now = await until(quiet, (resources) => resources === baseline, `the resources to come back to ${baseline}`).catch(() => activeResources());
      expect(now).toBe(baseline);
    }
  });
});
