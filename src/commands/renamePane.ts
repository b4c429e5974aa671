// tessera rename-pane: give a pane a title of your own (shown in its header, usable as -t WS:TITLE).

import { UsageError } from './argParser.js';
import { MAX_PANE_NAME_CHARS } from '../limits.js';
import { InvalidInput, str } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface RenamePaneArgs {
  pane?: string;
  /** '' gives the pane back the title its program sets. */
  title: string;
}

export const renamePane = defineCommand<RenamePaneArgs, { pane: number; title: string }>({
  name: 'rename-pane',
  summary: 'give a pane a title of your own (shown in its header)',
  usage: `tessera rename-pane [-t PANE] TITLE

  The pane (default: the one you typed this in, else the focused one) shows TITLE in its header
  instead of what its program sets, and can be named as -t WORKSPACE:TITLE. The title is kept
  with the workspace across restarts. An empty TITLE ('') gives back the program's own title.`,
  flags: [targetPaneFlag],
  maxPositionals: 1,
  fromCli(args) {
    const title = args.positionals[0];
    if (title === undefined) throw new UsageError("rename-pane needs a TITLE ('' to clear it)");
    return { pane: paneTargetFlag(args), title: checkTitle(title, (m) => new UsageError(m)) };
  },
  parse: (fields) => ({ pane: parsePaneTarget(fields.pane), title: checkTitle(str(fields.title, 'title', MAX_PANE_NAME_CHARS), (m) => new InvalidInput(`title: ${m}`)) }),
  print: (result, _args, out) => out.out(result.title ? `pane ${result.pane} is titled ${result.title}\n` : `pane ${result.pane} shows its program's title again\n`),
});

/** A title is one line: no control characters, and short. */
function checkTitle(title: string, fail: (message: string) => Error): string {
  if (title.length > MAX_PANE_NAME_CHARS) throw fail(`a pane title has at most ${MAX_PANE_NAME_CHARS} characters`);
  if (/[\u0000-\u001f\u007f-\u009f]/.test(title)) throw fail('a pane title cannot hold control characters');
  return title;
}
