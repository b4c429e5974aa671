// The change cache kept on disk, so that a server that starts (after kill-server, a reboot, an upgrade that did
// not hand over) answers `ls` over many workspaces from a few stat() calls each instead of a handful of git
// children per workspace: each entry's fingerprint is checked as it is in memory, and a folder that changed
// meanwhile is counted again. The file is a cache: losing it costs one count per folder. One that does not
// parse is still moved aside and reported (never silently replaced), like every state file.

import fs from 'node:fs';
import path from 'node:path';
import { CHANGE_CACHE_MAX_FILE_BYTES, CHANGE_CACHE_MAX_PATHS, CHANGE_CACHE_SAVE_DELAY_MS } from '../limits.js';
import { InvalidInput, record } from '../protocol/validate.js';
import { moveAside } from './moveAside.js';
import { parseStoredChanges, pathsIn, type StoredChanges } from './storedChanges.js';

const FILE_NAME = 'changes.json';
const VERSION = 1;

export class ChangeCacheFile {
  readonly file: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    serverStateDir: string,
    private readonly log: (line: string) => void,
  ) {
    this.file = path.join(serverStateDir, FILE_NAME);
  }

  /**
   * The entries a previous server kept; none when there is no file, or it was unreadable (then moved aside and
   * logged, unless `readOnly`: a command that only looks leaves a damaged file for the server to deal with).
   */
  read(options: { readOnly?: boolean } = {}): StoredChanges[] {
    const unreadable = (why: string) => (options.readOnly ? [] : this.unreadable(why));
    let text: string;
    try {
      if (fs.statSync(this.file).size > CHANGE_CACHE_MAX_FILE_BYTES) return unreadable(`is larger than ${CHANGE_CACHE_MAX_FILE_BYTES >> 20} MB`);
      text = fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !options.readOnly) this.log(`could not read the change cache ${this.file}: ${(error as Error).message}`);
      return [];
    }
    try {
      const top = record(JSON.parse(text) as unknown, 'the file');
      if (top.version !== VERSION) throw new InvalidInput(`version ${String(top.version)} is not ${VERSION}`);
      if (!Array.isArray(top.entries)) throw new InvalidInput('entries must be a list');
      return top.entries.map((entry, i) => {
        try {
          return parseStoredChanges(entry);
        } catch (error) {
          throw new InvalidInput(`entry ${i}: ${(error as Error).message}`);
        }
      });
    } catch (error) {
      return unreadable(error instanceof SyntaxError ? `is not JSON (${error.message})` : `is damaged (${(error as Error).message})`);
    }
  }

  /** Writes `entries()` once CHANGE_CACHE_SAVE_DELAY_MS have passed without another call. */
  saveSoon(entries: () => StoredChanges[]): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save(entries());
    }, CHANGE_CACHE_SAVE_DELAY_MS);
    this.timer.unref();
  }

  /** Writes now what saveSoon was waiting to write (the server stops). */
  async flush(entries: () => StoredChanges[]): Promise<void> {
    if (!this.timer) return this.writing;
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.save(entries());
  }

  /** Written beside the file and renamed over it (never half a file); one write at a time, never blocking on the disk. */
  private save(entries: StoredChanges[]): Promise<void> {
    const kept: StoredChanges[] = [];
    let budget = CHANGE_CACHE_MAX_PATHS;
    for (const entry of entries) {
      const size = pathsIn(entry);
      if (size > budget) continue; // that folder is counted again by the next server
      budget -= size;
      kept.push(entry);
    }
    const text = JSON.stringify({ version: VERSION, entries: kept });
    this.writing = this.writing.then(async () => {
      const temp = path.join(path.dirname(this.file), `.${FILE_NAME}.${process.pid}.${Date.now()}.tmp`);
      try {
        await fs.promises.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
        await fs.promises.writeFile(temp, text, { mode: 0o600, flag: 'wx' });
        await fs.promises.rename(temp, this.file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        this.log(`could not write the change cache ${this.file}: ${(error as Error).message}`);
      }
    });
    return this.writing;
  }

  private unreadable(why: string): StoredChanges[] {
    try {
      this.log(`the change cache ${this.file} ${why}: moved aside to ${moveAside(this.file)}; workspaces are counted again`);
    } catch (error) {
      this.log(`the change cache ${this.file} ${why}, and could not be moved aside: ${(error as Error).message}`);
    }
    return [];
  }
}
