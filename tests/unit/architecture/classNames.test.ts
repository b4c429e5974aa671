// Every class of src/ has a name of its own: two classes called the same (there were two Painters) send a
// reader, a search and a stack trace to the wrong file. Exported or not, each name is used once.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './sourceImports.js';

const CLASS = /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:abstract[ \t]+)?class[ \t]+([A-Za-z_$][\w$]*)/gm;

/** Class names declared in a source text. */
function classNames(text: string): string[] {
  return [...text.matchAll(CLASS)].map((match) => match[1]);
}

describe('class names', () => {
  it('finds declared classes, exported or not, and nothing in prose', () => {
    const text = 'export class A {}\nclass B extends A {}\nexport abstract class C {}\n// a class D in a comment\nconst e = class {};\n';
    expect(classNames(text)).toEqual(['A', 'B', 'C']);
  });

  it('no two classes of src/ have the same name', () => {
    const where = new Map<string, string[]>();
    for (const file of sourceFiles('src')) {
      for (const name of classNames(fs.readFileSync(file, 'utf8'))) where.set(name, [...(where.get(name) ?? []), path.relative(ROOT, file)]);
    }
    const twice = [...where].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(twice).toEqual([]);
  });
});
