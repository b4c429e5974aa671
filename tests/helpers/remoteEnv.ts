// What the tests of other machines share: running a command with a deadline, and this machine's own
// tessera world (its settings with the hosts, socket and state) under a test's folder.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A command through ssh starts a node (and maybe a server) there: generous on a loaded machine. */
export const REMOTE_TIMEOUT_MS = 90_000;

export function run(file: string, args: string[], env: NodeJS.ProcessEnv, timeout = REMOTE_TIMEOUT_MS): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The local machine's TESSERA_* directories under `root`, made, with `config` as its settings. */
export function localTessera(root: string, config: Record<string, unknown>): NodeJS.ProcessEnv {
  const local = path.join(root, 'local');
  const env = {
    PATH: process.env.PATH,
    HOME: path.join(local, 'home'),
    LANG: 'C.UTF-8',
    TESSERA_TMPDIR: path.join(local, 'run'),
    TESSERA_CONFIG_DIR: path.join(local, 'config'),
    TESSERA_STATE_DIR: path.join(local, 'state'),
    TESSERA_WORKSPACE_ROOT: path.join(local, 'workspaces'),
  };
  fs.mkdirSync(env.HOME, { recursive: true });
  fs.mkdirSync(env.TESSERA_CONFIG_DIR, { recursive: true });
  fs.writeFileSync(path.join(env.TESSERA_CONFIG_DIR, 'config.json'), JSON.stringify(config));
  return env;
}
