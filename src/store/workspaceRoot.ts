// Where managed worktrees and clones are made: <root>/<repo>/<name>.

import os from 'node:os';
import path from 'node:path';

/** `$TESSERA_WORKSPACE_ROOT`, else the `workspaceRoot` setting, else `$XDG_DATA_HOME/tessera/workspaces`. */
export function workspaceRoot(env: NodeJS.ProcessEnv, setting: string): string {
  if (env.TESSERA_WORKSPACE_ROOT) return path.resolve(env.TESSERA_WORKSPACE_ROOT);
  if (setting.startsWith('~/')) return path.join(os.homedir(), setting.slice(2));
  if (setting !== '') return path.resolve(setting);
  const data = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : path.join(os.homedir(), '.local', 'share');
  return path.join(data, 'tessera', 'workspaces');
}
