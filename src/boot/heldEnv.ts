// Environment variables that would cost the server's Node start work it does not need (SERVER_HELD_ENV):
// the client moves each to another name when it starts the server, and the server moves it back
// first thing, so panes and the programs they run see the environment exactly as the user set it.

import { SERVER_HELD_ENV, heldEnvName } from '../limits.js';

/** The environment to start the server with: every held variable travels under its held name. */
export function withHeldVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of SERVER_HELD_ENV) {
    const value = out[name];
    delete out[name];
    // Set or removed either way, so a stray variable of that name in the user's environment is never taken for one.
    if (value === undefined) delete out[heldEnvName(name)];
    else out[heldEnvName(name)] = value;
  }
  return out;
}

/** Puts the held variables back under their own names (in the server, before anything reads them). */
export function restoreHeldVariables(env: NodeJS.ProcessEnv): void {
  for (const name of SERVER_HELD_ENV) {
    const value = env[heldEnvName(name)];
    delete env[heldEnvName(name)];
    if (value !== undefined) env[name] = value;
  }
}
