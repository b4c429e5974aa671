// Question ids and the answer rule, as pure logic: an id lasts as long as its question waits, a new question gets a
// new one, an answered question is used up, and an answer goes only to a question waiting now (the one meant).

import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../../src/server/approval/answerRule.js';
import { newQuestionId } from '../../../../src/server/approval/questionIds.js';
import { QuestionTracker } from '../../../../src/server/approval/questions.js';
import { QUESTION_ID_PATTERN } from '../../../../src/protocol/questionId.js';

const tracker = () => {
  let n = 0;
  return new QuestionTracker(() => `q-${++n}`, () => 1000);
};

describe('question ids', () => {
  it('are unique, in the shape --question accepts', () => {
    const ids = new Set(Array.from({ length: 100 }, newQuestionId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(QUESTION_ID_PATTERN);
  });

  it('stay the same for as long as the same question waits', () => {
    const t = tracker();
    t.observe('Allow rm -rf build?');
    const first = t.waiting;
    expect(first).toEqual({ id: 'q-1', text: 'Allow rm -rf build?', askedAt: 1000 });
    t.observe('Allow rm -rf build?');
    expect(t.waiting?.id).toBe('q-1');
  });

  it('change when the agent asks something else, or asks again after it stopped waiting', () => {
    const t = tracker();
    t.observe('Allow ls?');
    t.observe('Allow rm?');
    expect(t.waiting?.id).toBe('q-2');
    t.observe(undefined);
    expect(t.waiting).toBeUndefined();
    t.observe('Allow rm?');
    expect(t.waiting?.id).toBe('q-3');
  });

  it('an answered question is used up, even while the same words are still shown', () => {
    const t = tracker();
    t.observe('Allow ls?');
    t.consume('q-1');
    expect(t.waiting).toBeUndefined();
    t.observe('Allow ls?');
    expect(t.waiting).toBeUndefined();
    // Something else asked is a new question.
    t.observe('Allow rm?');
    expect(t.waiting?.id).toBe('q-2');
  });

  it('an answer to a question that is no longer current uses up nothing', () => {
    const t = tracker();
    t.observe('Allow ls?');
    t.observe('Allow rm?');
    t.consume('q-1');
    expect(t.waiting?.id).toBe('q-2');
  });
});

describe('the answer rule', () => {
  const waiting = { id: 'abc123-4', text: 'Allow ls?', askedAt: 0 };

  it('answers the question that waits', () => {
    expect(checkAnswer(3, waiting)).toEqual({ ok: true, question: waiting });
    expect(checkAnswer(3, waiting, 'abc123-4')).toEqual({ ok: true, question: waiting });
  });

  it('refuses when no question waits', () => {
    expect(checkAnswer(3, undefined)).toEqual({ ok: false, message: 'no question is waiting in pane 3' });
    expect(checkAnswer(3, undefined, 'abc123-4')).toEqual({ ok: false, message: 'no question is waiting in pane 3' });
  });

  it('refuses when the question meant is not the one waiting: the question changed', () => {
    expect(checkAnswer(3, waiting, 'abc123-3')).toEqual({
      ok: false,
      message: 'question abc123-3 is not waiting in pane 3: the question changed (abc123-4 waits now: Allow ls?)',
    });
  });

  it('a second answer to the same question is refused like any answer to nothing', () => {
    const t = tracker();
    t.observe('Allow ls?');
    const first = checkAnswer(1, t.waiting);
    expect(first.ok).toBe(true);
    if (first.ok) t.consume(first.question.id);
    expect(checkAnswer(1, t.waiting)).toEqual({ ok: false, message: 'no question is waiting in pane 1' });
  });
});
