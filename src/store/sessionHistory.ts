// The session history of one server: every pane session longer than HISTORY_MIN_SESSION_MS, newest last, in one
// versioned JSON file rewritten atomically on each entry (bounded by HISTORY_MAX_ENTRIES, so that stays cheap), its
// flush to disk waited for beside the event loop (LatestFile: the latest rewrite stands; flushNow and whenWritten for
// the end).
// A file that does not parse or has the wrong shape is moved aside (its bytes kept) and reported; history then
// starts again empty and everything else keeps working.

import fs from 'node:fs';
import path from 'node:path';
import { HISTORY_MAX_ENTRIES } from '../limits.js';
import { InvalidInput, record } from '../protocol/validate.js';
import { LatestFile } from './latestFile.js';
import { parseHistoryEntry, type HistoryEntry } from './historyEntry.js';
import { moveAside } from './moveAside.js';

export const HISTORY_VERSION = 1;
const HISTORY_FILE = 'history.json';

export type NewHistoryEntry = Omit<HistoryEntry, 'id'>;

export class SessionHistory {
  readonly file: string;
  private readonly latest: LatestFile;
  private entries: HistoryEntry[] | undefined;
  private nextNumber = 1;
  /** What went wrong reading or writing the file, for the server log and `tessera history`. */
  problem: string | undefined;

  constructor(serverStateDir: string) {
    this.file = path.join(serverStateDir, HISTORY_FILE);
    this.latest = new LatestFile(this.file);
  }

  list(): readonly HistoryEntry[] {
    return this.load();
  }

  find(id: string): HistoryEntry | undefined {
    return this.load().find((e) => e.id === id);
  }

  /**
   * Appends an entry and writes the file in the background (whenWritten); a failed write is reported in `problem`,
   * never thrown.
   */
  add(entry: NewHistoryEntry): HistoryEntry {
    return this.addAll([entry])[0];
  }

  /** Appends several entries with one write of the file (many panes ending at once, e.g. kill-server). */
  addAll(newEntries: readonly NewHistoryEntry[]): HistoryEntry[] {
    const entries = this.load();
    const added = newEntries.map((entry): HistoryEntry => ({ id: `h${this.nextNumber++}`, ...entry }));
    entries.push(...added);
    if (entries.length > HISTORY_MAX_ENTRIES) entries.splice(0, entries.length - HISTORY_MAX_ENTRIES);
    this.latest.write(this.text()).catch((error: unknown) => this.failed(error));
    return added;
  }

  /** Resolves once every write asked so far has landed, been overtaken or failed (in `problem`). */
  async whenWritten(): Promise<void> {
    await this.latest.settled();
  }

  /** Writes the file now, waiting for the disk, if a write is under way: none lands after this (an upgrade). */
  flushNow(): void {
    if (!this.latest.writing) return;
    try {
      this.latest.writeNow(this.text());
    } catch (error) {
      this.failed(error);
    }
  }

  private text(): string {
    return `${JSON.stringify({ version: HISTORY_VERSION, next: this.nextNumber, entries: this.load() }, null, 1)}\n`;
  }

  private failed(error: unknown): void {
    this.problem = `cannot write the session history ${this.file}: ${(error as Error).message}`;
  }

  private load(): HistoryEntry[] {
    if (this.entries) return this.entries;
    this.entries = [];
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.problem = `cannot read the session history ${this.file}: ${(error as Error).message}`;
      return this.entries;
    }
    try {
      const parsed = parseHistory(JSON.parse(text));
      this.entries = parsed.entries;
      this.nextNumber = Math.max(parsed.next, ...parsed.entries.map((e) => Number(e.id.slice(1)) + 1));
    } catch (error) {
      const why = error instanceof SyntaxError ? `is not valid JSON (${error.message})` : `has the wrong shape (${(error as Error).message})`;
      try {
        this.problem = `the session history ${this.file} ${why}; moved aside to ${moveAside(this.file)}`;
      } catch (moveError) {
        this.problem = `the session history ${this.file} ${why}; could not move it aside: ${(moveError as Error).message}`;
      }
    }
    return this.entries;
  }
}

function parseHistory(value: unknown): { next: number; entries: HistoryEntry[] } {
  const f = record(value, 'the history');
  if (f.version !== HISTORY_VERSION) throw new InvalidInput(`version must be ${HISTORY_VERSION}`);
  if (!Array.isArray(f.entries)) throw new InvalidInput('entries must be a list');
  const next = typeof f.next === 'number' && Number.isInteger(f.next) && f.next > 0 ? f.next : 1;
  return { next, entries: f.entries.map((e, i) => parseHistoryEntry(e, `entries[${i}]`)) };
}
