// What a closed pane, a detached client and a closed viewer held is released: after more cycles of
// opening and closing them, the process holds no more than it held after the first ones (those may
// start things that stay for good, such as the chrome's renderer). Real programs in real PTYs, so
// their descriptors, child watchers and timers count; and the pane and the workspace that stay have
// no more listeners than before. With scripted programs: a closed pane leaves no listener on its
// program, and the agent supervisor forgets it.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HELPER_AGENT, helperOrShell } from '../harness/helperAgent.js';
import { InProcessServer } from '../harness/inProcessServer.js';
import { SHELL_PROMPT } from '../harness/programs.js';
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

/**
 * What `now` holds more of than `baseline` ("Timeout: 2 > 1", empty when nothing grew). Other files of this
 * shared worker process may have left a timer running that ends meanwhile: what goes is no leak, what grows is.
 */
function grown(now: string, baseline: string): string {
  const counts = (text: string) => new Map(text.split(', ').filter(Boolean).map((entry) => entry.split(': ') as [string, string]).map(([kind, n]) => [kind, Number(n)]));
  const before = counts(baseline);
  return [...counts(now)].filter(([kind, n]) => n > (before.get(kind) ?? 0)).map(([kind, n]) => `${kind}: ${n} > ${before.get(kind) ?? 0}`).join(', ');
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
    /** Who listens to the pane and the workspace that stay (a client that went or a closed neighbour must not). */
    const listening = () => {
      const { pane, workspace: home } = s.server.registry.requirePane(shell.id);
      return JSON.stringify({ pane: pane.listenerCount, workspace: home.listenerCount });
    };

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
    const listeners = listening();
    for (let i = 0; i < 2; i++) {
      await cycle();
      const now = await until(quiet, (resources) => grown(resources, baseline) === '', `the resources to come back to ${baseline}`).catch(() => activeResources());
      expect(grown(now, baseline), `now ${now}, after the first cycles ${baseline}`).toBe('');
      expect(listening()).toBe(listeners);
    }
  });

  it('a closed pane leaves no listener on its program and no watch in the agent supervisor; a detached client none on the panes', async () => {
    server = await InProcessServer.start({ settings: { customAgents: [HELPER_AGENT] }, programFor: helperOrShell });
    const s = server;
    await s.request('new', { kind: 'adopted', cwd: s.folder('project'), name: 'w' });
    const [shell] = (await s.request('list-panes')) as PaneRow[];
    const { pane: stays, workspace } = s.server.registry.requirePane(shell.id);
    const before = JSON.stringify({ pane: stays.listenerCount, workspace: workspace.listenerCount });

    for (const args of [{ workspace: 'w', keepFocus: true, shell: '/bin/sh' }, { workspace: 'w', keepFocus: true, agent: 'helper', prompt: 'hello' }]) {
      const { id } = (await s.request('new-pane', args)) as { id: number };
      await until(() => s.request('list-panes') as Promise<PaneRow[]>, (rows) => rows.some((p) => p.id === id && p.status !== 'starting'), `pane ${id}`);
      const program = s.program(id);
      const pane = s.server.registry.requirePane(id).pane;
      if (args.agent) expect(s.server.agents.monitorOf(pane)).toBeDefined();
      expect(program.listenerCount).toBeGreaterThan(0);
      await s.request('kill-pane', { pane: String(id) });
      expect(program.listenerCount).toBe(0);
      expect(pane.listenerCount).toEqual({ listeners: 0, held: 0 });
      expect(s.server.agents.monitorOf(pane)).toBeUndefined();
      expect(s.server.agents.promptOf(pane)).toBeUndefined();
    }

    const client = s.attach({ workspace: 'w' });
    await client.waitFor(SHELL_PROMPT);
    expect(JSON.stringify({ pane: stays.listenerCount, workspace: workspace.listenerCount })).not.toBe(before);
    client.dispose();
    await until(() => JSON.stringify({ pane: stays.listenerCount, workspace: workspace.listenerCount }), (now) => now === before, 'the client\'s listeners to go');
  });
});
