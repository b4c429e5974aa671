// What the refusal says changed between the preflight a user confirmed and the one taken before acting.

import { describe, expect, it } from 'vitest';
import type { Preflight } from '../../../src/git/endGuards.js';
import { preflightChange } from '../../../src/git/preflightChange.js';

const shown: Preflight = {
  name: 'w',
  kind: 'worktree',
  path: '/w/app/w',
  branch: 'feat/w',
  base: 'main',
  git: { head: 'abc feat/w: x', checkedOut: 'feat/w', dirty: [], conflicts: [], untracked: [], ignored: [], unpushed: 0, unpushedRefs: [], reflogOnly: 0, stashes: 0, noRemote: false },
  unreadable: null,
  folderProblems: [],
  runningPanes: [3, 4],
};

describe('preflightChange', () => {
  it('ignores the panes that were stopped in between', () => {
    expect(preflightChange(shown, { ...shown, runningPanes: [] })).toBeUndefined();
  });

  it('names new files and changed counts', () => {
    const now: Preflight = { ...shown, runningPanes: [], git: { ...shown.git!, untracked: ['goodbye.txt', 'b', 'c', 'd'], unpushed: 1 } };
    expect(preflightChange(shown, now)).toBe('new untracked files: goodbye.txt, b, c and 1 more; unpushed commits 0 -> 1');
  });

  it('says when git can no longer read the folder, or the folder went', () => {
    expect(preflightChange(shown, { ...shown, git: null, unreadable: { reason: 'x', files: [], complete: true } })).toBe('git cannot read the folder now');
    expect(preflightChange(shown, { ...shown, git: null })).toBe('the folder is gone');
  });

  it('says only that it differs when the preflight handed back is not one tessera made', () => {
    const odd = { ...shown, git: { dirty: 5 } } as unknown as Preflight;
    expect(preflightChange(odd, shown)).toBe('its details changed');
  });
});
