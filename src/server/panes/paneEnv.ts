// The environment every pane's program starts with.

import { isGitContextVariable } from '../../git/gitEnv.js';

/** Variables that describe the terminal tessera itself runs in; inside a pane they would be lies. */
const OUTER_TERMINAL_VARIABLES = ['TMUX', 'TMUX_PANE', 'STY', 'WINDOW', 'COLUMNS', 'LINES', 'TERM_PROGRAM_VERSION', 'TESSERA', 'TESSERA_PANE', 'TESSERA_PANE_TOKEN'];

export function paneEnvironment(
  base: NodeJS.ProcessEnv,
  pane: { id: number; socketPath: string; reportToken?: string },
  overrides: Record<string, string> = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  // The server's GIT_DIR and the like (from the shell that started it) would point every pane's git at
  // another repository; a workspace's own settings (overrides) may still set them.
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !OUTER_TERMINAL_VARIABLES.includes(key) && !isGitContextVariable(key)) env[key] = value;
  }
  env.TERM = 'xterm-256color';
  env.COLORTERM = 'truecolor';
  Object.assign(env, overrides);
  // Set last so a pane's own settings cannot point tessera's tools at another server or pane.
  env.TERM_PROGRAM = 'tessera';
  env.TESSERA = pane.socketPath;
  env.TESSERA_PANE = String(pane.id);
  // The pane's own secret: `tessera status` and the agents' hooks prove with it that they report for this pane.
  if (pane.reportToken !== undefined) env.TESSERA_PANE_TOKEN = pane.reportToken;
  return env;
}
