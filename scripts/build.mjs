// Builds dist/ (what the package ships; `npm pack` runs this first): the server (dist/server/main.cjs, which loads yoga and then dist/server/server.cjs
// through V8's code cache), the file viewer that runs in viewer panes (dist/viewer/main.js, bundled
// by esbuild with the code it loads later split into dist/chunks/);
// and the client (dist/cli/main.cjs), one CommonJS file with every command in it, started by
// dist/cli/launcher.cjs through V8's code cache (src/boot/), beside a small one for the read-only
// queries scripts run in loops (dist/cli/quick.cjs, src/cli/quick.ts). One file per entry instead of hundreds
// of modules, and React/Ink in their production builds, is what makes a control command, an attach
// and a cold start cost little more than starting node. The client is CommonJS because node's ES
// module loader costs a control command several milliseconds (and its view of node:fs loads all
// of fs's streams), and because only a classic script can use V8's code cache on Node 20.
// Files that locate things relative to themselves (import.meta.url) rely on every output file being
// exactly one folder below dist/: dist/cli, dist/server, dist/chunks.

import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { escapeNonAscii } from './asciiOnly.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');

fs.rmSync(outdir, { recursive: true, force: true });
/** Every output of a build made pure ASCII (scripts/asciiOnly.mjs), before anything hashes it. */
const asciiOnly = (result) => {
  for (const file of Object.keys(result.metafile.outputs)) if (/\.c?js$/.test(file)) escapeNonAscii(path.join(root, file));
  return result;
};
const common = {
  absWorkingDir: root,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  // jsonc-parser's default (UMD) build requires its own files at run time, which a bundle lacks: use its ES build.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
  // The PTY library loads a native addon next to its own files; Ink's devtools are only for `DEV=true`.
  external: ['@lydell/node-pty', 'react-devtools-core'],
  jsx: 'automatic',
  sourcemap: 'linked',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  // Regular expressions with the `v` flag (string-width's emoji pattern) stay literals: Node 20 has
  // the flag, and `new RegExp(…, 'v')`, esbuild's stand-in, costs 25–50 ms at every start.
  supported: { 'regexp-set-notation': true },
};
const clientOptions = {
  ...common,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  // import() of node's own modules becomes require(): code run through the code cache (a vm.Script) has no ES module loader.
  supported: { ...common.supported, 'dynamic-import': false },
  // The client's code finds the server's entry relative to itself (import.meta.url in the sources).
  define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '__tesseraFileUrl' },
  banner: { js: "const __tesseraFileUrl = require('node:url').pathToFileURL(__filename).href;" },
};
/**
 * Ink's reconciler awaits its devtools and its package.json at the top level when DEV=true, which a
 * CommonJS bundle cannot do; tessera never runs Ink's devtools, so those two awaits are taken out.
 * @type {import('esbuild').Plugin}
 */
const inkWithoutDevtools = {
  name: 'ink-without-devtools',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const patched = source.replace("await import('./devtools.js');", 'void 0;').replace('? await loadPackageJson()', '? { name: undefined, version: undefined }');
      if (/\bawait\b(?!\s+import\('node:fs'\))/.test(patched.replace(/async function[\s\S]*?\n}/g, ''))) {
        throw new Error("Ink's reconciler.js has a top-level await this build does not know: see scripts/build.mjs (inkWithoutDevtools)");
      }
      return { contents: patched, loader: 'js' };
    });
  },
};
/**
 * The server's chrome renders through tessera's own Output and a remembering widest-line
 * (src/app/ink/chromeOutput.ts explains why): the same text as Ink's, for a fraction of the work.
 * @type {import('esbuild').Plugin}
 */
const inkChromeOutput = {
  name: 'ink-chrome-output',
  setup(pluginBuild) {
    const fromInk = (importer) => /[\\/]ink[\\/]build[\\/][^\\/]+\.js$/.test(importer);
    pluginBuild.onResolve({ filter: /^\.\/output\.js$/ }, (args) => (fromInk(args.importer) ? { path: path.join(root, 'src/app/ink/chromeOutput.ts') } : undefined));
    pluginBuild.onResolve({ filter: /^widest-line$/ }, (args) => (fromInk(args.importer) ? { path: path.join(root, 'src/app/ink/widestLine.ts') } : undefined));
  },
};
const serverBuild = (async () => {
  const server = asciiOnly(await build({
    ...clientOptions,
    entryPoints: { 'server/server': 'src/server/process/startServer.ts' },
    alias: { ...common.alias, 'yoga-layout': './src/boot/yogaFromEntry.ts' },
    plugins: [inkWithoutDevtools, inkChromeOutput],
  }));
  // The server's entry names its code cache after this hash (src/boot/codeCache.ts).
  const hash = createHash('sha256').update(fs.readFileSync(path.join(outdir, 'server', 'server.cjs'))).digest('hex');
  // CommonJS like the client: node starts it without its ES module loader.
  const entry = asciiOnly(await build({
    ...clientOptions,
    entryPoints: { 'server/main': 'src/server/process/main.ts' },
    define: { ...clientOptions.define, TESSERA_SERVER_BUNDLE_HASH: JSON.stringify(hash) },
  }));
  const entries = asciiOnly(await build({
    ...common,
    entryPoints: { 'viewer/main': 'src/viewer/main.ts' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    format: 'esm',
    // React, react-reconciler and Ink pick their development builds unless this is known to be production.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Bundled CommonJS packages may call require() for node's own modules.
    banner: { js: "import { createRequire as __tesseraRequire } from 'node:module'; const require = __tesseraRequire(import.meta.url);" },
  }));
  return [server, entry, entries];
})();
const clientBuild = (async () => {
  const client = asciiOnly(await build({ ...clientOptions, entryPoints: { 'cli/main': 'src/cli/main.ts' } }));
  // The read-only queries scripts run in loops, in a bundle of their own a tenth of the client's size (src/cli/quick.ts).
  const quick = asciiOnly(await build({ ...clientOptions, entryPoints: { 'cli/quick': 'src/cli/quick.ts' } }));
  // The launcher names each bundle's code cache after its hash (src/boot/codeCache.ts).
  const hashOf = (name) => JSON.stringify(createHash('sha256').update(fs.readFileSync(path.join(outdir, 'cli', name))).digest('hex'));
  const launcher = asciiOnly(await build({
    ...clientOptions,
    entryPoints: { 'cli/launcher': 'src/boot/launchClient.ts' },
    define: { ...clientOptions.define, TESSERA_CLIENT_BUNDLE_HASH: hashOf('main.cjs'), TESSERA_QUICK_BUNDLE_HASH: hashOf('quick.cjs') },
  }));
  return [client, quick, launcher];
})();
const results = [...(await serverBuild), ...(await clientBuild)];
// The shells' integration scripts (src/shell/integration.ts finds them one folder up from the server's bundle).
fs.cpSync(path.join(root, 'src/shell/scripts'), path.join(outdir, 'shell/scripts'), { recursive: true });

const outputs = results.flatMap((result) => Object.keys(result.metafile.outputs)).filter((f) => /\.c?js$/.test(f));
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
// The client runs in a vm.Script (for the code cache), which has no loader for import().
const dynamicImports = outputs.filter((f) => f.endsWith('.cjs') && /\bimport\(\s*["'`]/.test(fs.readFileSync(path.join(root, f), 'utf8')));
if (dynamicImports.length > 0) {
  console.error(`build: import() left in ${dynamicImports.join(', ')}: the client's code runs without an ES module loader`);
  process.exit(1);
}
