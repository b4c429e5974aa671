// Runs a CommonJS bundle with V8's code cache, so a command that starts many times (control
// commands in a script's loop) compiles the client's code once instead of on every start.
// The cache file's name carries the bundle's identity: the hash of its bytes that the build
// recorded, its size and modification time, and node's version and architecture. A rebuilt or
// edited bundle, or another node, never meets a cache made for something else (V8 itself only
// compares the source's length). The hash comes from the build because hashing the bytes at every
// start would cost more than the cache saves (node:crypto alone takes ~3 ms to load). A cache that
// is missing, stale, rejected by V8 or cannot be written just means compiling as usual.

import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/** The file system calls the cache makes (tests pass failing ones). */
export interface CacheFs {
  readFileSync(file: string): Buffer;
  statSync(file: string): { size: number; mtimeMs: number };
  writeFileSync(file: string, data: Uint8Array): void;
  renameSync(from: string, to: string): void;
  mkdirSync(dir: string, options: { recursive: true }): unknown;
  readdirSync(dir: string): string[];
  rmSync(file: string, options: { force: true }): void;
}

export interface CachedBundle {
  /** What the bundle put in module.exports. */
  exports: unknown;
  /** Whether V8 used a cache file to compile the bundle. */
  usedCache: boolean;
  /**
   * Writes the cache when there was none usable, after the bundle ran, so it holds the functions
   * that ran too. Never throws: an unwritable cache directory only means no cache.
   */
  saveCache(): void;
}

export interface BundleIdentity {
  /** The hash of the bundle's bytes, as the build recorded it. */
  hash: string;
  size: number;
  mtimeMs: number;
  /** Node's version and architecture: V8's cache is only good for the V8 that made it. */
  runtime: string;
}

/** `main.cjs.<hash>.<size>.<mtime>.<node>-<arch>.v8`: the bundle's name and identity. */
export function cacheFileName(bundleFile: string, id: BundleIdentity): string {
  const hash = id.hash.replace(/[^0-9a-zA-Z]/g, '').slice(0, 16) || 'nohash';
  return `${path.basename(bundleFile)}.${hash}.${id.size}.${Math.round(id.mtimeMs)}.${id.runtime.replace(/[^0-9a-zA-Z.-]/g, '')}.v8`;
}

/** What a CommonJS file is wrapped in; node:module has the same, but loading it costs a control command ~2 ms. */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) { ';
const WRAPPER_END = '\n});';

export interface BundleSpec {
  /** The CommonJS file to run. */
  file: string;
  /** The hash of its bytes that the build recorded. */
  hash: string;
  /** The require() it gets: the bundle only asks for node's own modules. */
  require: NodeJS.Require;
}

/** Loads and runs a CommonJS bundle with the code cache kept in `cacheDir`. */
export function runWithCodeCache({ file: bundleFile, hash: bundleHash, require }: BundleSpec, cacheDir: string, files: CacheFs = fs): CachedBundle {
  const source = files.readFileSync(bundleFile);
  const { size, mtimeMs } = files.statSync(bundleFile);
  const identity = { hash: bundleHash, size, mtimeMs, runtime: `${process.version}-${process.arch}` };
  const cacheFile = path.join(cacheDir, cacheFileName(bundleFile, identity));
  const cachedData = readIfPresent(files, cacheFile);
  const script = new vm.Script(`${WRAPPER_START}${source.toString('utf8')}${WRAPPER_END}`, { filename: bundleFile, cachedData });
  const usedCache = cachedData !== undefined && !script.cachedDataRejected;
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, require, module, bundleFile, path.dirname(bundleFile));
  let saved = usedCache;
  return {
    exports: module.exports,
    usedCache,
    saveCache() {
      if (saved) return;
      saved = true;
      writeCache(files, bundleFile, cacheDir, cacheFile, script.createCachedData());
    },
  };
}

function readIfPresent(files: CacheFs, file: string): Buffer | undefined {
  try {
    return files.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes through a temporary file and a rename (a concurrent start never reads half a cache), then drops caches of older bundles. */
function writeCache(files: CacheFs, bundleFile: string, cacheDir: string, cacheFile: string, data: Buffer): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  try {
    files.mkdirSync(cacheDir, { recursive: true });
    files.writeFileSync(temporary, data);
    files.renameSync(temporary, cacheFile);
  } catch {
    try {
      files.rmSync(temporary, { force: true });
    } catch {
      // nothing was written
    }
    return;
  }
  const bundleName = path.basename(bundleFile);
  try {
    for (const name of files.readdirSync(cacheDir)) {
      const older = name.startsWith(`${bundleName}.`) && name.endsWith('.v8') && path.join(cacheDir, name) !== cacheFile;
      if (older) files.rmSync(path.join(cacheDir, name), { force: true });
    }
  } catch {
    // an old cache left behind costs only disk space
  }
}
