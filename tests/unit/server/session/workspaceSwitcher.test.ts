// The switcher's rows: what the strip knows of each workspace, in words (state, diff, merged, the radar's conflicts, folder).

import { describe, expect, it } from 'vitest';
import type { StripEntry } from '../../../../src/app/strip/model.js';
import { REMOTE_ITEM, remoteChoice, switcherOverlay } from '../../../../src/server/session/workspaceSwitcher.js';

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

describe('remoteChoice', () => {
  const isHost = (name: string) => name === 'build1';

  it("opens another machine's workspace in a client that can show it", () => {
    expect(remoteChoice(`${REMOTE_ITEM}build1:fix-auth`, isHost, true)).toEqual({ open: { host: 'build1', workspace: 'fix-auth' } });
    // Only the first ':' separates the host: the rest is the workspace's name there.
    expect(remoteChoice(`${REMOTE_ITEM}build1:a:b`, isHost, true)).toEqual({ open: { host: 'build1', workspace: 'a:b' } });
  });

  it('tells a client that cannot open it (older, or itself a view from another machine) the command that shows it', () => {
    expect(remoteChoice(`${REMOTE_ITEM}build1:fix-auth`, isHost, false)).toEqual({ message: "build1:fix-auth is on another machine, and this client cannot open it here: 'tessera -H build1 attach -t fix-auth' shows it", tone: 'info' });
  });

  it('refuses a host no longer in the settings, and a host whose link is down', () => {
    expect(remoteChoice(`${REMOTE_ITEM}gone:fix-auth`, isHost, true)).toEqual({ message: "no host 'gone' in the hosts setting any more; 'tessera hosts' lists them", tone: 'error' });
    expect(remoteChoice(`${REMOTE_ITEM}build1 reconnecting`, isHost, true)).toEqual({ message: "build1: its link is down; 'tessera hosts' says why", tone: 'error' });
  });
});
