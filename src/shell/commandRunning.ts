// "Is a command running in this pane?": from OSC 133 when the shell reports it, else from the terminal's foreground group.

import { isForegroundBusy } from './foreground.js';
import type { ShellState } from './oscTracker.js';

/** Undefined when neither source can tell (no integration and the shell's /proc entry is gone). */
export function isCommandRunning(shell: ShellState, shellPid: number): boolean | undefined {
  if (shell.integrated) return shell.phase === 'running';
  return isForegroundBusy(shellPid);
}
