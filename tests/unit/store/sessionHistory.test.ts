// The session history file: entries numbered h1, h2, …, kept across restarts, bounded, and a damaged file moved aside.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { HISTORY_MAX_ENTRIES } from '../../../src/limits.js';
import { SessionHistory, type NewHistoryEntry } from '../../../src/store/sessionHistory.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-history-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const entry = (command: string): NewHistoryEntry => ({
  workspace: 'main',
  paneKind: 'agent',
  agent: 'claude',
  command,
  cwd: '/tmp',
  start: new Date().toISOString(),
  durationMs: 12_000,
  exitStatus: 0,
  outcome: 'done',
  sessionId: '3f2a9c1e-0000-4000-8000-000000000001',
});

test('entries get ids h1, h2, … and are read back by a new server', async () => {
  const first = new SessionHistory(dir);
  expect(first.add(entry('claude')).id).toBe('h1');
  expect(first.add(entry('claude --model opus')).id).toBe('h2');
  await first.whenWritten();
  const again = new SessionHistory(dir);
  expect(again.list().map((e) => [e.id, e.command])).toEqual([
    ['h1', 'claude'],
    ['h2', 'claude --model opus'],
  ]);
  expect(again.find('h2')?.sessionId).toBe('3f2a9c1e-0000-4000-8000-000000000001');
  expect(again.add(entry('codex')).id).toBe('h3');
  await again.whenWritten();
  expect(again.problem).toBeUndefined();
});

test(`only the newest ${HISTORY_MAX_ENTRIES} are kept, and ids never repeat`, async () => {
  const full = Array.from({ length: HISTORY_MAX_ENTRIES }, (_, i) => ({ ...entry(`run ${i}`), id: `h${i + 1}` }));
  fs.writeFileSync(path.join(dir, 'history.json'), JSON.stringify({ version: 1, next: HISTORY_MAX_ENTRIES + 1, entries: full }));
  const history = new SessionHistory(dir);
  for (let i = 0; i < 5; i++) history.add(entry(`new ${i}`));
  await history.whenWritten();
  const reread = new SessionHistory(dir);
  expect(reread.list()).toHaveLength(HISTORY_MAX_ENTRIES);
  expect(reread.list()[0].id).toBe('h6');
  expect(reread.add(entry('next')).id).toBe(`h${HISTORY_MAX_ENTRIES + 6}`);
  await reread.whenWritten();
});

test('a damaged file is moved aside with its bytes, reported, and history starts again', async () => {
  fs.writeFileSync(path.join(dir, 'history.json'), '{"version": 1, "entries": [{"id": "h1"');
  const history = new SessionHistory(dir);
  expect(history.list()).toEqual([]);
  expect(history.problem).toMatch(/is not valid JSON.*moved aside to .*history\.json\.corrupt-/);
  const aside = fs.readdirSync(dir).find((n) => n.startsWith('history.json.corrupt-'));
  expect(fs.readFileSync(path.join(dir, aside!), 'utf8')).toBe('{"version": 1, "entries": [{"id": "h1"');
  expect(history.add(entry('claude')).id).toBe('h1');
  await history.whenWritten();
});

test('an entry of the wrong shape is refused as a whole file, never half-read', () => {
  fs.writeFileSync(path.join(dir, 'history.json'), JSON.stringify({ version: 1, entries: [{ ...entry('x'), id: 'h1', cwd: 'relative' }] }));
  const history = new SessionHistory(dir);
  expect(history.list()).toEqual([]);
  expect(history.problem).toMatch(/wrong shape.*cwd must be an absolute path/);
});

test('many entries at once (panes ending together) are numbered in order and written in one go', async () => {
  const history = new SessionHistory(dir);
  const added = history.addAll([entry('a'), entry('b'), entry('c')]);
  expect(added.map((e) => e.id)).toEqual(['h1', 'h2', 'h3']);
  await history.whenWritten();
  expect(new SessionHistory(dir).list().map((e) => e.command)).toEqual(['a', 'b', 'c']);
});

test('the file is written beside the event loop, the latest write wins, and flushNow writes it before it returns', async () => {
  const history = new SessionHistory(dir);
  history.add(entry('a'));
  expect(fs.existsSync(history.file)).toBe(false);
  history.add(entry('b'));
  history.flushNow();
  expect(new SessionHistory(dir).list().map((e) => e.command)).toEqual(['a', 'b']);
  await history.whenWritten();
  expect(new SessionHistory(dir).list().map((e) => e.command)).toEqual(['a', 'b']);
  expect(fs.readdirSync(dir)).toEqual(['history.json']);
  expect(history.problem).toBeUndefined();
});

test('a write the disk refuses is reported in problem, and the entries stay listed', async () => {
  fs.rmSync(dir, { recursive: true });
  fs.writeFileSync(dir, 'a file where the folder should be');
  const history = new SessionHistory(dir);
  history.add(entry('a'));
  await history.whenWritten();
  expect(history.problem).toMatch(/^cannot write the session history /);
  expect(history.list().map((e) => e.command)).toEqual(['a']);
  fs.rmSync(dir);
  fs.mkdirSync(dir);
});
