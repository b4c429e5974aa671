// The server process's entry point (started in the background by the first client). It loads the
// server's code, one CommonJS bundle (dist/server/server.cjs), through V8's code cache, so a cold
// start does not compile it all again. This entry is CommonJS too (dist/server/main.cjs): started as
// an ES module it cost every server start ~15–20 ms more (node's ES module loader).
// Chalk decides on colors when it is first imported, so the chrome's color level is set first.

import { fileURLToPath } from 'node:url';
import { loadYoga } from 'yoga-layout/load';
import { runWithCodeCache } from '../../boot/codeCache.js';
import { SERVER_ENV } from '../../limits.js';
import { restoreHeldVariables } from '../../boot/heldEnv.js';
import { codeCacheDir } from '../../boot/cacheLocation.js';
import { TAKE_OVER_ARG } from '../../protocol/handover.js';

// Read by the C allocator when the process started; the panes' programs must not inherit it.
for (const name of Object.keys(SERVER_ENV)) delete process.env[name];
// Kept from Node's start (see SERVER_HELD_ENV); the panes' programs get them as the user set them.
restoreHeldVariables(process.env);
process.env.FORCE_COLOR = '3';
process.env.COLORTERM = 'truecolor'; // chalk lets TERM lower FORCE_COLOR otherwise
const socketPath = process.argv[2];
if (!socketPath) {
  process.stderr.write('tessera server: missing socket path\n');
  process.exit(2);
}

/** The hash of dist/server/server.cjs, written in by scripts/build.mjs. */
declare const TESSERA_SERVER_BUNDLE_HASH: string;

async function boot(socket: string): Promise<void> {
  // Ink's layout engine (yoga) fetches its inlined WebAssembly through `fetch` when there is one,
  // which loads node's whole HTTP client first (~100 ms of a cold start); without it, yoga decodes
  // the bytes itself. The server never uses fetch, but it is put back all the same.
  const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  Reflect.set(globalThis, 'fetch', undefined);
  // yoga-layout's own entry starts with a top-level await, which a CommonJS file cannot have: its
  // loader is awaited here, and the bundle finds the result (src/boot/yogaFromEntry.ts).
  const yoga = await loadYoga();
  if (fetchProperty) Object.defineProperty(globalThis, 'fetch', fetchProperty);
  Reflect.set(globalThis, '__tesseraYoga', yoga);

  const bundle = runWithCodeCache(
    { file: fileURLToPath(new URL('./server.cjs', import.meta.url)), hash: TESSERA_SERVER_BUNDLE_HASH, require },
    codeCacheDir(fileURLToPath(new URL('..', import.meta.url))),
  );
  const { startServer, takeOverServer } = bundle.exports as typeof import('./startServer.js');
  // Started by a running server in an upgrade, to take its panes over (see handover/).
  if (process.argv[3] === TAKE_OVER_ARG) await takeOverServer(socket);
  else await startServer(socket);
  // Written (when missing or stale) as soon as the server listens: start-up's code only, which keeps
  // the cache small and quick to load (one written after a first attach was 1.2 MB and no faster).
  bundle.saveCache();
}

void boot(socketPath);
