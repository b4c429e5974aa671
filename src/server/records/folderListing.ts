// What a folder holds, for a preflight of a folder git cannot read: relative paths of its files (a
// `.git` folder as one entry: its insides are git's, not the user's), symbolic links never followed,
// bounded in count so a huge tree cannot stall the server.

import fs from 'node:fs';
import path from 'node:path';
import { FOLDER_LISTING_MAX_ENTRIES } from '../../limits.js';

export interface FolderListing {
  files: string[];
  /** False when the listing stopped at its limit or a subfolder could not be read. */
  complete: boolean;
}

export function listFolder(dir: string, max = FOLDER_LISTING_MAX_ENTRIES): FolderListing {
  const files: string[] = [];
  let complete = true;
  const pending = [''];
  while (pending.length > 0) {
    const relative = pending.shift() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(dir, relative), { withFileTypes: true });
    } catch {
      complete = false;
      if (relative !== '') files.push(`${relative}/ (unreadable)`);
      continue;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (files.length >= max) return { files, complete: false };
      if (entry.isDirectory() && !(relative === '' && entry.name === '.git')) pending.push(name);
      else files.push(entry.isDirectory() ? `${name}/` : name);
    }
  }
  return { files, complete };
}
