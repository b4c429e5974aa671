// ls and list-panes without a server: the stored records as dormant workspaces, in the server's shape,
// and a damaged record reported (left in place: only the server moves it aside) rather than failing the whole answer.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfflineCaller } from '../../../src/commands/contract.js';
import { noRunningPanes } from '../../../src/commands/offline/panesOnDisk.js';
import { dormantFacts } from '../../../src/commands/offline/recordsOnDisk.js';
import { serverStateDirectory } from '../../../src/store/stateDir.js';
import { RECORD_VERSION, type WorkspaceRecord } from '../../../src/store/workspaceRecord.js';
import { WorkspaceStore } from '../../../src/store/workspaceStore.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function world(): { ctx: OfflineCaller; store: WorkspaceStore; folder: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-offline-'));
  roots.push(root);
  const env = { TESSERA_STATE_DIR: path.join(root, 'state'), TESSERA_TMPDIR: path.join(root, 'run'), HOME: root };
  const socketPath = path.join(root, 'run', 'sockets', 'default');
  const ctx: OfflineCaller = { socketPath, env, cwd: root };
  const store = new WorkspaceStore(serverStateDirectory(socketPath, env));
  const folder = path.join(root, 'folder');
  fs.mkdirSync(folder);
  return { ctx, store, folder };
}

const record = (name: string, dir: string, panes: number, lastOpened: string): WorkspaceRecord => ({
  version: RECORD_VERSION,
  name,
  kind: 'adopted',
  path: dir,
  panes: Array.from({ length: panes }, (_, i) => ({ id: i + 1, kind: 'shell', cwd: dir })),
  layout: panes === 1 ? { kind: 'pane', paneId: 0 } : { kind: 'split', direction: 'row', children: Array.from({ length: panes }, (_, i) => ({ kind: 'pane', paneId: i })), weights: Array.from({ length: panes }, () => 1) },
  bypassPermissions: false,
  created: '2026-01-01T00:00:00.000Z',
  lastOpened,
}) as WorkspaceRecord;

describe('the records on disk, without a server', () => {
  it('lists every record as a dormant workspace, most recently opened first', async () => {
    const { ctx, store, folder } = world();
    store.save(record('older', folder, 1, '2026-01-02T00:00:00.000Z'));
    store.save(record('newer', folder, 3, '2026-01-03T00:00:00.000Z'));
    const { workspaces, problems } = await dormantFacts(ctx);
    expect(problems).toEqual([]);
    expect(workspaces.map((w) => [w.name, w.state, w.panes, w.needsYou, w.diff])).toEqual([
      ['newer', 'dormant', 3, 0, null],
      ['older', 'dormant', 1, 0, null],
    ]);
    expect(noRunningPanes(ctx)).toMatch(/dormant workspaces: .*newer \(3 panes\).*older \(1 pane\)/);
  });

  it('reports a damaged record, leaves it where it is for the server, and lists the others', async () => {
    const { ctx, store, folder } = world();
    store.save(record('fine', folder, 1, '2026-01-02T00:00:00.000Z'));
    fs.writeFileSync(store.fileFor('broken'), '{"version": 1, "na');
    const { workspaces, problems } = await dormantFacts(ctx);
    expect(workspaces.map((w) => w.name)).toEqual(['fine']);
    expect(problems.join('\n')).toMatch(/broken\.json is damaged: it is not valid JSON.*the server moves it aside/);
    expect(fs.readFileSync(store.fileFor('broken'), 'utf8')).toBe('{"version": 1, "na');
  });

  it('says so when there are no workspaces at all', () => {
    expect(noRunningPanes(world().ctx)).toMatch(/there are no workspaces/);
  });
});
