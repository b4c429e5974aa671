// The workspace records of one server on disk: one JSON file per workspace, written atomically.
// A damaged file is moved aside (bytes kept) and reported; the other records keep working.

import fs from 'node:fs';
import path from 'node:path';
import { isLeftoverTemp } from './atomicWrite.js';
import { LatestFile } from './latestFile.js';
import { isMovedAside, moveAside } from './moveAside.js';
import { migrateRecord, NewerRecordError } from './recordMigrations.js';
import { parseWorkspaceRecord, type WorkspaceRecord } from './workspaceRecord.js';
import { checkWorkspaceName } from './workspaceName.js';

const RECORD_SUFFIX = '.json';

export interface LoadedRecords {
  records: WorkspaceRecord[];
  /** One line per file that could not be used: what was wrong and where its bytes are now. */
  problems: string[];
  /** Names whose file is kept but not read (written by a newer tessera): never overwritten. */
  untouchable: string[];
}

export class WorkspaceStore {
  readonly dir: string;
  /** Each record's file, by workspace name: of its writes and its removal, the latest stands. */
  private readonly files = new Map<string, LatestFile>();

  constructor(serverStateDir: string) {
    this.dir = path.join(serverStateDir, 'workspaces');
  }

  fileFor(name: string): string {
    const problem = checkWorkspaceName(name);
    if (problem) throw new Error(problem);
    return path.join(this.dir, `${name}${RECORD_SUFFIX}`);
  }

  /** `readOnly`: a look without a server (ls): nothing is moved or removed; the server does that when it starts. */
  loadAll(options: { readOnly?: boolean } = {}): LoadedRecords {
    const result: LoadedRecords = { records: [], problems: [], untouchable: [] };
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
      result.problems.push(`cannot read the workspace records in ${this.dir}: ${(error as Error).message}`);
      return result;
    }
    for (const name of names.sort()) {
      const file = path.join(this.dir, name);
      if (isLeftoverTemp(name)) {
        if (options.readOnly) continue;
        fs.rmSync(file, { force: true }); // a write interrupted before its rename: the old record is intact
        continue;
      }
      if (isMovedAside(name) || !name.endsWith(RECORD_SUFFIX)) continue;
      const loaded = this.loadFile(file, name.slice(0, -RECORD_SUFFIX.length), options.readOnly === true);
      if ('record' in loaded) result.records.push(loaded.record);
      else {
        result.problems.push(loaded.problem);
        if (loaded.untouchable) result.untouchable.push(name.slice(0, -RECORD_SUFFIX.length));
      }
    }
    return result;
  }

  /** Writes the record now, waiting for the disk; a background write of it still under way will not land. */
  save(record: WorkspaceRecord): void {
    this.file(record.name).writeNow(recordText(record));
  }

  /**
   * Writes the record without holding the event loop while the disk flushes (writeFileAtomicInBackground). True
   * once it landed; false when a later write or removal of the same record came first (that one stands).
   */
  async saveInBackground(record: WorkspaceRecord): Promise<boolean> {
    return await this.file(record.name).write(recordText(record));
  }

  /** A background save of `name`'s record has not finished yet. */
  saving(name: string): boolean {
    return this.files.get(name)?.writing === true;
  }

  /** The names whose record a background save is still writing. */
  namesBeingSaved(): string[] {
    return [...this.files].filter(([, file]) => file.writing).map(([name]) => name);
  }

  /** Resolves once every background save asked so far has landed, been overtaken (its temporary file removed) or failed. */
  async settled(): Promise<void> {
    await Promise.all([...this.files.values()].map((file) => file.settled()));
  }

  /** Deletes the record; a background write of it still under way will not land. */
  remove(name: string): void {
    this.file(name).remove();
  }

  /** `name`'s record file (the name checked first). */
  private file(name: string): LatestFile {
    let file = this.files.get(name);
    if (!file) {
      file = new LatestFile(this.fileFor(name));
      this.files.set(name, file);
    }
    return file;
  }

  private loadFile(file: string, expectedName: string, readOnly: boolean): { record: WorkspaceRecord } | { problem: string; untouchable?: boolean } {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      return { problem: `cannot read workspace record ${file}: ${(error as Error).message}` };
    }
    try {
      const record = parseWorkspaceRecord(migrateRecord(JSON.parse(text)));
      if (record.name !== expectedName) throw new Error(`it names workspace '${record.name}' but its file is ${path.basename(file)}`);
      return { record };
    } catch (error) {
      if (error instanceof NewerRecordError) return { problem: `workspace record ${path.basename(file)} is ${error.message}; left as it is (${file})`, untouchable: true };
      const why = error instanceof SyntaxError ? `it is not valid JSON (${error.message})` : `it has the wrong shape (${(error as Error).message})`;
      const shown = path.basename(file);
      if (readOnly) return { problem: `workspace record ${shown} is damaged: ${why}; the server moves it aside when it starts` };
      try {
        const moved = moveAside(file);
        return { problem: `workspace record ${shown} was moved aside: ${why}; its bytes are kept in ${moved}` };
      } catch (moveError) {
        return { problem: `workspace record ${shown} is damaged: ${why}; it could not be moved aside (${(moveError as Error).message})`, untouchable: true };
      }
    }
  }
}

function recordText(record: WorkspaceRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}
