// Path rules for workspaces: real paths, which workspace owns a folder, and staying inside a root.

import fs from 'node:fs';
import path from 'node:path';

/** The real path of `p`; for a path that does not exist yet, its deepest existing ancestor's real path plus the rest. */
export function realPath(p: string): string {
  const absolute = path.resolve(p);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** `child` is `parent` or inside it, comparing whole path components (`/w/app` holds `/w/app/src`, not `/w/app-old`). */
export function isWithin(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The workspace whose folder is the deepest one containing `dir` (compared by real path), if any. */
export function owningWorkspace<T extends { path: string }>(dir: string, workspaces: T[]): T | undefined {
  const real = realPath(dir);
  let best: T | undefined;
  for (const workspace of workspaces) {
    if (!isWithin(workspace.path, real)) continue;
    if (!best || workspace.path.length > best.path.length) best = workspace;
  }
  return best;
}

/**
 * `root/...parts`, refused when it leaves `root`: by `..` in a part, or by a symlink inside the root
 * that leads out (checked on the real paths of both). Returns the real path.
 */
export function pathUnderRoot(root: string, ...parts: string[]): string {
  for (const part of parts) {
    if (part === '' || part === '.' || part === '..' || part.includes('/') || part.includes('\0')) throw new Error(`'${part}' cannot be used as a folder name`);
  }
  const realRoot = realPath(root);
  const target = realPath(path.join(root, ...parts));
  if (!isWithin(realRoot, target) || target === realRoot) {
    throw new Error(`${path.join(root, ...parts)} leads outside ${root} (through a symbolic link); refusing to use it`);
  }
  return target;
}
