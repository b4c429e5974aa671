// Answers a pane's question with that agent's own keys (Allow / Deny / Abort), under the answer rule: only a
// question waiting at the moment the keys are written (the screen is read again first), only the one meant when
// the caller names it, and only once.

import { keysForPane } from '../../term/keys/encode.js';
import type { Pane } from '../pane.js';
import { RefusedError } from '../workspace.js';
import { checkAnswer } from './answerRule.js';

export type Answer = 'allow' | 'deny' | 'abort';

/** Who answers, for `tessera explain` ("answered (allow, from the approval bar)"). */
export type AnswerOrigin = 'command' | 'approval bar';

/** Writes the answer; returns the id of the question it answered. `meant`: the question id the caller means. */
export function answerApproval(pane: Pane, answer: Answer, options: { meant?: string; origin?: AnswerOrigin } = {}): string {
  if (pane.kind !== 'agent') throw new RefusedError(`pane ${pane.id} is not an agent pane`);
  // An agent that is not installed (or has exited) has no monitor: it is still an agent pane, just not waiting.
  const monitor = pane.agentMonitor;
  const check = checkAnswer(pane.id, monitor?.questionNow(), options.meant);
  if (!check.ok || !monitor) throw new RefusedError(check.ok ? `no question is waiting in pane ${pane.id}` : check.message);
  const keys = keysForPane(monitor.detector.approvalKeys[answer], pane.inputModes);
  const origin = options.origin === 'approval bar' ? 'the approval bar' : `tessera ${commandName(answer)}`;
  if (!monitor.answer(check.question, { answer, origin }, answer === 'allow' ? 'running' : 'idle', () => pane.write(keys))) {
    throw new RefusedError(`pane ${pane.id} is not reading its input: the answer was not sent and the question still waits`);
  }
  return check.question.id;
}

const commandName = (answer: Answer): string => (answer === 'allow' ? 'approve' : answer);
