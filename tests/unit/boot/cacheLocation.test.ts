// Where the code cache goes: beside the code when it can be written there, else the user's cache folder.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheDir } from '../../../src/boot/cacheLocation.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function dist(): { root: string; dist: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-cache-'));
  roots.push(root);
  fs.mkdirSync(path.join(root, 'dist'));
  return { root, dist: path.join(root, 'dist') };
}

describe('codeCacheDir', () => {
  it('is dist/cache when dist can be written', () => {
    const { dist: d } = dist();
    expect(codeCacheDir(d, { XDG_CACHE_HOME: '/elsewhere' })).toBe(path.join(d, 'cache'));
  });

  it("is the user's cache folder when dist cannot be written (a package installed by root)", () => {
    const { dist: d, root } = dist();
    const readOnly = () => false; // root may write anywhere: the permission check is played
    expect(codeCacheDir(d, { XDG_CACHE_HOME: path.join(root, 'xdg') }, readOnly)).toBe(path.join(root, 'xdg', 'tessera', 'code-cache'));
    expect(codeCacheDir(d, { HOME: root, XDG_CACHE_HOME: 'relative/ignored' }, readOnly)).toBe(path.join(os.homedir(), '.cache', 'tessera', 'code-cache'));
  });
});
