// How a pane is named on a command line (-t): by number, by workspace (its focused pane, as tmux takes
// a session name), by place or by title; anything else is refused before it reaches the server.

import { describe, expect, it } from 'vitest';
import { readPaneTarget } from '../../../src/commands/targets.js';

describe('readPaneTarget', () => {
  it('reads a number, with or without tmux\'s %', () => {
    expect(readPaneTarget('3')).toEqual({ id: 3 });
    expect(readPaneTarget('%12')).toEqual({ id: 12 });
  });

  it('reads a workspace name alone, or with a colon, as that workspace\'s focused pane', () => {
    expect(readPaneTarget('task-a')).toEqual({ workspace: 'task-a', focused: true });
    expect(readPaneTarget('task-a:')).toEqual({ workspace: 'task-a', focused: true });
    // Digits alone name a pane: a workspace named so takes the colon.
    expect(readPaneTarget('2026')).toEqual({ id: 2026 });
    expect(readPaneTarget('2026:')).toEqual({ workspace: '2026', focused: true });
  });

  it('reads a place or a title after the workspace', () => {
    expect(readPaneTarget('task-a:0')).toEqual({ workspace: 'task-a', index: 0 });
    expect(readPaneTarget('task-a:tests')).toEqual({ workspace: 'task-a', title: 'tests' });
    expect(readPaneTarget('task-a:npm run dev:')).toEqual({ workspace: 'task-a', title: 'npm run dev:' });
  });

  it('refuses what names no workspace by the workspace rule, and empty or overlong targets', () => {
    for (const bad of ['', ':', ':0', 'a b', '.hidden', '-x', 'a/b', '../up', 'x'.repeat(65), 'x'.repeat(600)]) {
      expect(readPaneTarget(bad), bad).toBeUndefined();
    }
  });
});
