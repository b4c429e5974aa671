// Small file-system readers the session finders share; every one is asynchronous and never throws.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface FileStat {
  file: string;
  mtimeMs: number;
}

/** Files in `dir` whose names match, with their modification times; [] when the folder is missing. */
export async function listFiles(dir: string, name: RegExp): Promise<FileStat[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const stats = await Promise.all(
    names
      .filter((n) => name.test(n))
      .map(async (n) => {
        const file = path.join(dir, n);
        try {
          return { file, mtimeMs: (await fs.stat(file)).mtimeMs };
        } catch {
          return undefined;
        }
      }),
  );
  return stats.filter((s): s is FileStat => s !== undefined);
}

/** Sub-folder names of `dir`; [] when it is missing. */
export async function listDirs(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
}

/** The first line of a file (at most `limit` bytes read), or undefined. */
export async function firstLine(file: string, limit = 64 * 1024): Promise<string | undefined> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const buffer = Buffer.alloc(limit);
    const { bytesRead } = await handle.read(buffer, 0, limit, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    const end = text.indexOf('\n');
    return end < 0 ? text : text.slice(0, end);
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/** The first line parsed as a JSON object, or undefined. */
export async function firstJsonLine(file: string): Promise<Record<string, unknown> | undefined> {
  const line = await firstLine(file);
  if (line === undefined) return undefined;
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** The pane's home folder: its HOME, else ours. */
export const homeOf = (env: Record<string, string>): string => env.HOME || os.homedir();

/** Sessions written since the process started (a second of slack for file systems with coarse times). */
export const CLOCK_SLACK_MS = 1000;

/** The newest of `files` not named by a claimed id, as its id (`idOf` reads the id from a path). */
export function newestUnclaimed(files: FileStat[], idOf: (file: string) => string | undefined, claimed: ReadonlySet<string>): string | undefined {
  const sorted = [...files].sort((a, b) => b.mtimeMs - a.mtimeMs);
  for (const { file } of sorted) {
    const id = idOf(file);
    if (id !== undefined && !claimed.has(id)) return id;
  }
  return undefined;
}
