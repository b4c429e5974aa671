// tessera view: a file of the workspace in a viewer pane (or the viewer showing it, focused).

import { UsageError, boolFlag } from './argParser.js';
import { int, oneOf, str } from '../protocol/validate.js';
import { defineCommand } from './contract.js';
import { paneTargetFlag, parsePaneTarget, targetPaneFlag } from './targets.js';

export interface ViewArgs {
  /** The pane the viewer opens beside; default: the one this is typed in, or the focused one. */
  pane?: string;
  /** Relative to the command's directory (or the workspace's folder); must stay inside the workspace's folder. */
  file: string;
  /** Default: by the file's name (.md rendered, the rest as source). */
  mode?: 'source' | 'markdown';
  /** The line to show first (the diff viewer opens a file at its changed line). */
  line?: number;
}

export interface ViewResult {
  paneId: number;
  /** The file had a viewer already: it was focused, not opened again. */
  existing: boolean;
  file: string;
}

export const viewFile = defineCommand<ViewArgs, ViewResult>({
  name: 'view',
  summary: 'view a file of the workspace in a pane (syntax colours, or rendered markdown)',
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
  fromCli(args) {
    const file = args.positionals[0];
    if (file === undefined) throw new UsageError('view needs a FILE');
    if (boolFlag(args, 'markdown') && boolFlag(args, 'source')) throw new UsageError('view takes --markdown or --source, not both');
    const mode = boolFlag(args, 'markdown') ? 'markdown' : boolFlag(args, 'source') ? 'source' : undefined;
    return { pane: paneTargetFlag(args), file, ...(mode ? { mode } : {}) };
  },
  parse: (fields) => ({
    pane: parsePaneTarget(fields.pane),
    file: str(fields.file, 'file', 4096),
    ...(fields.mode === undefined ? {} : { mode: oneOf(fields.mode, 'mode', ['source', 'markdown'] as const) }),
    ...(fields.line === undefined ? {} : { line: int(fields.line, 'line', 1, 100_000_000) }),
  }),
  print: (result, _args, output) => output.out(`${result.paneId}\n`),
});
