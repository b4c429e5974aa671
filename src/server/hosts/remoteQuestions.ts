// The questions a host's agents wait on (its `approvals` answer), read as untrusted: each field checked,
// the id as the protocol's question ids are, every string through visibleText, at most
// MAX_HOST_QUESTIONS of them.

import type { WaitingQuestion } from '../../commands/approvals.js';
import { MAX_HOST_QUESTIONS } from '../../limits.js';
import { QUESTION_ID_PATTERN } from '../../protocol/questionId.js';
import { visibleText } from '../../term/visibleText.js';

/** Undefined when the answer is not a list of questions this tessera can read. */
export function remoteQuestions(answer: unknown): WaitingQuestion[] | undefined {
  const list = typeof answer === 'object' && answer !== null ? (answer as { waiting?: unknown }).waiting : undefined;
  if (!Array.isArray(list)) return undefined;
  const out: WaitingQuestion[] = [];
  for (const q of list.slice(0, MAX_HOST_QUESTIONS) as Partial<Record<keyof WaitingQuestion, unknown>>[]) {
    if (typeof q !== 'object' || q === null) return undefined;
    if ('host' in q) continue; // a question the host itself sees through its own links: asked on a third machine
    const { id, workspace, pane, agent, askedAt, question } = q;
    if (typeof id !== 'string' || !QUESTION_ID_PATTERN.test(id) || typeof workspace !== 'string' || typeof pane !== 'number' || !Number.isSafeInteger(pane) || pane < 0) return undefined;
    if (typeof agent !== 'string' || typeof question !== 'string' || typeof askedAt !== 'string' || Number.isNaN(Date.parse(askedAt))) return undefined;
    const ageSeconds = typeof q.ageSeconds === 'number' && q.ageSeconds >= 0 ? Math.floor(q.ageSeconds) : 0;
    out.push({ id, workspace: visibleText(workspace), pane, agent: visibleText(agent), askedAt, ageSeconds, question: visibleText(question) });
  }
  return out;
}
