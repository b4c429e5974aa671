// The inbox's model: the choice follows its question as rows come and go, keys map to outcomes, and the
// batch confirmation keeps the rows it listed.

import { describe, expect, it } from 'vitest';
import { inboxState, reduceInbox, selectedIndex, withRows, type InboxRow } from '../../../src/app/inbox/model.js';

const row = (n: number): InboxRow => ({ questionId: `abcdef-${n}`, paneId: n, workspace: 'w', agent: 'helper', askedAt: n, question: `q${n}` });
const key = (name: string, char?: string) => ({ name, ctrl: false, alt: false, shift: false, char });

describe('inbox model', () => {
  it('keeps the choice on its question when rows come and go, and moves it to where it was when it goes', () => {
    let state = inboxState([row(1), row(2), row(3)], 0);
    state = reduceInbox(state, key('down')).state;
    expect(state.selected).toBe('abcdef-2');
    state = withRows(state, [row(0), row(1), row(2), row(3)], 0);
    expect(selectedIndex(state)).toBe(2);
    state = withRows(state, [row(0), row(1), row(3)], 0);
    expect(state.selected).toBe('abcdef-3');
    state = withRows(state, [], 0);
    expect(selectedIndex(state)).toBe(-1);
    expect(reduceInbox(state, key('y', 'y')).outcome).toBeUndefined();
    expect(reduceInbox(state, key('a', 'A')).state.confirm).toBeUndefined();
  });

  it('answers, jumps, closes; A lists the rows it would allow and keeps them while rows change', () => {
    const state = inboxState([row(1), row(2)], 0);
    expect(reduceInbox(state, key('y', 'y')).outcome).toEqual({ answer: 'allow', row: row(1) });
    expect(reduceInbox(state, key('n', 'n')).outcome).toEqual({ answer: 'deny', row: row(1) });
    expect(reduceInbox(state, key('enter')).outcome).toEqual({ jump: row(1) });
    expect(reduceInbox(state, key('escape')).outcome).toEqual({ close: true });
    let asking = reduceInbox(state, key('a', 'A')).state;
    expect(asking.confirm).toEqual([row(1), row(2)]);
    asking = withRows(asking, [row(2), row(3)], 0);
    expect(asking.confirm).toEqual([row(1), row(2)]);
    expect(reduceInbox(asking, key('y', 'y')).outcome).toEqual({ allowAll: [row(1), row(2)] });
    expect(reduceInbox(asking, key('escape'))).toEqual({ state: { ...asking, confirm: undefined } });
  });
});
