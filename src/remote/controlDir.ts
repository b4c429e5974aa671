// Where ssh's shared connections (ControlMaster) keep their sockets: tessera's private runtime directory.

import path from 'node:path';
import { socketDirectory } from '../protocol/socketPath.js';
import { secureSocketDirectory } from '../protocol/socketSecurity.js';

/** The private runtime directory (the sockets' own) for ssh's shared connections; none when it cannot be made safe. */
export function controlDirectory(env: NodeJS.ProcessEnv): string | undefined {
  const dir = socketDirectory(env);
  try {
    secureSocketDirectory(path.join(dir, 'ssh'), { create: true, env });
    return dir;
  } catch {
    return undefined;
  }
}
