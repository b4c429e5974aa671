// sync: mark or unmark panes for synchronized input.

import { syncInput as definition } from '../../commands/syncInput.js';
import { setAllSynced, setPaneSynced, syncedIds } from '../panes/syncInput.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const syncInput = implement(definition, (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  const change = args.change;
  if (change === 'all' || change === 'none') setAllSynced(workspace, change === 'all');
  else if (change !== 'show') setPaneSynced(workspace, pane.id, change);
  return { workspace: workspace.name, synced: syncedIds(workspace) };
});
