// move-pane and break-pane through the real binary and real processes: the moved pane's process is
// the same (same pid, still alive), its screen comes along, and after kill-server the records on disk
// show it in its new workspace.

import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';

let sandbox: TesseraSandbox;

beforeEach(() => {
  sandbox = new TesseraSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

const recordedIds = (name: string): number[] => {
  const file = path.join(sandbox.env.TESSERA_STATE_DIR, 'servers', sandbox.socketName, 'workspaces', `${name}.json`);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { panes: { id: number }[] }).panes.map((p) => p.id);
};
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('moving panes between workspaces', () => {
  it('keeps the process and its screen, and the records follow', async () => {
    const dir = path.join(sandbox.root, 'project');
    fs.mkdirSync(dir);
    const program = ['--', 'sh', '-c', 'echo moving-marker; exec sleep 600'];
    await sandbox.cliOk(['new', '-d', '-s', 'left', '-c', dir, '--', 'sleep', '600']);
    await sandbox.cliOk(['split', '-t', 'left:0', '--right', ...program]);
    await sandbox.cliOk(['new', '-d', '-s', 'right', '-c', dir, '--', 'sleep', '600']);
    const before = await sandbox.listPanes();
    const moving = before.filter((p) => p.workspace === 'left')[1];
    const target = before.find((p) => p.workspace === 'right');
    expect(moving?.pid).toBeTypeOf('number');
    const pid = moving?.pid as number;
    const id = moving?.id as number;
    await eventually(() => sandbox.capturePane(String(id)), (text) => text.includes('moving-marker'));

    expect(await sandbox.cliOk(['move-pane', '-s', `left:1`, '-t', `right:0`, '--right'])).toBe(`pane ${id} moved from left to right\n`);
    const after = await sandbox.listPanes();
    expect(after.filter((p) => p.workspace === 'right').map((p) => p.id)).toEqual([target?.id, id]);
    expect(after.find((p) => p.id === id)?.pid).toBe(pid);
    expect(alive(pid)).toBe(true);
    expect(await sandbox.cliOk(['capture-pane', '-t', String(id)])).toContain('moving-marker');

    expect(await sandbox.cliOk(['break-pane', '-t', String(id), '-n', 'solo'])).toBe('solo\n');
    expect((await sandbox.listPanes()).filter((p) => p.workspace === 'solo').map((p) => [p.id, p.pid])).toEqual([[id, pid]]);
    expect(alive(pid)).toBe(true);

    await sandbox.cliOk(['kill-server']);
    expect(recordedIds('solo')).toEqual([id]);
    expect(recordedIds('right')).toEqual([target?.id]);
    expect(recordedIds('left')).toEqual([before[0]?.id]);
    // Eight commands through the real binary: each can take seconds on a loaded machine.
  }, 240_000);
});
