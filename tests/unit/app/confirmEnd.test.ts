// The remove / reset confirmation: permissions start off and appear only when needed, Enter on the
// action refuses (saying why) until the user turned on what the loss needs, and confirming hands
// back exactly the preflight shown; the shared guard gives tessera rm the same answers.

import { describe, expect, it } from 'vitest';
import { confirmLines } from '../../../src/app/confirmEnd/lines.js';
import { confirmEndState, confirmRows, reduceConfirmEnd, type ConfirmEndState } from '../../../src/app/confirmEnd/model.js';
import { segmentsText } from '../../../src/app/dialog/segments.js';
import { endRefusal, type Preflight } from '../../../src/git/endGuards.js';

type GitFacts = NonNullable<Preflight['git']>;
const files = (count: number, name = 'f'): string[] => Array.from({ length: count }, (_, i) => `${name}${i + 1}.txt`);
const facts = (git: Partial<Omit<GitFacts, 'dirty' | 'untracked'>> & { dirty?: number; untracked?: number } | null, kind: Preflight['kind'] = 'worktree'): Preflight => ({
  name: 'feat',
  kind,
  path: '/w/app/feat',
  branch: 'feat/feat',
  base: 'main',
  git:
    git === null
      ? null
      : {
          head: 'abc feat/feat: x',
          checkedOut: 'feat/feat',
          conflicts: [],
          ignored: [],
          unpushedRefs: [],
          reflogOnly: 0,
          unpushed: 0,
          stashes: 0,
          noRemote: false,
          ...git,
          dirty: files(git.dirty ?? 0, 'changed'),
          untracked: files(git.untracked ?? 0, 'new'),
        },
  unreadable: null,
  folderProblems: [],
  runningPanes: [1],
});
const none = { force: false, discardChanges: false, discardIgnored: false };

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
    expect(step.outcome).toEqual({ confirm: { expect: shown, force: false, discardChanges: false, discardIgnored: false } });
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
    expect(reduceConfirmEnd(state, key('enter')).outcome).toEqual({ confirm: { expect: state.facts, force: true, discardChanges: true, discardIgnored: false } });
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
    expect(lines.join('\n')).toMatch(/changed files\s+2 \(changed1\.txt, changed2\.txt\)/);
    expect(lines.join('\n')).toMatch(/unpushed commits\s+3 \(no remote/);
    expect(lines.join('\n')).toMatch(/running panes\s+1 \(pane 1\): stopped first, then checked again/);
    expect(lines).toContain('[ ] discard changes: 2 changed file(s) are thrown away for good');
    expect(lines).toContain('[ ] lose unpushed commits: 3 unpushed commit(s) exist nowhere else');
    expect(lines.join('\n')).toMatch(/feat has 2 changed file\(s\); commit them, or turn on 'discard changes'/);
    // A refusal longer than the dialog is wrapped, never cut.
    const narrow = confirmLines(confirmEndState('rm', facts({ dirty: 2 })), 40).map((l) => segmentsText(l.segments).trimEnd());
    expect(narrow.join(' ')).toContain("feat has 2 changed file(s); commit them, or turn on 'discard changes' to throw them away ('lose unpushed commits' is not enough)");
  });

  it('gives tessera rm and reset the same answers with the command-line words', () => {
    expect(endRefusal(facts({ dirty: 1 }), { ...none, force: true }, 'rm')).toBe(
      'feat has 1 changed file(s); commit them, or add --discard-changes to throw them away (--force is not enough)',
    );
    expect(endRefusal(facts({ unpushed: 1 }), { ...none, discardChanges: true }, 'reset')).toBe('feat has 1 unpushed commit(s); push them, or add --force to reset it anyway');
    expect(endRefusal(facts({ dirty: 1 }, 'adopted'), none, 'rm')).toBeUndefined();
    expect(endRefusal(facts({}, 'clone'), none, 'reset')).toMatch(/reset is for managed worktrees; feat is a clone/);
    expect(endRefusal(facts(null), none, 'rm')).toBeUndefined();
  });

  it('asks for each loss on its own: ignored files for rm only, reflog-only commits for rm only, a folder git cannot read', () => {
    const ignored = facts({ ignored: ['.env', 'node_modules/'] });
    expect(confirmRows(confirmEndState('rm', ignored))).toEqual(['ignored', 'confirm', 'cancel']);
    expect(confirmRows(confirmEndState('reset', ignored))).toEqual(['confirm', 'cancel']); // reset keeps them
    expect(endRefusal(ignored, { ...none, force: true, discardChanges: true }, 'rm')).toMatch(/feat has 2 ignored file\(s\) .*add --discard-ignored .*\(--force and --discard-changes are not enough\)/);
    expect(endRefusal(ignored, { ...none, discardIgnored: true }, 'rm')).toBeUndefined();
    expect(text(confirmEndState('rm', ignored))).toContain('[ ] discard ignored files: 2 ignored file(s) are thrown away for good');

    const reflog = facts({ reflogOnly: 2 });
    expect(endRefusal(reflog, none, 'rm')).toMatch(/feat has 2 commit\(s\) only in the reflog; push them, or add --force/);
    expect(endRefusal(reflog, none, 'reset')).toBeUndefined(); // a reset leaves the reflogs where they are

    const unreadable: Preflight = { ...facts(null, 'clone'), unreadable: { reason: 'not a git repository', files: ['.git/', 'notes.txt'], complete: true } };
    expect(confirmRows(confirmEndState('rm', unreadable))).toEqual(['discard', 'confirm', 'cancel']);
    expect(endRefusal(unreadable, { ...none, force: true }, 'rm')).toMatch(/git could not read feat's folder \(not a git repository\).*add --discard-changes to delete it and the 2 file\(s\) it holds anyway/);
    expect(endRefusal(unreadable, { ...none, discardChanges: true }, 'rm')).toBeUndefined();
    expect(text(confirmEndState('rm', unreadable)).join('\n')).toMatch(/files it holds\s+2 \(\.git\/, notes\.txt\)/);
  });

  it('refuses whatever is allowed: a folder problem, or a reset of a branch that is not checked out', () => {
    const all = { force: true, discardChanges: true, discardIgnored: true };
    const outside: Preflight = { ...facts({}), folderProblems: ['/elsewhere is not inside the workspace root /w'] };
    expect(endRefusal(outside, all, 'rm')).toBe('/elsewhere is not inside the workspace root /w');
    expect(endRefusal(outside, all, 'reset')).toBe('/elsewhere is not inside the workspace root /w');
    const switched = facts({ checkedOut: 'other' });
    expect(endRefusal(switched, all, 'rm')).toBeUndefined();
    expect(endRefusal(switched, all, 'reset')).toMatch(/^feat has branch other checked out, not its own branch feat\/feat; reset works on the branch checked out now/);
    expect(endRefusal(facts({ checkedOut: null }), all, 'reset')).toMatch(/feat has a detached HEAD checked out/);
  });

  it('names every reason at once, each on its own line', () => {
    const why = endRefusal(facts({ dirty: 1, unpushed: 1, ignored: ['.env'] }), none, 'rm') ?? '';
    expect(why.split('\n')).toHaveLength(3);
    // In the dialog, each reason starts a line of its own (and wraps within it).
    const lines = text({ ...confirmEndState('rm', facts({ dirty: 1, unpushed: 1 })), focus: 'confirm' });
    expect(lines.some((l) => l.startsWith('feat has 1 changed file(s); commit them'))).toBe(true);
    expect(lines.some((l) => l.startsWith('feat has 1 unpushed commit(s); push them'))).toBe(true);
    expect(lines.join(' ')).toContain("feat has 1 unpushed commit(s); push them, or turn on 'lose unpushed commits' to remove it anyway");
  });
});
