// tessera capture-pane: what a pane shows right now, or a range of its history, as text.

import { UsageError, boolFlag, stringFlag } from '../argParser.js';
import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { parseLineSpec } from '../../term/captureRange.js';
import { targetArg } from './targets.js';

export const capturePane = controlCommand({
  name: 'capture-pane',
  usage: `tessera capture-pane [-t PANE] [-S START] [-E END] [--ansi]

  Prints the pane's visible screen, one line per row (trailing blanks removed).
  -S START / -E END pick other lines, as tmux does: 0 is the first visible line, negative numbers
  reach back into the scrollback (-S -100: the last 100 lines of history, then the screen), and -
  means the very first line of the scrollback (for -S) or the last line of the screen (for -E).
  Numbers past either end are clamped. -S - -E - prints everything the pane holds.
  --ansi keeps colors and attributes as SGR escape sequences.`,
  flags: [targetPaneFlag, { name: 'ansi', short: 'e' }, { name: 'start', short: 'S', value: true }, { name: 'end', short: 'E', value: true }],
  toArgs: (args) => ({ pane: targetArg(args), ansi: boolFlag(args, 'ansi'), start: lineArg(args, 'start', '-S'), end: lineArg(args, 'end', '-E') }),
  print: (result, _args, ctx) => {
    // The pane's own screen, exactly (its cells never hold control characters; --ansi adds its colours).
    ctx.outRaw(String(result));
  },
});

function lineArg(args: Parameters<typeof stringFlag>[0], name: string, flag: string): string | undefined {
  const value = stringFlag(args, name);
  if (value !== undefined && parseLineSpec(value) === undefined) {
    throw new UsageError(`${flag} needs a line number (0 = first visible line, negative = scrollback) or -, not '${value}'`);
  }
  return value;
}
