// Where tessera keeps workspace records and history, and which part of it belongs to one server.

import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { socketDirectory } from '../protocol/socketPath.js';

/** `$TESSERA_STATE_DIR`, else `$XDG_STATE_HOME/tessera`, else `~/.local/state/tessera`. */
export function stateDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TESSERA_STATE_DIR) return path.resolve(env.TESSERA_STATE_DIR);
  const base = env.XDG_STATE_HOME && path.isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : path.join(os.homedir(), '.local', 'state');
  return path.join(base, 'tessera');
}

/**
 * The state of one server: `-L a` and `-L b` never share records. A named server (`-L NAME`) keeps
 * its records under `servers/NAME`; a server on a socket given with `-S PATH` under a name derived
 * from that path, so the same path finds its records again after a restart.
 */
export function serverStateDirectory(socketPath: string, env: NodeJS.ProcessEnv = process.env): string {
  const resolved = path.resolve(socketPath);
  const named = path.dirname(resolved) === socketDirectory(env);
  const id = named ? path.basename(resolved) : `socket-${crypto.createHash('sha256').update(resolved).digest('hex').slice(0, 16)}`;
  return path.join(stateDirectory(env), 'servers', id);
}
