// The command line knows the server only through the wire: nothing in src/cli/ imports src/server/,
// not even a type (a result's type lives with the command's definition in src/commands/, or in
// src/protocol/, where both sides see it).

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, sourceFiles } from './sourceImports.js';

const SERVER = path.join(ROOT, 'src', 'server');

describe('the command line and the server', () => {
  it('no file of src/cli/ imports src/server/, type or not', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles('src/cli')) {
      for (const site of importsOf(file)) {
        if (!site.specifier.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), site.specifier);
        if (target === SERVER || target.startsWith(SERVER + path.sep)) wrong.push(`${path.relative(ROOT, file)} imports ${site.specifier}${site.typeOnly ? ' (type only)' : ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
