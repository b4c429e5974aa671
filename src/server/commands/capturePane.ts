// capture-pane: a pane's screen, or lines of its history, as text.

import { capturePane as definition } from '../../commands/capturePane.js';
import { captureScreen } from '../../term/capture.js';
import { parseLineSpec } from '../../term/captureRange.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const capturePane = implement(definition, (args, ctx) => {
  const { pane } = resolvePane(args.pane, ctx);
  // The definition checked both lines already.
  const line = (text: string | undefined) => (text === undefined ? undefined : parseLineSpec(text));
  return captureScreen(pane.emulator, { ansi: args.ansi, start: line(args.start), end: line(args.end) });
});
