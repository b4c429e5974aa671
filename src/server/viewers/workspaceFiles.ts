// The files the palette's file picker offers: the workspace folder's files, without version-control
// and dependency folders, bounded so a huge tree never stalls the server.

import fs from 'node:fs';
import path from 'node:path';
import { MAX_PICKER_ENTRIES, MAX_PICKER_FILES } from '../../limits.js';

/** Folders nobody means to browse: version control, dependencies, build output, caches. */
const SKIPPED = new Set(['.git', '.hg', '.svn', 'node_modules', 'dist', 'build', 'target', '.venv', 'venv', '__pycache__', '.cache', '.next', 'coverage']);

export interface WorkspaceFiles {
  /** Paths relative to the root, folders before their contents, in name order. */
  files: string[];
  /** The walk stopped early (too many files or entries). */
  truncated: boolean;
}

export function listWorkspaceFiles(root: string): WorkspaceFiles {
  const files: string[] = [];
  let seen = 0;
  const queue = [''];
  while (queue.length > 0) {
    const dir = queue.shift() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      continue; // unreadable folders are left out
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (++seen > MAX_PICKER_ENTRIES || files.length >= MAX_PICKER_FILES) return { files, truncated: true };
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      // Symlinks are not followed: the viewer would refuse one that leads out anyway.
      if (entry.isDirectory() && !SKIPPED.has(entry.name)) queue.push(relative);
      else if (entry.isFile()) files.push(relative);
    }
  }
  return { files, truncated: false };
}
