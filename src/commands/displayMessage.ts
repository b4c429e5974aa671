// tessera display-message: show a line in the status bar, or print it (-p), with #{…} fields filled.

import { UsageError, boolFlag } from './argParser.js';
import { InvalidInput, optBool, str } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { FORMAT_FIELDS, unknownFields } from './messageFormat.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface DisplayMessageArgs {
  pane?: string;
  format: string;
  /** Print the line instead of showing it in the status bar. */
  print: boolean;
}

export interface DisplayMessageResult {
  text: string;
  /** Clients whose status bar shows it (0 with -p). */
  shownTo: number;
}

/** Longest format accepted: a status line's worth, with room for fields. */
const MAX_FORMAT_CHARS = 1024;

export const displayMessage = defineCommand<DisplayMessageArgs, DisplayMessageResult>({
  name: 'display-message',
  aliases: ['display'],
  summary: "show a message in the status bar, or print facts about a pane (-p '#{branch}')",
  usage: `tessera display-message [-t PANE] [-p] FORMAT

  Shows FORMAT in the status bar of every terminal showing the pane's workspace (for a few
  seconds), or prints it with -p. Fields in FORMAT are filled in for the pane -t (default: the one
  you typed this in, else the focused one): ${FORMAT_FIELDS.map((f) => `#{${f}}`).join(' ')}.
  ## is a literal #.
  Example: tessera display-message -p '#{workspace}:#{index} #{agent} #{state} on #{branch}'`,
  flags: [targetPaneFlag, { name: 'print', short: 'p' }],
  maxPositionals: 1,
  fromCli(args) {
    const format = args.positionals[0];
    if (format === undefined) throw new UsageError('display-message needs a FORMAT');
    return { pane: paneTargetFlag(args), format: checkFormat(format, (m) => new UsageError(m)), print: boolFlag(args, 'print') };
  },
  parse: (fields) => ({
    pane: parsePaneTarget(fields.pane),
    format: checkFormat(str(fields.format, 'format', MAX_FORMAT_CHARS), (m) => new InvalidInput(`format: ${m}`)),
    print: optBool(fields.print, 'print') ?? false,
  }),
  print(result, args, out) {
    if (boolFlag(args, 'print')) out.out(`${result.text}\n`);
    else if (result.shownTo === 0) out.err('no terminal is showing that workspace; use -p to print the message\n');
  },
});

function checkFormat(format: string, fail: (message: string) => Error): string {
  if (format.length > MAX_FORMAT_CHARS) throw fail(`a format has at most ${MAX_FORMAT_CHARS} characters`);
  const unknown = unknownFields(format);
  if (unknown.length > 0) throw fail(`unknown field ${unknown.map((f) => `#{${f}}`).join(', ')}: the fields are ${FORMAT_FIELDS.map((f) => `#{${f}}`).join(' ')}`);
  return format;
}
