// zoom: toggle a pane filling its workspace.

import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const zoomPane: ServerCommand = {
  name: 'zoom',
  run(args, ctx) {
    const { pane, workspace } = targetPane(args, ctx);
    workspace.toggleZoom(pane.id);
    return { zoomed: workspace.zoomedPaneId === pane.id };
  },
};
