// The server process's entry point (started in the background by the first client).
// Chalk decides on colors when it is first imported, so the chrome's color level is set first.

import { SERVER_ENV } from '../limits.js';

// Read by the C allocator when the process started; the panes' programs must not inherit it.
for (const name of Object.keys(SERVER_ENV)) delete process.env[name];
process.env.FORCE_COLOR = '3';
process.env.COLORTERM = 'truecolor'; // chalk lets TERM lower FORCE_COLOR otherwise
const socketPath = process.argv[2];
if (!socketPath) {
  process.stderr.write('tessera server: missing socket path\n');
  process.exit(2);
}
// Ink's layout engine (yoga) fetches its inlined WebAssembly through `fetch` when there is one,
// which loads node's whole HTTP client first (~100 ms of a cold start); without it, yoga decodes
// the bytes itself. The server never uses fetch, but it is put back all the same.
const fetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
Reflect.set(globalThis, 'fetch', undefined);
const { startServer } = await import('./startServer.js');
if (fetchProperty) Object.defineProperty(globalThis, 'fetch', fetchProperty);
await startServer(socketPath);
