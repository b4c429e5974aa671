// Folders being made for a new workspace (git worktree add, git clone) are noted here first, so that
// a server killed in the middle leaves no half-made folder: the next start removes what it finds.

import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomicWrite.js';

export interface PendingCreate {
  name: string;
  kind: 'worktree' | 'clone';
  /** The folder being made. */
  path: string;
  /** worktree: the source repository (to prune git's record of the worktree). */
  repo?: string;
  /** worktree on a new branch: the branch this create makes, and the commit it is made at (deleted only while it still points there). */
  branch?: string;
  branchAt?: string;
}

export class PendingCreates {
  readonly dir: string;

  constructor(serverStateDir: string) {
    this.dir = path.join(serverStateDir, 'creating');
  }

  note(entry: PendingCreate): void {
    writeFileAtomic(path.join(this.dir, `${entry.name}.json`), JSON.stringify(entry));
  }

  done(name: string): void {
    fs.rmSync(path.join(this.dir, `${name}.json`), { force: true });
  }

  /** Creates that never finished (the server died during them). */
  leftovers(): PendingCreate[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    const found: PendingCreate[] = [];
    for (const name of names) {
      try {
        const value = JSON.parse(fs.readFileSync(path.join(this.dir, name), 'utf8')) as PendingCreate;
        if (typeof value.path === 'string' && path.isAbsolute(value.path) && typeof value.name === 'string' && optionalString(value.branch) && optionalString(value.branchAt)) found.push(value);
        else fs.rmSync(path.join(this.dir, name), { force: true });
      } catch {
        fs.rmSync(path.join(this.dir, name), { force: true });
      }
    }
    return found;
  }
}

function optionalString(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}
