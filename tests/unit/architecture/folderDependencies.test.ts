// Which folder of src/ may use which at run time: the layers, lowest first. A new import across
// folders must fit this table (or the table changes, on purpose, in review); the table has no
// cycle, so no folder can reach back up. Type-only imports are free: they are gone after compiling.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sourceFiles } from './sourceImports.js';

/** Each folder (or top-level module) of src/ and what it may import besides itself. */
const MAY_USE: Record<string, readonly string[]> = {
  'limits.ts': [],
  'version.ts': [],
  os: [],
  term: ['limits.ts'],
  mosaic: ['limits.ts'],
  protocol: ['limits.ts'],
  pty: ['limits.ts'],
  boot: ['limits.ts'],
  git: ['limits.ts'],
  shell: ['limits.ts', 'pty'],
  agents: ['limits.ts', 'os', 'shell', 'term'],
  store: ['limits.ts', 'agents', 'protocol', 'shell', 'term'],
  client: ['limits.ts', 'boot', 'protocol', 'term'],
  /** Links to other machines' servers through ssh, and the bridge at their end. */
  remote: ['limits.ts', 'version.ts', 'client', 'protocol'],
  viewer: ['limits.ts', 'client', 'git', 'os', 'term'],
  /** The command definitions: what a command is, never how the server does it. */
  commands: ['limits.ts', 'version.ts', 'agents', 'git', 'os', 'protocol', 'store', 'term', 'viewer'],
  /** The chrome: drawn from a model, knows nothing of the server. */
  app: ['limits.ts', 'commands', 'git', 'store', 'term'],
  cli: ['limits.ts', 'version.ts', 'client', 'commands', 'git', 'os', 'protocol', 'remote', 'shell', 'store', 'term', 'viewer'],
  server: ['limits.ts', 'version.ts', 'agents', 'app', 'boot', 'commands', 'git', 'mosaic', 'os', 'protocol', 'pty', 'remote', 'shell', 'store', 'term', 'viewer'],
};

const SRC = path.join(ROOT, 'src');
const folderOf = (file: string): string => path.relative(SRC, file).split(path.sep)[0];

describe('folder dependencies', () => {
  it('every runtime import across folders of src/ is one the table allows', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles('src')) {
      const from = folderOf(file);
      for (const site of importsOf(file)) {
        if (site.typeOnly || !site.specifier.startsWith('.')) continue;
        const to = folderOf(path.resolve(path.dirname(file), site.specifier));
        if (to === from) continue;
        const allowed = MAY_USE[from];
        if (allowed === undefined) wrong.push(`${path.relative(ROOT, file)}: src/${from} is not in the table`);
        else if (!allowed.includes(to.replace(/\.js$/, '.ts'))) wrong.push(`${path.relative(ROOT, file)} imports ${site.specifier} (src/${from} may not use src/${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the table itself has no cycle', () => {
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (folder: string, trail: string[]): void => {
      if (state.get(folder) === 'done') return;
      if (state.get(folder) === 'visiting') throw new Error(`cycle: ${[...trail, folder].join(' -> ')}`);
      state.set(folder, 'visiting');
      for (const next of MAY_USE[folder] ?? []) visit(next, [...trail, folder]);
      state.set(folder, 'done');
    };
    for (const folder of Object.keys(MAY_USE)) visit(folder, []);
  });
});
