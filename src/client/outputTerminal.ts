// Which terminal the client's output goes to, so the server can write frames to it directly (as tmux
// does with the terminal a client hands it) instead of through the client: one process hop less for
// every frame, and a client that costs nothing while panes redraw. The server opens the terminal by
// its path and checks that it is this very file (same device and inode) before writing to it. When
// stdin is that terminal too, the server reads the keys from it as well (one hop less for every key).

import fs from 'node:fs';
import type { OutputTerminal } from '../protocol/messages.js';

/** Set to 1, every frame goes through the client (for tests of that path, or a terminal the server must not open). */
export const RELAY_OUTPUT_ENV = 'TESSERA_RELAY_OUTPUT';
/** Set to 1, the client reads the keys and sends them on itself, even when the server could read them. */
export const RELAY_INPUT_ENV = 'TESSERA_RELAY_INPUT';

/** The terminal behind stdout (Linux: read from /proc), or undefined when the server cannot be told of one. */
export function outputTerminal(env: NodeJS.ProcessEnv): OutputTerminal | undefined {
  if (env[RELAY_OUTPUT_ENV] === '1') return undefined;
  try {
    const path = fs.readlinkSync('/proc/self/fd/1');
    const stat = fs.fstatSync(1, { bigint: true });
    if (!path.startsWith('/dev/') || !stat.isCharacterDevice()) return undefined;
    return { path, dev: String(stat.dev), ino: String(stat.ino) };
  } catch {
    return undefined; // no /proc (not Linux), or stdout is not a file we can name
  }
}

/**
 * Whether stdin is `terminal` itself (the same device and inode as stdout), so the server may read
 * the keys from it directly, as it writes the frames. Not when stdin is another file (a pipe, a
 * second terminal) or RELAY_INPUT_ENV asks the client to relay them.
 */
export function keyboardIsTerminal(terminal: OutputTerminal, env: NodeJS.ProcessEnv): boolean {
  if (env[RELAY_INPUT_ENV] === '1') return false;
  try {
    const stat = fs.fstatSync(0, { bigint: true });
    return stat.isCharacterDevice() && String(stat.dev) === terminal.dev && String(stat.ino) === terminal.ino;
  } catch {
    return false;
  }
}
