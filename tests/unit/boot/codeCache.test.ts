// The client's code cache: used when it matches the bundle, ignored when stale or damaged, and never
// in the way when it cannot be written.

import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFileName, runWithCodeCache, type CacheFs } from '../../../src/boot/codeCache.js';

const require = createRequire(import.meta.url);
const SOURCE = path.resolve(import.meta.dirname, '../../../src/boot/codeCache.ts');
let dir: string;
let bundle: string;
let cacheDir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-codecache-'));
  bundle = path.join(dir, 'main.cjs');
  cacheDir = path.join(dir, 'cache');
});
afterEach(() => {
  fs.chmodSync(dir, 0o700);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A bundle whose answer tells which source ran; `answer` keeps the source's length the same. */
function writeBundle(answer: string, mtime: Date): void {
  fs.writeFileSync(bundle, `const path = require('node:path');\nexports.answer = () => ${JSON.stringify(answer)} + path.sep;\n`);
  fs.utimesSync(bundle, mtime, mtime);
}

const cacheFiles = () => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).filter((name) => name.endsWith('.v8')) : []);
const run = (hash: string, files?: CacheFs) => runWithCodeCache({ file: bundle, hash, require }, cacheDir, files);

/**
 * Loads the bundle in a new node process, as the launcher does, and saves the cache after it ran.
 * (Within one process V8 remembers what it compiled, so only a new process shows what the file did.)
 */
function runFresh(hash: string): { usedCache: boolean; answer: string } {
  const lib = path.join(dir, 'codeCache.cjs');
  if (!fs.existsSync(lib)) buildSync({ entryPoints: [SOURCE], outfile: lib, bundle: true, format: 'cjs', platform: 'node', logLevel: 'error' });
  const script = `
    const { runWithCodeCache } = require(${JSON.stringify(lib)});
    const bundle = runWithCodeCache({ file: ${JSON.stringify(bundle)}, hash: ${JSON.stringify(hash)}, require }, ${JSON.stringify(cacheDir)});
    const answer = bundle.exports.answer();
    bundle.saveCache();
    process.stdout.write(JSON.stringify({ usedCache: bundle.usedCache, answer }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { usedCache: boolean; answer: string };
}
const answerOf = (exports: unknown) => (exports as { answer: () => string }).answer();

describe('the code cache', () => {
  it('is written after a first run and used by the next one', () => {
    writeBundle('one', new Date(2020, 0, 1));
    expect(runFresh('aaaa')).toEqual({ usedCache: false, answer: `one${path.sep}` });
    expect(cacheFiles()).toHaveLength(1);
    expect(runFresh('aaaa')).toEqual({ usedCache: true, answer: `one${path.sep}` });
  });

  it('ignores the cache of another bundle with the same length, and removes it', () => {
    writeBundle('one', new Date(2020, 0, 1));
    runFresh('aaaa');
    const old = cacheFiles();
    writeBundle('two', new Date(2020, 0, 1)); // same length and time: only the build's hash differs
    expect(runFresh('bbbb')).toEqual({ usedCache: false, answer: `two${path.sep}` });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()).not.toEqual(old);
    expect(runFresh('bbbb')).toEqual({ usedCache: true, answer: `two${path.sep}` });
  });

  it('ignores the cache when the bundle was edited without a rebuild', () => {
    writeBundle('one', new Date(2020, 0, 1));
    runFresh('aaaa');
    writeBundle('two', new Date(2021, 0, 1)); // same hash recorded, but the file changed
    expect(runFresh('aaaa')).toEqual({ usedCache: false, answer: `two${path.sep}` });
  });

  it('compiles as usual when the cache file is damaged, and replaces it', () => {
    writeBundle('one', new Date(2020, 0, 1));
    runFresh('aaaa');
    const [name] = cacheFiles();
    fs.writeFileSync(path.join(cacheDir, name), 'not a V8 code cache');
    expect(runFresh('aaaa')).toEqual({ usedCache: false, answer: `one${path.sep}` });
    expect(runFresh('aaaa')).toEqual({ usedCache: true, answer: `one${path.sep}` });
  });

  it('runs the bundle all the same when the cache directory cannot be written', () => {
    writeBundle('one', new Date(2020, 0, 1));
    const failing: CacheFs = {
      ...fs,
      statSync: (file) => fs.statSync(file),
      readFileSync: (file) => fs.readFileSync(file),
      mkdirSync: () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    };
    const result = run('aaaa', failing);
    expect(answerOf(result.exports)).toBe(`one${path.sep}`);
    expect(() => result.saveCache()).not.toThrow();
    expect(cacheFiles()).toEqual([]);
  });

  it('tolerates a read-only folder for real, leaving no temporary file behind', () => {
    writeBundle('one', new Date(2020, 0, 1));
    fs.mkdirSync(cacheDir);
    fs.chmodSync(cacheDir, 0o500);
    const result = run('aaaa');
    expect(() => result.saveCache()).not.toThrow();
    fs.chmodSync(cacheDir, 0o700);
    // root ignores permissions: then the cache is simply written
    expect(fs.readdirSync(cacheDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('names the cache after the bundle, its hash, size, time and node', () => {
    const name = cacheFileName('/x/main.cjs', { hash: 'abc123', size: 10, mtimeMs: 5.4, runtime: 'v20.1.0-x64' });
    expect(name).toBe('main.cjs.abc123.10.5.v20.1.0-x64.v8');
    expect(cacheFileName('/x/main.cjs', { hash: '../../evil', size: 1, mtimeMs: 1, runtime: 'v/../x' })).not.toContain('/');
  });
});
