// Builds dist/: the client entry (dist/cli/main.js), the server (dist/server/main.js) and the file viewer
// that runs in viewer panes (dist/viewer/main.js), each
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
  entryPoints: { 'cli/main': 'src/cli/main.ts', 'server/main': 'src/server/main.ts', 'viewer/main': 'src/viewer/main.ts' },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // jsonc-parser's default (UMD) build requires its own files at run time, which a bundle lacks: use its ES build.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
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
// A relative require() left in the output points into a package folder that the bundle replaced.
const unresolved = outputs.filter((f) => /\brequire\d*\(\s*["']\.\.?\//.test(fs.readFileSync(path.join(root, f), 'utf8')));
if (unresolved.length > 0) {
  console.error(`build: relative require() calls left in ${unresolved.join(', ')}: a package needs its ES build (see 'alias')`);
  process.exit(1);
}
