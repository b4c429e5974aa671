// What a pane's pill says, derived from what is known about its program (pure, so it is easy to test).

import type { PaneStatus } from '../app/chromeModel.js';

export interface PaneFacts {
  kind: 'shell' | 'command';
  exited: boolean;
  exitCode?: number;
  /** For shells: is a command running (from OSC 133, or the foreground process group)? */
  commandRunning?: boolean;
  /** Has the program shown anything (or reported a prompt) yet? */
  started: boolean;
}

export function paneStatus(facts: PaneFacts): PaneStatus {
  if (facts.exited) return facts.exitCode === 0 ? 'exited' : 'error';
  if (facts.kind === 'command') return 'running';
  if (!facts.started) return 'starting';
  return facts.commandRunning ? 'running' : 'idle';
}
