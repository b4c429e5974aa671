// rename-pane: a title of the user's own for a pane, kept in the workspace's record.

import { renamePane as definition } from '../../commands/renamePane.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const renamePane = implement(definition, (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  pane.userTitle = args.title;
  workspace.notify(); // redraws its header, and saves the record
  return { pane: pane.id, title: args.title };
});
