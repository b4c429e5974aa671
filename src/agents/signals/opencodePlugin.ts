// How opencode (checked against opencode-ai 1.18.33) gets its channel back to tessera: a plugin named in
// OPENCODE_CONFIG_CONTENT, a config opencode merges over the user's own (their plugins stay), so tessera sets that
// variable in the panes it starts and changes no file of the user's. The plugin file is tessera's, in its state
// directory (its text: src/server/agent/opencodePluginSource.ts).

import { pathToFileURL } from 'node:url';

/** The plugin's file name in tessera's state directory (`.mjs`: an ES module for any JavaScript runtime). */
export const OPENCODE_PLUGIN_FILE = 'opencode-plugin.mjs';

/** The variable that carries the plugin; when the user's environment already sets it, tessera leaves it alone. */
export const OPENCODE_SIGNAL_VARIABLE = 'OPENCODE_CONFIG_CONTENT';

/** The environment that makes opencode load the plugin at `file`. */
export function opencodeSignalEnv(file: string): Record<string, string> {
  return { [OPENCODE_SIGNAL_VARIABLE]: JSON.stringify({ plugin: [pathToFileURL(file).href] }) };
}
