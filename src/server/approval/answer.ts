// Answers a pane's question with that agent's own keys (Allow / Deny / Abort), under the answer rule: only a
// question waiting at the moment the keys are written (the screen is read again first), only the one meant when
// the caller names it, and only once. Every answer written goes into the answer log, whoever gave it.

import type { AnswerVia } from '../../commands/approvals.js';
import { keysForPane } from '../../term/keys/encode.js';
import type { AgentWatches } from '../agent/agentSupervisor.js';
import type { Pane } from '../panes/pane.js';
import { RefusedError, type Workspace } from '../workspaces/workspace.js';
import type { AnswerJournal } from './answerJournal.js';
import { checkAnswer } from './answerRule.js';

export type Answer = 'allow' | 'deny' | 'abort';

/** Who answers, for the answer log and `tessera explain` ("answered (allow, from the approval bar)"). */
export interface AnswerOrigin {
  via: AnswerVia;
  /** Which client ("client 2 on /dev/pts/4") or which command ("tessera approve"). */
  client: string;
}

export interface AnswerOptions {
  /** The question id the caller means. */
  meant?: string;
  origin: AnswerOrigin;
  /** Where the answer is logged. */
  journal: AnswerJournal;
  /** Whose monitor knows the question waiting and takes the answer. */
  agents: AgentWatches;
}

/** Writes the answer; returns the id of the question it answered. */
export function answerApproval(target: { pane: Pane; workspace: Workspace }, answer: Answer, options: AnswerOptions): string {
  const { pane } = target;
  if (pane.kind !== 'agent') throw new RefusedError(`pane ${pane.id} is not an agent pane`);
  // Its last screen may still show a question: nothing reads an answer to it.
  if (pane.asleep) throw new RefusedError(`pane ${pane.id} is asleep: no question waits in it ('tessera wake -t ${pane.id}' starts its agent again)`);
  // An agent that is not installed (or has exited) has no monitor: it is still an agent pane, just not waiting.
  const monitor = options.agents.monitorOf(pane);
  const check = checkAnswer(pane.id, monitor?.questionNow(), options.meant);
  if (!check.ok || !monitor) throw new RefusedError(check.ok ? `no question is waiting in pane ${pane.id}` : check.message);
  const keys = keysForPane(monitor.detector.approvalKeys[answer], pane.inputModes);
  if (!monitor.answer(check.question, { answer, origin: howText(options.origin, answer) }, answer === 'allow' ? 'running' : 'idle', () => pane.write(keys))) {
    throw new RefusedError(`pane ${pane.id} is not reading its input: the answer was not sent and the question still waits`);
  }
  options.journal.append({
    time: new Date().toISOString(),
    workspace: target.workspace.name,
    pane: pane.id,
    agent: pane.agent ?? pane.command,
    questionId: check.question.id,
    question: check.question.text,
    answer,
    origin: options.origin.via,
    client: options.origin.client,
  });
  return check.question.id;
}

function howText(origin: AnswerOrigin, answer: Answer): string {
  if (origin.via === 'command') return `tessera ${answer === 'allow' ? 'approve' : answer}`;
  return origin.via === 'approval bar' ? 'the approval bar' : `the ${origin.via}`;
}
