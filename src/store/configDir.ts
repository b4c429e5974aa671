// Where tessera keeps the user's configuration.

import os from 'node:os';
import path from 'node:path';

export function configDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TESSERA_CONFIG_DIR) return path.resolve(env.TESSERA_CONFIG_DIR);
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(base, 'tessera');
}
