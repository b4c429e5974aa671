// sync: mark panes for synchronized input (what is typed into one marked pane goes to all of them).

import { oneOf } from '../../protocol/validate.js';
import { setAllSynced, setPaneSynced, syncedIds } from '../syncInput.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const syncInput: ServerCommand = {
  name: 'sync',
  run(args, ctx) {
    const { pane, workspace } = targetPane(args, ctx);
    const change = oneOf(args.change, 'change', ['on', 'off', 'toggle', 'all', 'none', 'show'] as const);
    if (change === 'all' || change === 'none') setAllSynced(workspace, change === 'all');
    else if (change !== 'show') setPaneSynced(workspace, pane.id, change);
    return { workspace: workspace.name, synced: syncedIds(workspace) };
  },
};
