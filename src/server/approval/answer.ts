// Answers a pane's permission prompt with that agent's own keys (Allow / Deny / Abort).

import { keysForPane } from '../../term/keys/encode.js';
import type { Pane } from '../pane.js';
import { RefusedError } from '../workspace.js';

export type Answer = 'allow' | 'deny' | 'abort';

export function answerApproval(pane: Pane, answer: Answer): void {
  if (pane.kind !== 'agent') throw new RefusedError(`pane ${pane.id} is not an agent pane`);
  // An agent that is not installed (or has exited) has no monitor: it is still an agent pane, just not waiting.
  const monitor = pane.agentMonitor;
  if (!monitor || pane.status !== 'approval') throw new RefusedError(`pane ${pane.id} is not waiting for approval (it is ${pane.status})`);
  pane.write(keysForPane(monitor.detector.approvalKeys[answer], pane.inputModes));
  // The answer is given: the pill leaves "approval" as soon as the screen shows it.
  monitor.detectSoon();
}
