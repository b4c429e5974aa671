// Record files written off the event loop: a write lands whole or not at all, a later write or removal always wins
// over one still under way, and the server's keeper writes a change in the background but waits for the disk when
// it stops or hands over.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLeftoverTemp, writeFileAtomicInBackground } from '../../../src/store/atomicWrite.js';
import { RECORD_VERSION, type WorkspaceRecord } from '../../../src/store/workspaceRecord.js';
import { WorkspaceStore } from '../../../src/store/workspaceStore.js';
import { RecordKeeper } from '../../../src/server/records/recordKeeper.js';
import { eventually } from '../../helpers/outerTerminal.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-bgwrite-');
const tempDir = (): string => tmp.dir();

function record(name: string, focus: number): WorkspaceRecord {
  return {
    version: RECORD_VERSION,
    name,
    kind: 'adopted',
    path: '/w/app',
    panes: [{ kind: 'shell', cwd: '/w/app' }],
    layout: { kind: 'pane', paneId: 0 },
    focus,
    created: '2026-12-01T00:00:00.000Z',
    lastOpened: '2026-12-01T01:00:00.000Z',
  } as WorkspaceRecord;
}

const focusIn = (file: string): number => (JSON.parse(fs.readFileSync(file, 'utf8')) as { focus: number }).focus;
const leftovers = (dir: string): string[] => fs.readdirSync(dir).filter(isLeftoverTemp);

describe('writeFileAtomicInBackground', () => {
  it('replaces the file with private permissions, and nothing is written before the call returns', async () => {
    const file = path.join(tempDir(), 'sub', 'x.json');
    const writing = writeFileAtomicInBackground(file, 'one', () => true);
    expect(fs.existsSync(file)).toBe(false);
    expect(await writing).toBe(true);
    expect(await writeFileAtomicInBackground(file, 'two', () => true)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('two');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['x.json']);
  });

  it('a write no longer wanted when its data is on disk changes nothing and leaves no temporary file', async () => {
    const file = path.join(tempDir(), 'x.json');
    fs.writeFileSync(file, 'old');
    expect(await writeFileAtomicInBackground(file, 'new', () => false)).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('old');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['x.json']);
  });

  it('a write the disk refuses rejects and leaves the old file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'x.json');
    fs.writeFileSync(file, 'old');
    // A folder where the file's folder should be: the temporary file cannot be made.
    await expect(writeFileAtomicInBackground(path.join(file, 'y.json'), 'new', () => true)).rejects.toThrow();
    expect(fs.readFileSync(file, 'utf8')).toBe('old');
  });

  it('two writes started in the same moment use two temporary files', async () => {
    const dir = tempDir();
    const results = await Promise.all([1, 2, 3].map((n) => writeFileAtomicInBackground(path.join(dir, 'x.json'), String(n), () => true)));
    expect(results).toEqual([true, true, true]);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('WorkspaceStore background saves', () => {
  it('a save that waits on the disk, started after a background save, stands', async () => {
    const store = new WorkspaceStore(tempDir());
    const early = store.saveInBackground(record('app', 1));
    store.save(record('app', 2));
    expect(await early).toBe(false);
    expect(focusIn(store.fileFor('app'))).toBe(2);
    expect(leftovers(store.dir)).toEqual([]);
  });

  it('settled() waits until an overtaken background save has removed its temporary file', async () => {
    const store = new WorkspaceStore(tempDir());
    let finished = false;
    void store.saveInBackground(record('app', 1)).then(() => (finished = true)); // not awaited, as a server stopping does not
    store.save(record('app', 2));
    await store.settled();
    expect(finished).toBe(true);
    expect(leftovers(store.dir)).toEqual([]);
    expect(fs.readdirSync(store.dir)).toEqual(['app.json']);
  });

  it('of two background saves the later stands, whichever finishes first', async () => {
    const store = new WorkspaceStore(tempDir());
    const results = await Promise.all([store.saveInBackground(record('app', 1)), store.saveInBackground(record('app', 2))]);
    expect(results).toEqual([false, true]);
    expect(focusIn(store.fileFor('app'))).toBe(2);
  });

  it('a removal wins over a background save still under way', async () => {
    const store = new WorkspaceStore(tempDir());
    store.save(record('app', 1));
    const late = store.saveInBackground(record('app', 2));
    store.remove('app');
    expect(await late).toBe(false);
    expect(fs.existsSync(store.fileFor('app'))).toBe(false);
  });
});

describe('RecordKeeper', () => {
  it('writes a change in the background: put returns before the file is written, and it is written soon after', async () => {
    const store = new WorkspaceStore(tempDir());
    const keeper = new RecordKeeper(store);
    keeper.put(record('app', 1));
    expect(fs.existsSync(store.fileFor('app'))).toBe(false);
    await eventually(() => fs.existsSync(store.fileFor('app')) && focusIn(store.fileFor('app')), (focus) => focus === 1);
  });

  it('flushNow writes every change pending or being written before it returns, and none lands after', async () => {
    const store = new WorkspaceStore(tempDir());
    const keeper = new RecordKeeper(store);
    keeper.put(record('app', 1));
    keeper.saveSoon('other', () => record('other', 7));
    keeper.flushNow();
    expect(focusIn(store.fileFor('app'))).toBe(1);
    expect(focusIn(store.fileFor('other'))).toBe(7);
    keeper.put(record('app', 3));
    keeper.putNow(record('app', 4));
    // The background write of 3 finishes after this: it must not land over 4.
    await keeper.whenWritten();
    expect(focusIn(store.fileFor('app'))).toBe(4);
    expect(leftovers(store.dir)).toEqual([]);
  });

  it('a failed background write is reported, and the next change writes again', async () => {
    const state = tempDir();
    const store = new WorkspaceStore(state);
    const problems: string[] = [];
    const keeper = new RecordKeeper(store, (text) => problems.push(text));
    // The records' folder is a file: every write fails.
    fs.writeFileSync(store.dir, 'not a folder');
    keeper.put(record('app', 1));
    await eventually(() => problems, (list) => list.length === 1);
    expect(problems[0]).toMatch(/^cannot save workspace app: /);
    fs.rmSync(store.dir);
    keeper.put(record('app', 1));
    await eventually(() => fs.existsSync(store.fileFor('app')), (written) => written);
  });
});
