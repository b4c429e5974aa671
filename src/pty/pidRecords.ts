// A file of the pids of running panes, so the next server can kill what a crashed one left behind.
// Each change appends one line (no full rewrite per pane), so thousands of panes start and end cheaply.

import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killPaneProcesses, paneProcesses } from './paneProcesses.js';
import { isErrnoCode } from './errno.js';
import { isAlive, readProcStat } from './procStat.js';
import type { Disposable, PtyProcess } from './ptyProcess.js';

/** Name of the records file inside the caller's directory. */
export const PID_RECORDS_FILE = 'pane-pids.json';
/** First line of the records file: names the format and its version. */
const JOURNAL_HEADER = 'tessera-pane-pids 2';
/** The journal is rewritten compactly when it has more lines than this and than RATIO × live records. */
const JOURNAL_COMPACT_MIN_LINES = 256;
const JOURNAL_COMPACT_RATIO = 4;

export interface PidRecord {
  pid: number;
  pgid: number;
  /** /proc/<pid>/stat field 22: tells the recorded process from a later one that got the same pid. */
  startTime: number;
}

export interface PidRecords {
  /** Records the running process of a pane (a PTY session leader); undefined when it already exited. */
  add(paneId: string, pid: number): PidRecord | undefined;
  remove(paneId: string): void;
  list(): ReadonlyMap<string, PidRecord>;
  /** Records the pane's process now and removes the record when it exits. */
  track(paneId: string, pty: Pick<PtyProcess, 'pid' | 'exited'>): Disposable;
}

export interface OpenedPidRecords {
  records: PidRecords;
  /** Problems the user should hear about, e.g. a corrupt file that was moved aside. */
  warnings: string[];
}

export interface SweepResult {
  /** Panes of a previous server whose processes were still running and have been killed. */
  killed: PidRecord[];
  /** Records whose pid now belongs to another process (started at another time): left alone. */
  recycled: PidRecord[];
  warnings: string[];
}

/** Opens (creating the directory if needed) the records file in `dir`. */
export function openPidRecords(dir: string): OpenedPidRecords {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, PID_RECORDS_FILE);
  const { panes, warnings } = load(file);
  const journal = openJournal(file, panes);

  const records: PidRecords = {
    add(paneId, pid) {
      const stat = readProcStat(pid);
      if (!isAlive(stat)) return undefined;
      // A pane's process is made a session and group leader (pgid = pid) right after fork; just
      // after spawn it may not have got there yet, and its pgrp would still be ours.
      const record: PidRecord = { pid, pgid: pid, startTime: stat.startTime };
      panes.set(paneId, record);
      journal.added(paneId, record);
      return record;
    },
    remove(paneId) {
      if (panes.delete(paneId)) journal.removed(paneId);
    },
    list() {
      return new Map(panes);
    },
    track(paneId, pty) {
      const record = records.add(paneId, pty.pid);
      let active = true;
      void pty.exited.then(() => {
        // Only our own record: the pane id may have been given to a new process since.
        if (active && record && panes.get(paneId) === record) records.remove(paneId);
      });
      return { dispose: () => (active = false) };
    },
  };
  return { records, warnings };
}

/** True when the records in `dir` may still name running panes (a crashed server's, not swept yet). */
export function hasPidRecords(dir: string): boolean {
  try {
    return load(join(dir, PID_RECORDS_FILE)).panes.size > 0;
  } catch {
    return true; // unreadable: keep it rather than lose the only list of those processes
  }
}

/**
 * Kills the panes recorded by a previous server (call before opening the records for a new one).
 * A record counts only when its pid still runs with the recorded start time; a reused pid is left alone.
 * Processes of a recorded session whose leader already died are killed too: while any of them is
 * alive, the kernel does not give that pid to anyone else.
 */
export async function sweepOrphans(dir: string): Promise<SweepResult> {
  const file = join(dir, PID_RECORDS_FILE);
  const { panes, warnings } = load(file);
  const killed: PidRecord[] = [];
  const recycled: PidRecord[] = [];
  const kills: Promise<void>[] = [];
  for (const [paneId, record] of panes) {
    const stat = readProcStat(record.pid);
    try {
      if (stat && stat.startTime !== record.startTime) {
        recycled.push(record);
      } else if (isAlive(stat) || paneProcesses(record.pid, record.pgid).length > 0) {
        killed.push(record);
        kills.push(killPaneProcesses(record.pid, { pgid: record.pgid, startTime: record.startTime }));
      }
    } catch (error) {
      warnings.push(`Did not sweep pane ${paneId} (pid ${record.pid}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await Promise.all(kills);
  if (panes.size > 0) writeAtomically(file, snapshot(new Map()));
  return { killed, recycled, warnings };
}

interface Loaded {
  panes: Map<string, PidRecord>;
  warnings: string[];
}

function load(file: string): Loaded {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) return { panes: new Map(), warnings: [] };
    throw error;
  }
  const panes = text.startsWith('{') ? parseJsonRecords(text) : parseJournal(text);
  if (panes) return { panes, warnings: [] };
  // Never delete it: it may be the only list of processes still running from a crashed server.
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  return {
    panes: new Map(),
    warnings: [`The pane pid records in ${file} could not be read; moved them to ${aside}. Panes left by an earlier tessera server may still be running.`],
  };
}

/** The first format: one JSON object rewritten whole on every change (a server of an older version may have left it). */
function parseJsonRecords(text: string): Map<string, PidRecord> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || parsed.version !== 1 || !isObject(parsed.panes)) return undefined;
  const panes = new Map<string, PidRecord>();
  for (const [paneId, value] of Object.entries(parsed.panes)) {
    if (!isObject(value)) return undefined;
    const { pid, pgid, startTime } = value;
    if (!isIntegerAbove(pid, 1) || !isIntegerAbove(pgid, 1) || !isIntegerAbove(startTime, -1)) return undefined;
    panes.set(paneId, { pid, pgid, startTime });
  }
  return panes;
}

/**
 * The journal: a header line, then one line per change, appended (`+ PANE PID PGID START` when a
 * pane starts, `- PANE` when it ends). A last line cut short by a crash is ignored; any other line
 * that does not parse makes the file corrupt.
 */
function parseJournal(text: string): Map<string, PidRecord> | undefined {
  const lines = text.split('\n');
  if (lines[0] !== JOURNAL_HEADER) return undefined;
  const complete = lines.slice(1, -1); // the part after the last newline was never finished
  const panes = new Map<string, PidRecord>();
  for (const line of complete) {
    const [op, paneId, ...numbers] = line.split(' ');
    if (op === '-' && paneId && numbers.length === 0) {
      panes.delete(paneId);
      continue;
    }
    const [pid, pgid, startTime] = numbers.map(Number);
    if (op !== '+' || !paneId || numbers.length !== 3 || !isValidRecord(pid, pgid, startTime)) return undefined;
    panes.set(paneId, { pid, pgid, startTime });
  }
  return panes;
}

function snapshot(panes: ReadonlyMap<string, PidRecord>): string {
  return [JOURNAL_HEADER, ...[...panes].map(([paneId, r]) => addLine(paneId, r))].join('\n') + '\n';
}

const addLine = (paneId: string, r: PidRecord): string => `+ ${paneId} ${r.pid} ${r.pgid} ${r.startTime}`;

/** Appends one line per change; rewrites the file compactly once it is mostly history. */
function openJournal(file: string, panes: ReadonlyMap<string, PidRecord>): { added(paneId: string, r: PidRecord): void; removed(paneId: string): void } {
  let fd = -1;
  let lines = 0;
  const compact = () => {
    if (fd >= 0) closeSync(fd);
    writeAtomically(file, snapshot(panes));
    fd = openSync(file, 'a', 0o600);
    lines = panes.size;
  };
  const append = (paneId: string, line: string) => {
    if (!/^\S+$/.test(paneId)) throw new Error(`a pane id in the pid records must be one word: ${JSON.stringify(paneId)}`);
    appendFileSync(fd, `${line}\n`);
    if (++lines > Math.max(JOURNAL_COMPACT_MIN_LINES, JOURNAL_COMPACT_RATIO * panes.size)) compact();
  };
  compact();
  return {
    added: (paneId, r) => append(paneId, addLine(paneId, r)),
    removed: (paneId) => append(paneId, `- ${paneId}`),
  };
}

/** pid 1 and 0 are never a pane's: signalling them would hit the whole system. */
function isValidRecord(pid: unknown, pgid: unknown, startTime: unknown): boolean {
  return isIntegerAbove(pid, 1) && isIntegerAbove(pgid, 1) && isIntegerAbove(startTime, -1);
}

/** Readers see the old file or the new one, never half of one. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.tmp-${process.pid}`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, file);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIntegerAbove = (value: unknown, floor: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > floor;
