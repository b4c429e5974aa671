// Keeps every workspace record of the server: loaded at start (dormant workspaces), rewritten soon
// after a live workspace changes, flushed before the server stops. Writes are atomic; a failed
// write is reported, never fatal, except a new workspace's first (putNew): that one fails the create.
// A change's write waits for the disk off the event loop (WorkspaceStore.saveInBackground); a new
// workspace's first write, and every write as the server stops or hands over, waits on it.

import { RECORD_SAVE_DELAY_MS } from '../../limits.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { PendingCreates } from '../../store/pendingCreates.js';
import type { WorkspaceStore } from '../../store/workspaceStore.js';

export class RecordKeeper {
  private readonly records = new Map<string, WorkspaceRecord>();
  private readonly pending = new Map<string, { timer: ReturnType<typeof setTimeout>; make: () => WorkspaceRecord }>();
  private readonly written = new Map<string, string>();
  /** Background writes under way, each with its failure reported, to wait for (whenWritten). */
  private readonly underWay = new Set<Promise<void>>();
  /** Files that could not be read but must not be overwritten (written by a newer tessera). */
  private readonly untouchable = new Set<string>();
  /** Problems with the stored records, for `tessera ls`, the status bar and the log. */
  readonly problems: string[] = [];
  private closed = false;

  constructor(
    private readonly store: WorkspaceStore | undefined,
    private readonly log: (text: string) => void = () => undefined,
    /** Folders of workspaces being made (undefined: nothing is noted, as in unit tests). */
    readonly creating?: PendingCreates,
  ) {}

  load(): void {
    if (!this.store) return;
    const loaded = this.store.loadAll();
    for (const record of loaded.records) {
      this.records.set(record.name, record);
      this.written.set(record.name, JSON.stringify(record));
    }
    for (const name of loaded.untouchable) this.untouchable.add(name);
    for (const problem of loaded.problems) this.report(problem);
  }

  get(name: string): WorkspaceRecord | undefined {
    return this.records.get(name);
  }

  all(): WorkspaceRecord[] {
    return [...this.records.values()];
  }

  /** A record exists under this name, or a file that cannot be read holds it. */
  taken(name: string): boolean {
    return this.records.has(name) || this.untouchable.has(name);
  }

  /**
   * Stores a record now (a removal of its panes, a stop): nothing pending for it survives. The file is written in
   * the background; a later put, putNow or forget of the same record always wins over it. Resolves once the write
   * is over (landed, overtaken, or failed and reported), for a command that replies only then.
   */
  put(record: WorkspaceRecord): Promise<void> {
    this.cancel(record.name);
    this.records.set(record.name, record);
    return this.writeInBackground(record);
  }

  /** put, and the file written before this returns (the server is stopping). */
  putNow(record: WorkspaceRecord): void {
    this.cancel(record.name);
    this.records.set(record.name, record);
    this.writeNow(record.name);
  }

  /**
   * Stores a new workspace's record now, or throws: a workspace whose record was never written would
   * be gone after a restart, so it must not be made (its creator says why and undoes the rest).
   */
  putNew(record: WorkspaceRecord): void {
    this.cancel(record.name);
    if (this.store && !this.closed) {
      this.store.save(record);
      this.written.set(record.name, JSON.stringify(record));
    }
    this.records.set(record.name, record);
  }

  /** Stores the record `make` returns a moment from now; many changes in a row cost one write. */
  saveSoon(name: string, make: () => WorkspaceRecord): void {
    if (this.closed) return;
    const existing = this.pending.get(name);
    if (existing) {
      existing.make = make;
      return;
    }
    const timer = setTimeout(() => {
      const entry = this.pending.get(name);
      this.pending.delete(name);
      if (entry) this.put(entry.make());
    }, RECORD_SAVE_DELAY_MS);
    timer.unref();
    this.pending.set(name, { timer, make });
  }

  /** Forgets a workspace for good: its file is deleted. */
  forget(name: string): void {
    this.cancel(name);
    this.records.delete(name);
    this.written.delete(name);
    try {
      this.store?.remove(name);
    } catch (error) {
      this.report(`cannot delete the record of workspace ${name}: ${(error as Error).message}`);
    }
  }

  /**
   * Writes now, waiting for the disk, every record with a write pending or under way, so none lands after this
   * returns: another server reads the files next (an upgrade), or nothing does before the next start.
   */
  flushNow(): void {
    for (const [name, entry] of [...this.pending]) {
      clearTimeout(entry.timer);
      this.pending.delete(name);
      this.records.set(name, entry.make());
      this.writeNow(name);
    }
    for (const name of this.store?.namesBeingSaved() ?? []) this.writeNow(name);
  }

  /**
   * Resolves once no background write is under way: one overtaken by flushNow() still removes its temporary
   * file after flushNow() returns (a folder removed meanwhile, or a process that exits, would keep it).
   */
  async settled(): Promise<void> {
    await this.store?.settled();
  }

  /** Writes everything pending, then ignores later changes (the server is stopping: panes closing is not the user's doing). */
  close(): void {
    this.flushNow();
    this.closed = true;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private cancel(name: string): void {
    const entry = this.pending.get(name);
    if (entry) clearTimeout(entry.timer);
    this.pending.delete(name);
  }

  private writeInBackground(record: WorkspaceRecord): Promise<void> {
    const store = this.store;
    if (!store || this.closed) return Promise.resolve();
    const { name } = record;
    const json = JSON.stringify(record);
    if (this.written.get(name) === json) return Promise.resolve();
    this.written.set(name, json);
    const done = store
      .saveInBackground(record)
      .then(() => undefined)
      .catch((error: unknown) => {
        // The file is not this record: the next change writes it again.
        if (this.written.get(name) === json) this.written.delete(name);
        this.report(`cannot save workspace ${name}: ${(error as Error).message}`);
      })
      .finally(() => this.underWay.delete(done));
    this.underWay.add(done);
    return done;
  }

  /** Resolves once every background write started so far has landed, been overtaken or failed (reported). */
  async whenWritten(): Promise<void> {
    await Promise.all([...this.underWay]);
  }

  /**
   * Writes `name`'s record as it is now, waiting for the disk, unless the file already holds it; a background write
   * of it under way will not land.
   */
  private writeNow(name: string): void {
    const record = this.records.get(name);
    if (!this.store || this.closed || !record) return;
    const json = JSON.stringify(record);
    if (this.written.get(name) === json && !this.store.saving(name)) return;
    try {
      this.store.save(record);
      this.written.set(name, json);
    } catch (error) {
      this.written.delete(name);
      this.report(`cannot save workspace ${name}: ${(error as Error).message}`);
    }
  }

  private report(problem: string): void {
    if (!this.problems.includes(problem)) this.problems.push(problem);
    this.log(problem);
  }
}
