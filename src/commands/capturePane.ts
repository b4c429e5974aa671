// tessera capture-pane: print a pane's screen, or lines of its history.

import { UsageError, boolFlag, stringFlag, type ParsedArgs } from './argParser.js';
import { InvalidInput, optBool, optStr } from '../protocol/validate.js';
import { parseLineSpec } from '../term/captureRange.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface CapturePaneArgs {
  pane?: string;
  /** Colors and attributes as SGR sequences. */
  ansi: boolean;
  /** A line: a number (0 the first visible line, negative the history) or `-`. */
  start?: string;
  end?: string;
}

export const capturePane = defineCommand<CapturePaneArgs, string>({
  name: 'capture-pane',
  summary: "print a pane's screen, or lines of its history (-S/-E)",
  usage: `tessera capture-pane [-t PANE] [-S START] [-E END] [--ansi]

  Prints the pane's visible screen, one line per row (trailing blanks removed).
  -S START / -E END pick other lines, as tmux does: 0 is the first visible line, negative numbers
  reach back into the scrollback (-S -100: the last 100 lines of history, then the screen), and -
  means the very first line of the scrollback (for -S) or the last line of the screen (for -E).
  Numbers past either end are clamped. -S - -E - prints everything the pane holds.
  --ansi keeps colors and attributes as SGR escape sequences.`,
  flags: [targetPaneFlag, { name: 'ansi', short: 'e' }, { name: 'start', short: 'S', value: true }, { name: 'end', short: 'E', value: true }],
  fromCli: (args) => ({ pane: paneTargetFlag(args), ansi: boolFlag(args, 'ansi'), start: lineFlag(args, 'start', '-S'), end: lineFlag(args, 'end', '-E') }),
  parse: (fields) => ({
    pane: parsePaneTarget(fields.pane),
    ansi: optBool(fields.ansi, 'ansi') ?? false,
    start: lineField(fields.start, 'start (-S)'),
    end: lineField(fields.end, 'end (-E)'),
  }),
  // The pane's own screen, exactly: its cells never hold control characters, and --ansi adds its colours.
  print: (result, _args, output) => output.outRaw(String(result)),
});

function lineFlag(args: ParsedArgs, name: string, flag: string): string | undefined {
  const value = stringFlag(args, name);
  if (value !== undefined && parseLineSpec(value) === undefined) {
    throw new UsageError(`${flag} needs a line number (0 = first visible line, negative = scrollback) or -, not '${value}'`);
  }
  return value;
}

function lineField(value: unknown, what: string): string | undefined {
  const text = optStr(value, what, 16);
  if (text !== undefined && parseLineSpec(text) === undefined) throw new InvalidInput(`${what} must be a line number (0 is the first visible line, negative is history) or -`);
  return text;
}
