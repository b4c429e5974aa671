// Reads what a source file imports, for the tests that keep the tree's dependency rules.

import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ImportSite {
  file: string;
  specifier: string;
  /** `import type …` / `export type …`: gone after compilation. */
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s(type\s)?[^'"`;]*?from\s+['"]([^'"]+)['"]|(?:^|[^.\w])import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

/** Every literal import (static, dynamic, side-effect) in one file. */
export function importsOf(file: string): ImportSite[] {
  const text = fs.readFileSync(file, 'utf8');
  const sites: ImportSite[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[3] ?? match[4] ?? match[5];
    sites.push({ file, specifier, typeOnly: match[2] !== undefined });
  }
  return sites;
}

/** The source files under a folder of the repository (TypeScript and JavaScript), skipping dependencies and build output. */
export function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'results') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(path.join(ROOT, folder));
  return out;
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`), or undefined for a relative path or a Node built-in. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
