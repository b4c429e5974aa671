// capture-pane: a pane's visible screen as text.

import { optBool } from '../../protocol/validate.js';
import { captureScreen } from '../../term/capture.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const capturePane: ServerCommand = {
  name: 'capture-pane',
  run(args, ctx) {
    const { pane } = targetPane(args, ctx);
    return captureScreen(pane.emulator, { ansi: optBool(args.ansi, 'ansi') ?? false });
  },
};
