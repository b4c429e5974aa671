// The environment of a stack's hooks and services: the server's own without the GIT_* variables that
// point git at another repository (gitEnv.ts has the rule), plus the workspace's name, folder, slot,
// source repository and one TESSERA_PORT_<NAME> per port it got.

import { isGitContextVariable } from '../../git/gitEnv.js';
import { StackFiles } from './stackFiles.js';

export interface StackPlace {
  workspace: string;
  dir: string;
  slot: number;
  /** The repository a worktree was made from; the workspace's own folder otherwise. */
  sourceRepo: string;
  ports: Readonly<Record<string, number>>;
  /** The profile's database name prefix, when it sets one. */
  dbPrefix?: string;
}

/** Only the TESSERA_* variables of a workspace's stack (also given to its panes). */
export function stackVariables(place: StackPlace): Record<string, string> {
  const vars: Record<string, string> = {
    TESSERA_WORKSPACE: place.workspace,
    TESSERA_WORKSPACE_DIR: place.dir,
    TESSERA_SLOT: String(place.slot),
    TESSERA_SOURCE_REPO: place.sourceRepo,
  };
  for (const [name, port] of Object.entries(place.ports)) vars[`TESSERA_PORT_${name.toUpperCase()}`] = String(port);
  if (place.dbPrefix !== undefined) vars.TESSERA_DB_NAME = `${place.dbPrefix}${place.slot}`;
  return vars;
}

export function stackEnvironment(base: NodeJS.ProcessEnv, place: StackPlace): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    // A TESSERA_PORT_ of another workspace (the server's own environment) must not leak in.
    if (value === undefined || isGitContextVariable(key) || key.startsWith('TESSERA_PORT_') || key === 'TESSERA_PANE') continue;
    env[key] = value;
  }
  return { ...env, ...stackVariables(place) };
}

/**
 * For a workspace's panes: the slot and ports its stack recorded, when it has one (so the panes and
 * the services agree); its source repository is known only to the stack commands.
 */
export function recordedStackVariables(stacksDir: string): (name: string, dir: string) => Record<string, string> | undefined {
  return (name, dir) => {
    const runtime = new StackFiles(stacksDir, name).readRuntime();
    if (!runtime) return undefined;
    const vars = stackVariables({ workspace: name, dir, slot: runtime.slot, sourceRepo: dir, ports: runtime.ports });
    delete vars.TESSERA_SOURCE_REPO;
    return vars;
  };
}
