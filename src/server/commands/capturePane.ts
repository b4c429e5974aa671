// capture-pane: a pane's visible screen as text, or any range of its history (tmux's -S / -E).

import { InvalidInput, optBool, optStr } from '../../protocol/validate.js';
import { captureScreen } from '../../term/capture.js';
import { parseLineSpec, type LineSpec } from '../../term/captureRange.js';
import type { ServerCommand } from './command.js';
import { targetPane } from './targets.js';

export const capturePane: ServerCommand = {
  name: 'capture-pane',
  run(args, ctx) {
    const { pane } = targetPane(args, ctx);
    return captureScreen(pane.emulator, {
      ansi: optBool(args.ansi, 'ansi') ?? false,
      start: lineSpec(args.start, 'start (-S)'),
      end: lineSpec(args.end, 'end (-E)'),
    });
  },
};

function lineSpec(value: unknown, what: string): LineSpec | undefined {
  const text = optStr(value, what, 16);
  if (text === undefined) return undefined;
  const spec = parseLineSpec(text);
  if (spec === undefined) throw new InvalidInput(`${what} must be a line number (0 is the first visible line, negative is history) or -`);
  return spec;
}
