// tessera view: a file in a viewer pane.

import { UsageError, boolFlag } from '../../commands/argParser.js';
import { controlCommand, targetPaneFlag } from '../controlCommand.js';
import { targetArg } from './targets.js';

export const viewFile = controlCommand({
  name: 'view',
  usage: `tessera view [-t PANE] [--markdown | --source] FILE

  Opens FILE in a viewer pane beside the pane (default: the one this is typed in, or the focused
  one): source files with syntax colours, markdown files (.md) rendered — headings, lists,
  tables, code. --source shows a markdown file as text; --markdown renders any file as markdown.
  FILE is relative to the current directory and must be inside the workspace's folder (a path that
  leads out of it, by ../ or by a symlink, is refused). A file that has a viewer in the workspace
  already gets that viewer focused instead of a second one.

  In the viewer: j/k or ↓/↑ a line, Space/PageDown and b/PageUp a page, d/u half a page, g/G the
  top/bottom, ←/→ sideways, / and ? search down/up, n/N the next/previous match, r reload, q close;
  the mouse wheel scrolls. A change to the file on disk is shown at once.
  Prints the viewer's pane id.`,
  flags: [targetPaneFlag, { name: 'markdown' }, { name: 'source' }],
  maxPositionals: 1,
  toArgs(args) {
    const file = args.positionals[0];
    if (file === undefined) throw new UsageError('view needs a FILE');
    if (boolFlag(args, 'markdown') && boolFlag(args, 'source')) throw new UsageError('view takes --markdown or --source, not both');
    const mode = boolFlag(args, 'markdown') ? 'markdown' : boolFlag(args, 'source') ? 'source' : undefined;
    return { pane: targetArg(args), file, ...(mode ? { mode } : {}) };
  },
  print(result, _args, ctx) {
    const opened = result as { paneId: number; existing: boolean };
    ctx.out(`${opened.paneId}\n`);
  },
});
