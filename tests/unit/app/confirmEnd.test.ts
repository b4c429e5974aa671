// The remove / reset confirmation: permissions start off and appear only when needed, Enter on the
// action refuses (saying why) until the user turned on what the loss needs, and confirming hands
// back exactly the preflight shown; the shared guard gives tessera rm the same answers.

import { describe, expect, it } from 'vitest';
import { confirmLines } from '../../../src/app/confirmEnd/lines.js';
import { confirmEndState, confirmRows, reduceConfirmEnd, type ConfirmEndState } from '../../../src/app/confirmEnd/model.js';
import { segmentsText } from '../../../src/app/dialog/segments.js';
import { endRefusal, type Preflight } from '../../../src/git/endGuards.js';

const facts = (git: Partial<NonNullable<Preflight['git']>> | null, kind: Preflight['kind'] = 'worktree'): Preflight => ({
  name: 'feat',
  kind,
  path: '/w/app/feat',
  branch: 'feat/feat',
  base: 'main',
  git: git === null ? null : { head: 'abc feat/feat: x', dirty: 0, untracked: 0, unpushed: 0, stashes: 0, noRemote: false, ...git },
  runningPanes: [1],
});

const key = (name: string, extra: { char?: string; shift?: boolean; ctrl?: boolean } = {}) => ({ name, ctrl: false, alt: false, shift: false, ...extra });
const press = (state: ConfirmEndState, ...names: string[]) => names.reduce((s, n) => reduceConfirmEnd(s, key(n)).state, state);
const text = (state: ConfirmEndState) => confirmLines(state, 100).map((l) => segmentsText(l.segments).trimEnd());

describe('remove / reset confirmation', () => {
  it('offers only the permissions this workspace needs, both off, with Cancel focused', () => {
    expect(confirmRows(confirmEndState('rm', facts({})))).toEqual(['confirm', 'cancel']);
    const state = confirmEndState('rm', facts({ dirty: 2, unpushed: 1 }));
    expect(confirmRows(state)).toEqual(['discard', 'force', 'confirm', 'cancel']);
    expect(state).toMatchObject({ force: false, discardChanges: false, focus: 'cancel' });
    // Removing an adopted folder never touches its files: nothing to allow.
    expect(confirmRows(confirmEndState('rm', facts({ dirty: 2 }, 'adopted')))).toEqual(['confirm', 'cancel']);
  });

  it('confirms a clean workspace with Enter on the action, handing back the preflight shown', () => {
    const shown = facts({});
    const state = press(confirmEndState('rm', shown), 'up');
    expect(state.focus).toBe('confirm');
    const step = reduceConfirmEnd(state, key('enter'));
    expect(step.outcome).toEqual({ confirm: { expect: shown, force: false, discardChanges: false } });
    expect(step.state.busy).toBe(true);
    // Space never confirms.
    expect(reduceConfirmEnd(state, key('space')).outcome).toBeUndefined();
  });

  it('refuses until the needed permissions are turned on, and says which', () => {
    let state = confirmEndState('rm', facts({ untracked: 1, stashes: 1 }));
    state = press(state, 'up'); // confirm
    let step = reduceConfirmEnd(state, key('enter'));
    expect(step.outcome).toBeUndefined();
    expect(step.state.error).toMatch(/1 untracked file\(s\).*discard changes/);
    state = press(step.state, 'up', 'up', 'space'); // discard on
    expect(state.discardChanges).toBe(true);
    step = reduceConfirmEnd(press(state, 'down', 'down'), key('enter'));
    expect(step.state.error).toMatch(/1 stash\(es\).*lose unpushed commits/);
    state = press(step.state, 'up', 'enter', 'down'); // force on (Enter toggles too), then back to confirm
    expect(state).toMatchObject({ force: true, discardChanges: true, focus: 'confirm' });
    expect(reduceConfirmEnd(state, key('enter')).outcome).toEqual({ confirm: { expect: state.facts, force: true, discardChanges: true } });
  });

  it('closes on Esc, q and Cancel without confirming; keys wait while it works', () => {
    const state = confirmEndState('rm', facts({}));
    expect(reduceConfirmEnd(state, key('escape')).outcome).toEqual({ close: true });
    expect(reduceConfirmEnd(state, key('q', { char: 'q' })).outcome).toEqual({ close: true });
    expect(reduceConfirmEnd(state, key('enter')).outcome).toEqual({ close: true }); // Cancel is focused
    const busy = { ...state, busy: true, focus: 'confirm' as const };
    expect(reduceConfirmEnd(busy, key('enter')).outcome).toBeUndefined();
  });

  it('shows the preflight, the warnings and the refusal', () => {
    const lines = text(confirmEndState('rm', facts({ dirty: 2, unpushed: 3, noRemote: true })));
    expect(lines[0]).toBe('Remove workspace feat?');
    expect(lines.join('\n')).toMatch(/changed files\s+2/);
    expect(lines.join('\n')).toMatch(/unpushed commits\s+3 \(no remote/);
    expect(lines.join('\n')).toMatch(/running panes\s+1 \(pane 1\), ended first, whole process groups/);
    expect(lines).toContain('[ ] discard changes: 2 changed file(s) are thrown away for good');
    expect(lines).toContain('[ ] lose unpushed commits: 3 unpushed commit(s) exist nowhere else');
    expect(lines.join('\n')).toMatch(/feat has 2 changed file\(s\); commit them, or turn on 'discard changes'/);
    // A refusal longer than the dialog is wrapped, never cut.
    const narrow = confirmLines(confirmEndState('rm', facts({ dirty: 2 })), 40).map((l) => segmentsText(l.segments).trimEnd());
    expect(narrow.join(' ')).toContain("feat has 2 changed file(s); commit them, or turn on 'discard changes' to throw them away ('lose unpushed commits' is not enough)");
  });

  it('gives tessera rm and reset the same answers with the command-line words', () => {
    expect(endRefusal(facts({ dirty: 1 }), { force: true, discardChanges: false }, 'rm')).toBe(
      'feat has 1 changed file(s); commit them, or add --discard-changes to throw them away (--force is not enough)',
    );
    expect(endRefusal(facts({ unpushed: 1 }), { force: false, discardChanges: true }, 'reset')).toBe('feat has 1 unpushed commit(s); push them, or add --force to reset it anyway');
    expect(endRefusal(facts({ dirty: 1 }, 'adopted'), { force: false, discardChanges: false }, 'rm')).toBeUndefined();
    expect(endRefusal(facts({}, 'clone'), { force: false, discardChanges: false }, 'reset')).toMatch(/reset is for managed worktrees; feat is a clone/);
    expect(endRefusal(facts(null), { force: false, discardChanges: false }, 'rm')).toBeUndefined();
  });
});
