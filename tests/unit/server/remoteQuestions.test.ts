import { describe, expect, it } from 'vitest';
import { remoteQuestions } from '../../../src/server/hosts/remoteQuestions.js';

const q = (fields: Record<string, unknown>) => ({ id: '3fa9c2-17', workspace: 'w', pane: 2, agent: 'helper', askedAt: '2026-12-04T16:00:00.000Z', ageSeconds: 12, question: 'Allow?', ...fields });

describe("a host's waiting questions, read as untrusted", () => {
  it('keeps the fields the inbox shows, strings with control characters as marks', () => {
    const [one] = remoteQuestions({ waiting: [q({ question: 'Allow \x1b]52;c;x\x07 this?' })] }) ?? [];
    expect(one).toMatchObject({ id: '3fa9c2-17', workspace: 'w', pane: 2, agent: 'helper', ageSeconds: 12 });
    expect(one.question).not.toMatch(/[\x00-\x1f]/);
  });

  it('refuses an answer that is not a list of questions, or a question id of another shape', () => {
    expect(remoteQuestions([q({})])).toBeUndefined();
    expect(remoteQuestions({ waiting: [q({ id: '../../x' })] })).toBeUndefined();
    expect(remoteQuestions({ waiting: [q({ pane: -1 })] })).toBeUndefined();
    expect(remoteQuestions({ waiting: [q({ askedAt: 'yesterday' })] })).toBeUndefined();
  });

  it("leaves out what the host itself sees of a third machine's questions", () => {
    expect(remoteQuestions({ waiting: [q({ host: 'other' }), q({ id: 'aaaaaa-1' })] })?.map((x) => x.id)).toEqual(['aaaaaa-1']);
  });
});
