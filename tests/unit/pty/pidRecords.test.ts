// Pane pid records: written atomically, removed on exit, swept after a crash; corrupt files are kept aside.

import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPidRecords, PID_RECORDS_FILE, sweepOrphans } from '../../../src/pty/pidRecords.js';
import { readProcStat } from '../../../src/pty/procStat.js';
import { spawnPty } from '../../../src/pty/ptyProcess.js';
import { alive, sessionMembers, until } from './procWatch.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-pids-');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

function recordsDir(): string {
  return realpathSync(tmp.dir());
}

/** A process tree in a session of its own, as a crashed server's pane would have left it. */
function orphanPane(script: string): ChildProcess {
  const child = spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' });
  children.push(child);
  return child;
}

/** The records as the file says after replaying its journal: pane id -> [pid, pgid, start time]. */
function readRecordsFile(dir: string): Record<string, number[]> {
  const [header, ...lines] = readFileSync(join(dir, PID_RECORDS_FILE), 'utf8').trimEnd().split('\n');
  expect(header).toBe('tessera-pane-pids 2');
  const panes: Record<string, number[]> = {};
  for (const line of lines) {
    const [op, id, ...numbers] = line.split(' ');
    if (op === '+') panes[id] = numbers.map(Number);
    else delete panes[id];
  }
  return panes;
}

describe('openPidRecords', () => {
  it("records a pane's pid, group and start time, and removes the record when it exits", async () => {
    const dir = recordsDir();
    const { records, warnings } = openPidRecords(dir);
    expect(warnings).toEqual([]);
    const pty = spawnPty({ file: '/bin/sh', args: ['-c', 'read x'], cwd: dir, env: { PATH: '/usr/bin:/bin' }, cols: 80, rows: 24 });
    records.track('pane-1', pty);
    const startTime = readProcStat(pty.pid)?.startTime;
    expect(records.list().get('pane-1')).toEqual({ pid: pty.pid, pgid: pty.pid, startTime });
    expect(readRecordsFile(dir)).toEqual({ 'pane-1': [pty.pid, pty.pid, startTime] });
    pty.write('done\r');
    await pty.exited;
    await until(() => !records.list().has('pane-1'), 'the record to go');
    expect(readRecordsFile(dir)).toEqual({});
    expect(readdirSync(dir)).toEqual([PID_RECORDS_FILE]); // no temp file left behind
  });

  it('appends one line per change instead of rewriting the file, and compacts it once it is mostly history', () => {
    const dir = recordsDir();
    const { records } = openPidRecords(dir);
    const file = join(dir, PID_RECORDS_FILE);
    records.add('keep', process.pid);
    let previous = readFileSync(file, 'utf8');
    for (let i = 0; i < 100; i++) {
      records.add(`p${i}`, process.pid);
      const now = readFileSync(file, 'utf8');
      expect(now.startsWith(previous)).toBe(true); // appended, not rewritten
      expect(now.length - previous.length).toBeLessThan(64);
      previous = now;
    }
    for (let i = 0; i < 2000; i++) {
      records.remove(`p${i % 100}`);
      if (i % 3 === 0) records.add(`p${i % 100}`, process.pid);
    }
    expect(readFileSync(file, 'utf8').split('\n').length).toBeLessThan(1200);
    const expected = Object.fromEntries([...records.list()].map(([id, r]) => [id, [r.pid, r.pgid, r.startTime]]));
    expect(readRecordsFile(dir)).toEqual(expected);
    expect(openPidRecords(dir).records.list()).toEqual(records.list()); // a new server reads the same
  });

  it('ignores a last line cut short by a crash, and reads the older JSON format', () => {
    const dir = recordsDir();
    const startTime = readProcStat(process.pid)?.startTime;
    writeFileSync(join(dir, PID_RECORDS_FILE), `tessera-pane-pids 2\n+ a ${process.pid} ${process.pid} ${startTime}\n+ b 12`);
    expect([...openPidRecords(dir).records.list().keys()]).toEqual(['a']);
    const old = recordsDir();
    writeFileSync(join(old, PID_RECORDS_FILE), JSON.stringify({ version: 1, panes: { x: { pid: process.pid, pgid: process.pid, startTime } } }));
    expect(openPidRecords(old).records.list().get('x')).toEqual({ pid: process.pid, pgid: process.pid, startTime });
  });

  it('does not record a process that is already gone', () => {
    const { records } = openPidRecords(recordsDir());
    expect(records.add('pane-x', 2 ** 22 + 1)).toBeUndefined();
    expect(records.list().size).toBe(0);
  });

  it('moves a corrupt file aside (never deletes it) and starts afresh with a warning', () => {
    const dir = recordsDir();
    writeFileSync(join(dir, PID_RECORDS_FILE), '{"version":1,"panes":{"p":{"pid":');
    const { records, warnings } = openPidRecords(dir);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/could not be read; moved them to .*\.corrupt-/);
    const aside = readdirSync(dir).filter((name) => name.startsWith(`${PID_RECORDS_FILE}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]), 'utf8')).toBe('{"version":1,"panes":{"p":{"pid":');
    expect(records.list().size).toBe(0);
  });

  it('treats a record that names pid 1 as corrupt rather than ever signalling it', async () => {
    const dir = recordsDir();
    writeFileSync(join(dir, PID_RECORDS_FILE), JSON.stringify({ version: 1, panes: { p: { pid: 1, pgid: 1, startTime: 0 } } }));
    const result = await sweepOrphans(dir);
    expect(result.killed).toEqual([]);
    expect(result.warnings[0]).toMatch(/could not be read/);
  });
});

describe('sweepOrphans', () => {
  it("kills a previous server's pane, its background children included", async () => {
    const dir = recordsDir();
    const orphan = orphanPane('sleep 1000 & sleep 1000');
    const sid = orphan.pid as number;
    await until(() => sessionMembers(sid).length >= 2, "the orphan's processes");
    const members = sessionMembers(sid);
    openPidRecords(dir).records.add('pane-old', sid);

    const result = await sweepOrphans(dir);
    expect(result.killed.map((record) => record.pid)).toEqual([sid]);
    expect(result.warnings).toEqual([]);
    await until(() => members.every((pid) => !alive(pid)), 'every orphaned process to be gone');
    expect(readRecordsFile(dir)).toEqual({});
  });

  it('leaves alone a pid that now belongs to a process with another start time', async () => {
    const dir = recordsDir();
    const unrelated = orphanPane('sleep 1000');
    const pid = unrelated.pid as number;
    await until(() => alive(pid), 'the unrelated process');
    const startTime = (readProcStat(pid)?.startTime ?? 0) - 1;
    writeFileSync(join(dir, PID_RECORDS_FILE), JSON.stringify({ version: 1, panes: { old: { pid, pgid: pid, startTime } } }));

    const result = await sweepOrphans(dir);
    expect(result.recycled).toEqual([{ pid, pgid: pid, startTime }]);
    expect(result.killed).toEqual([]);
    expect(alive(pid)).toBe(true);
  });

  it('finds nothing to do without a records file', async () => {
    expect(await sweepOrphans(recordsDir())).toEqual({ killed: [], recycled: [], warnings: [] });
  });
});
