// zoom: toggle a pane's zoom.

import { zoomPane as definition } from '../../commands/zoomPane.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const zoomPane = implement(definition, (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  workspace.toggleZoom(pane.id);
  return { zoomed: workspace.zoomedPaneId === pane.id };
});
