// The client must start fast: nothing it loads may pull in the UI, the emulator, or PTY code.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const HEAVY_PACKAGES = /^(ink|react|react-reconciler|@xterm\/.*|@lydell\/node-pty|node-pty|yoga-layout)$/;
const SERVER_ONLY_DIRS = ['server', 'app', 'pty', 'mosaic'].map((d) => path.join(SRC, d) + path.sep);

/** Every module reachable from `entry` through static and literal dynamic imports. */
function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)) {
      const isTypeOnly = /^\s*(?:import|export)\s+type\s/.test(match[0].trimStart());
      const spec = match[1] ?? match[2];
      if (isTypeOnly) continue;
      if (spec.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), spec).replace(/\.js$/, '');
        const candidates = [`${resolved}.ts`, `${resolved}.tsx`];
        const found = candidates.find((c) => fs.existsSync(c));
        if (found) queue.push(found);
      } else if (!spec.startsWith('node:')) {
        packages.add(spec);
      }
    }
  }
  return { files, packages };
}

describe('the client', () => {
  it('loads no UI library, emulator or PTY code on the way to attaching', () => {
    const { files, packages } = reachable(path.join(SRC, 'cli/main.ts'));
    expect([...packages].filter((p) => HEAVY_PACKAGES.test(p))).toEqual([]);
    const serverFiles = [...files].filter((f) => SERVER_ONLY_DIRS.some((d) => f.startsWith(d)));
    expect(serverFiles).toEqual([]);
    expect(files.size).toBeGreaterThan(10); // the walk really followed the imports
  });
});
