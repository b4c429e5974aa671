#!/usr/bin/env node
// Regenerates the .d.ts next to the benchmark's pure modules, which the TypeScript unit tests
// (tests/unit/bench) import: node bench/tools/emit-types.js
//
// The modules are JavaScript with JSDoc types; tsc writes their declarations. Old declarations
// are removed first, or tsc would read them as inputs and refuse to overwrite them.

import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BENCH = fileURLToPath(new URL('..', import.meta.url));

/** The modules with declarations, relative to bench/. */
const MODULES = [
  'settings.js',
  'budgets.js',
  'lib/stats.js',
  'lib/format.js',
  'lib/report.js',
  'lib/options.js',
  'lib/colored-text.js',
  'lib/plain-text.js',
  'lib/pane-layout.js',
  'workloads/frame-tag.js',
];

const declarationOf = (/** @type {string} */ module) => `${BENCH}${module.replace(/\.js$/, '.d.ts')}`;

for (const module of MODULES) rmSync(declarationOf(module), { force: true });
execFileSync(
  process.execPath,
  [
    fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url)),
    ...['--allowJs', '--declaration', '--emitDeclarationOnly', '--strict', '--skipLibCheck'],
    ...['--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022'],
    ...['--rootDir', BENCH, '--outDir', BENCH],
    ...MODULES.map((module) => `${BENCH}${module}`),
  ],
  { stdio: 'inherit' },
);
for (const module of MODULES) {
  const path = declarationOf(module);
  const header = `// Generated from ${module.split('/').pop()} by \`node bench/tools/emit-types.js\`; do not edit.\n`;
  writeFileSync(path, header + readFileSync(path, 'utf8'));
}
process.stdout.write(`wrote ${MODULES.length} declaration files\n`);
