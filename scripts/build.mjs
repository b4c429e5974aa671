// Builds dist/: the client entry (dist/cli/main.js) and the server (dist/server/main.js), each
// bundled by esbuild with the code it loads later split into dist/chunks/. One file per entry
// instead of hundreds of modules, and React/Ink in their production builds, is what makes a control
// command, an attach and a cold start cost little more than starting node.
// Files that locate things relative to themselves (import.meta.url) rely on every output file being
// exactly one folder below dist/: dist/cli, dist/server, dist/chunks.

import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');

fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { 'cli/main': 'src/cli/main.ts', 'server/main': 'src/server/main.ts' },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // React, react-reconciler and Ink pick their development builds unless this is known to be production.
  define: { 'process.env.NODE_ENV': '"production"' },
  // The PTY library loads a native addon next to its own files; Ink's devtools are only for `DEV=true`.
  external: ['@lydell/node-pty', 'react-devtools-core'],
  // Bundled CommonJS packages may call require() for node's own modules.
  banner: { js: "import { createRequire as __tesseraRequire } from 'node:module'; const require = __tesseraRequire(import.meta.url);" },
  jsx: 'automatic',
  sourcemap: 'linked',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

const outputs = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
const misplaced = outputs.filter((f) => path.relative(outdir, path.join(root, f)).split(path.sep).length !== 2);
if (misplaced.length > 0) {
  console.error(`build: outputs must sit one folder below dist/: ${misplaced.join(', ')}`);
  process.exit(1);
}
