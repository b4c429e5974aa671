// The switcher's rows: what the strip knows of each workspace, in words (state, diff, merged, the radar's conflicts, folder).

import { describe, expect, it } from 'vitest';
import type { StripEntry } from '../../../../src/app/strip/model.js';
import { switcherOverlay } from '../../../../src/server/client/workspaceSwitcher.js';

const entry = (name: string, more: Partial<StripEntry> = {}): StripEntry => ({ name, state: 'idle', current: false, ...more });

describe('switcherOverlay', () => {
  it('shows merged and the workspaces a workspace would conflict with', () => {
    const strip = [
      entry('task-a', { digit: 1, current: true, diff: { added: 3, removed: 1 }, conflicts: ['task-b', 'task-c'] }),
      entry('task-b', { digit: 2, state: 'dormant', conflicts: ['task-a'] }),
      entry('done', { digit: 3, merged: true }),
    ];
    const listed = strip.map((e) => ({ name: e.name, path: `/w/${e.name}`, live: undefined }));
    const rows = switcherOverlay(strip, listed, 120, 40).state.items.map((i) => [i.label, i.detail, i.keys]);
    expect(rows).toEqual([
      ['task-a', 'shown here  +3 −1  ⚠ conflicts with task-b, task-c  /w/task-a', '1'],
      ['task-b', 'dormant (opening it starts its panes)  ⚠ conflicts with task-a  /w/task-b', '2'],
      ['done', 'idle  merged  /w/done', '3'],
    ]);
  });
});
