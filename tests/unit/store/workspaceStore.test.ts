import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../src/store/atomicWrite.js';
import { serverStateDirectory, stateDirectory } from '../../../src/store/stateDir.js';
import { checkWorkspaceName, nameFromFolder } from '../../../src/store/workspaceName.js';
import { parseWorkspaceRecord, RECORD_VERSION, type WorkspaceRecord } from '../../../src/store/workspaceRecord.js';
import { WorkspaceStore } from '../../../src/store/workspaceStore.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-store-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function sample(name = 'app'): WorkspaceRecord {
  return {
    version: RECORD_VERSION,
    name,
    kind: 'worktree',
    path: '/w/app',
    repo: '/src/app',
    branch: 'feat/app',
    base: 'main',
    panes: [
      { kind: 'agent', agent: 'claude', cwd: '/w/app', model: 'opus', effort: 'high', sessionId: 'abc' },
      { kind: 'shell', cwd: '/w/app/src' },
    ],
    layout: { kind: 'split', direction: 'row', children: [{ kind: 'pane', paneId: 0 }, { kind: 'pane', paneId: 1 }], weights: [2, 1] },
    focus: 1,
    prompt: 'fix it',
    bypassPermissions: false,
    created: '2026-12-01T00:00:00.000Z',
    lastOpened: '2026-12-01T01:00:00.000Z',
  };
}

describe('workspace store', () => {
  it('saves and loads a record unchanged, with its proportions', () => {
    const store = new WorkspaceStore(tempDir());
    store.save(sample());
    const loaded = store.loadAll();
    expect(loaded.problems).toEqual([]);
    expect(loaded.records).toEqual([sample()]);
  });

  it('moves a corrupt file aside, keeps its bytes, reports it, and still loads the others', () => {
    const store = new WorkspaceStore(tempDir());
    store.save(sample('good'));
    fs.writeFileSync(store.fileFor('bad'), '{ not json');
    fs.writeFileSync(store.fileFor('shape'), JSON.stringify({ ...sample('shape'), kind: 'folder' }));
    const loaded = store.loadAll();
    expect(loaded.records.map((r) => r.name)).toEqual(['good']);
    expect(loaded.problems).toHaveLength(2);
    expect(loaded.problems.join('\n')).toMatch(/bad\.json was moved aside: it is not valid JSON.*kept in .*bad\.json\.corrupt-/);
    expect(loaded.problems.join('\n')).toMatch(/shape\.json was moved aside: it has the wrong shape \(kind must be one of/);
    const aside = fs.readdirSync(store.dir).filter((n) => n.includes('.corrupt-'));
    expect(aside).toHaveLength(2);
    expect(fs.readFileSync(path.join(store.dir, aside.find((n) => n.startsWith('bad'))!), 'utf8')).toBe('{ not json');
    // A second load does not report the moved-aside files again.
    expect(store.loadAll().problems).toEqual([]);
  });

  it('leaves a record from a newer version untouched', () => {
    const store = new WorkspaceStore(tempDir());
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(store.fileFor('future'), JSON.stringify({ ...sample('future'), version: 99 }));
    const loaded = store.loadAll();
    expect(loaded.untouchable).toEqual(['future']);
    expect(loaded.problems[0]).toMatch(/newer tessera/);
    expect(fs.existsSync(store.fileFor('future'))).toBe(true);
  });

  it('keeps the work waiting for a project approval, and reads records written before it existed as they are', () => {
    const store = new WorkspaceStore(tempDir());
    const waiting = { ...sample('waits'), waitingForApproval: { template: 'web', setup: true } };
    store.save(waiting);
    store.save(sample('older'));
    expect(store.loadAll().records).toEqual([sample('older'), waiting]);
    expect(() => parseWorkspaceRecord({ ...sample(), waitingForApproval: { template: 'web' } })).toThrow(/waitingForApproval\.setup/);
    expect(() => parseWorkspaceRecord({ ...sample(), waitingForApproval: 'web' })).toThrow(/waitingForApproval/);
  });

  it('refuses a record whose file name and name disagree, and a layout that misses a pane', () => {
    const store = new WorkspaceStore(tempDir());
    fs.mkdirSync(store.dir, { recursive: true });
    fs.writeFileSync(store.fileFor('one'), JSON.stringify(sample('two')));
    expect(store.loadAll().problems[0]).toMatch(/names workspace 'two'/);
    expect(() => parseWorkspaceRecord({ ...sample(), layout: { kind: 'pane', paneId: 0 } })).toThrow(/every pane exactly once/);
  });

  it('removes the temp file of an interrupted write and keeps the old record', () => {
    const store = new WorkspaceStore(tempDir());
    store.save(sample());
    fs.writeFileSync(path.join(store.dir, '.app.json.123.456.tmp'), '{"half');
    expect(store.loadAll().records).toHaveLength(1);
    expect(fs.readdirSync(store.dir)).toEqual(['app.json']);
  });

  it('writes atomically with private permissions', () => {
    const file = path.join(tempDir(), 'sub', 'x.json');
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two');
    expect(fs.readFileSync(file, 'utf8')).toBe('two');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['x.json']);
  });
});

describe('state directory', () => {
  it('follows TESSERA_STATE_DIR, then XDG_STATE_HOME, then ~/.local/state', () => {
    expect(stateDirectory({ TESSERA_STATE_DIR: '/s' })).toBe('/s');
    expect(stateDirectory({ XDG_STATE_HOME: '/x' })).toBe('/x/tessera');
    expect(stateDirectory({})).toBe(path.join(os.homedir(), '.local', 'state', 'tessera'));
  });

  it('gives every server its own records', () => {
    const env = { TESSERA_STATE_DIR: '/s', TESSERA_TMPDIR: '/run' };
    const uid = process.getuid?.() ?? 0;
    expect(serverStateDirectory(`/run/tessera-${uid}/a`, env)).toBe('/s/servers/a');
    expect(serverStateDirectory(`/run/tessera-${uid}/b`, env)).toBe('/s/servers/b');
    const custom = serverStateDirectory('/elsewhere/sock', env);
    expect(custom).toMatch(/^\/s\/servers\/socket-[0-9a-f]{16}$/);
    expect(serverStateDirectory('/elsewhere/sock', env)).toBe(custom);
  });
});

describe('workspace names', () => {
  it('accepts plain names and refuses the rest with the rule', () => {
    for (const ok of ['app', 'fix-login', 'v1.2', '_tmp', 'a'.repeat(64)]) expect(checkWorkspaceName(ok)).toBeUndefined();
    for (const bad of ['', '.hidden', '-x', 'a/b', 'a b', 'a'.repeat(65), 'x..y', 'x.lock', 'é']) {
      expect(checkWorkspaceName(bad)).toMatch(/at most 64 letters/);
    }
  });

  it('makes a valid name from any folder name', () => {
    expect(nameFromFolder('my project')).toBe('my-project');
    expect(nameFromFolder('.config')).toBe('config');
    expect(checkWorkspaceName(nameFromFolder('..weird..name.lock'))).toBeUndefined();
  });
});
