// The answer rule: keys are written only for a question that waits at that moment, and only for the one the
// caller means when it names one (`--question ID`, or the question the approval bar showed).

import type { Question } from './questions.js';

export type AnswerCheck = { ok: true; question: Question } | { ok: false; message: string };

export function checkAnswer(paneId: number, waiting: Question | undefined, meant?: string): AnswerCheck {
  if (waiting === undefined) return { ok: false, message: `no question is waiting in pane ${paneId}` };
  if (meant !== undefined && meant !== waiting.id) {
    return { ok: false, message: `question ${meant} is not waiting in pane ${paneId}: the question changed (${waiting.id} waits now: ${waiting.text})` };
  }
  return { ok: true, question: waiting };
}
