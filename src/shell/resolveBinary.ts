// Turns a command into the absolute path of the program to spawn: a user pin, else an explicit path,
// else a PATH scan. Never relative to the pane's directory, so a stray `./claude` there cannot shadow the real CLI.

import fs from 'node:fs';
import path from 'node:path';

export interface FileStat {
  isFile: boolean;
  mode: number;
  uid?: number;
}

/** The filesystem as the resolver sees it; tests pass a fake. Every path it is given is absolute. */
export interface BinaryFs {
  /** Follows symlinks; undefined when nothing is there. */
  stat(file: string): FileStat | undefined;
  readFile(file: string): string | undefined;
  access(file: string, mode: number): boolean;
}

export interface ResolveBinaryOptions {
  /** tessera's config directory (see store/configDir.ts); pins live in `<configDir>/bin/<name>`. */
  configDir: string;
  /** The PATH to scan; relative and empty entries are skipped. */
  envPath: string | undefined;
  /**
   * The directory the user's request came from (e.g. the shell that ran `tessera new`), used only to
   * resolve an explicit relative path such as `./tools/nu`. Never the pane's cwd: a pane's directory is
   * a project the user may not control, and a file there must not decide which program runs.
   */
  requestDir?: string;
  /** When set, a pin file owned by another user is refused (it decides what runs with this user's rights). */
  uid?: number;
  fs?: BinaryFs;
}

export type BinarySource = 'pin' | 'explicit' | 'path';
export type BinaryResolution =
  | { ok: true; path: string; source: BinarySource }
  | { ok: false; reason: 'not-found' | 'bad-pin' | 'not-executable'; message: string };

export const realBinaryFs: BinaryFs = {
  stat(file) {
    try {
      const stats = fs.statSync(file);
      return { isFile: stats.isFile(), mode: stats.mode, uid: stats.uid };
    } catch {
      return undefined;
    }
  },
  readFile(file) {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  },
  access(file, mode) {
    try {
      fs.accessSync(file, mode);
      return true;
    } catch {
      return false;
    }
  },
};

/** Write permission for users other than the owner and group. */
const WORLD_WRITABLE = 0o002;

/**
 * Resolves `command` in this order:
 * 1. a pin file `<configDir>/bin/<command>` (bare names only) holding an absolute path; a broken pin is an
 *    error, never a silent fall-through to PATH, so the user learns their pin is stale;
 * 2. an explicit path when the command contains `/`: absolute, or relative to `requestDir`;
 * 3. the first executable regular file in an absolute PATH entry.
 */
export function resolveBinary(command: string, options: ResolveBinaryOptions): BinaryResolution {
  const files = options.fs ?? realBinaryFs;
  if (command.includes('/')) return resolveExplicit(command, options, files);
  if (command === '' || command === '.' || command === '..' || command.includes('\0')) {
    return { ok: false, reason: 'not-found', message: `'${command}' is not a program name` };
  }
  const pinFile = path.join(options.configDir, 'bin', command);
  const pin = files.stat(pinFile);
  if (pin) return resolvePin(pinFile, pin, options, files);
  return scanPath(command, pinFile, options, files);
}

function resolvePin(pinFile: string, pin: FileStat, options: ResolveBinaryOptions, files: BinaryFs): BinaryResolution {
  const bad = (message: string): BinaryResolution => ({ ok: false, reason: 'bad-pin', message });
  if (!pin.isFile) return bad(`pin file ${pinFile} is not a regular file; it should contain the program's absolute path`);
  if (pin.mode & WORLD_WRITABLE) return bad(`pin file ${pinFile} is writable by every user; run chmod o-w on it`);
  if (options.uid !== undefined && pin.uid !== undefined && pin.uid !== options.uid) {
    return bad(`pin file ${pinFile} belongs to another user (uid ${pin.uid}); only your own pin files are used`);
  }
  const content = files.readFile(pinFile);
  if (content === undefined) return bad(`pin file ${pinFile} cannot be read`);
  const target = content.trim();
  if (target === '') return bad(`pin file ${pinFile} is empty; write the program's absolute path into it, or delete it`);
  if (!path.isAbsolute(target)) return bad(`pin file ${pinFile} points to ${target}, which is not an absolute path`);
  const stat = files.stat(target);
  if (!stat) return bad(`pin file ${pinFile} points to ${target}, which does not exist`);
  if (!stat.isFile || !files.access(target, fs.constants.X_OK)) {
    return { ok: false, reason: 'not-executable', message: `pin file ${pinFile} points to ${target}, which is not an executable file` };
  }
  return { ok: true, path: target, source: 'pin' };
}

function resolveExplicit(command: string, options: ResolveBinaryOptions, files: BinaryFs): BinaryResolution {
  let target: string;
  if (path.isAbsolute(command)) {
    target = path.normalize(command);
  } else if (options.requestDir !== undefined && path.isAbsolute(options.requestDir)) {
    target = path.resolve(options.requestDir, command);
  } else {
    return { ok: false, reason: 'not-found', message: `${command} is a relative path and there is no request directory to resolve it against; give an absolute path` };
  }
  const stat = files.stat(target);
  if (!stat) return { ok: false, reason: 'not-found', message: `${target} does not exist` };
  if (!stat.isFile || !files.access(target, fs.constants.X_OK)) {
    return { ok: false, reason: 'not-executable', message: `${target} is not an executable file` };
  }
  return { ok: true, path: target, source: 'explicit' };
}

function scanPath(command: string, pinFile: string, options: ResolveBinaryOptions, files: BinaryFs): BinaryResolution {
  let skippedRelative = false;
  for (const dir of (options.envPath ?? '').split(':')) {
    if (dir === '') continue;
    // A relative entry (`.`, `bin`) would resolve against whatever directory the server happens to be in.
    if (!path.isAbsolute(dir)) {
      skippedRelative = true;
      continue;
    }
    const candidate = path.join(dir, command);
    const stat = files.stat(candidate);
    if (stat?.isFile && files.access(candidate, fs.constants.X_OK)) return { ok: true, path: candidate, source: 'path' };
  }
  const skipped = skippedRelative ? ' (relative PATH entries are ignored)' : '';
  return {
    ok: false,
    reason: 'not-found',
    message: `${command} was not found in PATH${skipped}; install it, or write its absolute path into ${pinFile}`,
  };
}
