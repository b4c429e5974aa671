// Every package the code imports is declared in package.json: shipped code only from `dependencies`,
// tests, the bench and the build scripts also from `devDependencies`. A package that resolves only
// because another one brought it along would vanish (or change) with that package's next release.

import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importsOf, packageOf, sourceFiles } from './sourceImports.js';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const runtime = new Set(Object.keys(manifest.dependencies));
const development = new Set([...runtime, ...Object.keys(manifest.devDependencies)]);
const builtins = new Set(builtinModules);

/** `file: package` for each import of a package not in `allowed` (type-only imports count too: tsc resolves them). */
function undeclared(folders: string[], allowed: Set<string>): string[] {
  const found: string[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(folder)) {
      if (file.includes(`${path.sep}tests${path.sep}agents${path.sep}`)) continue; // its own package.json (the pinned agent CLIs)
      for (const site of importsOf(file)) {
        const name = packageOf(site.specifier);
        if (name === undefined || builtins.has(name) || allowed.has(name)) continue;
        found.push(`${path.relative(ROOT, file)}: ${name}`);
      }
    }
  }
  return found;
}

describe('imported packages', () => {
  it('are all dependencies, for the shipped code (src, bin)', () => {
    expect(undeclared(['src', 'bin'], runtime)).toEqual([]);
  });

  it('are all declared, for tests, the bench and the build scripts', () => {
    expect(undeclared(['tests', 'bench', 'scripts'], development)).toEqual([]);
  });

  it('are found by the scan (it really reads the imports)', () => {
    const packages = new Set(sourceFiles('src').flatMap((f) => importsOf(f).map((s) => packageOf(s.specifier))));
    expect(packages).toContain('ink');
    expect(packages).toContain('@xterm/headless');
  });
});
