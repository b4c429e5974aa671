// Which server a command talks to: `-L NAME` or `-S PATH` when given, else (inside a pane) that pane's own
// server from `$TESSERA`, as tmux uses `$TMUX`, else the default server.

import path from 'node:path';
import { resolveSocketPath, socketDirectory } from '../protocol/socketPath.js';

export interface ServerChoice {
  socketPath: string;
  /** How to name the server in messages: `-L work` or `-S /path`. */
  serverLabel: string;
  /** The pane the command was typed in, when the command talks to that pane's server. */
  callerPane: string | undefined;
}

export function chooseServer(flags: { name?: string; socketFile?: string }, env: NodeJS.ProcessEnv): ServerChoice {
  const inside = env.TESSERA !== undefined && env.TESSERA !== '' ? path.resolve(env.TESSERA) : undefined;
  const explicit = flags.name !== undefined || flags.socketFile !== undefined;
  const socketPath = explicit || inside === undefined ? resolveSocketPath({ name: flags.name, path: flags.socketFile }, env) : inside;
  const callerPane = inside !== undefined && socketPath === inside ? env.TESSERA_PANE : undefined;
  return { socketPath, serverLabel: labelFor(socketPath, flags, env), callerPane };
}

function labelFor(socketPath: string, flags: { name?: string; socketFile?: string }, env: NodeJS.ProcessEnv): string {
  if (flags.socketFile !== undefined) return `-S ${flags.socketFile}`;
  if (flags.name !== undefined) return `-L ${flags.name}`;
  if (path.dirname(socketPath) === socketDirectory(env)) return `-L ${path.basename(socketPath)}`;
  return `-S ${socketPath}`;
}
