// new: a workspace whose first pane runs a command (default: the user's shell), with the workspace's
// agent settings (initial prompt, bypass permissions).

import { MAX_TERMINAL_COLS, MAX_TERMINAL_ROWS } from '../../protocol/messages.js';
import { int, optBool, optStr, optStrArray, record, str, type Fields } from '../../protocol/validate.js';
import { realPath } from '../../store/paths.js';
import { checkPrompt } from '../agent/promptDelivery.js';
import type { ServerCommand } from './command.js';

export const newWorkspace: ServerCommand = {
  name: 'new',
  run(args, ctx) {
    const prompt = optStr(args.prompt, 'prompt', 200_000);
    if (prompt !== undefined) checkPrompt(prompt);
    const workspace = ctx.registry.create({
      name: optStr(args.name, 'name', 256),
      cwd: realPath(str(args.cwd, 'cwd')),
      origin: { kind: 'adopted' },
      size: args.size === undefined ? undefined : terminalSize(record(args.size, 'size')),
      launch: { argv: optStrArray(args.command, 'command'), requestDir: ctx.cwd },
      settings: { prompt, bypassPermissions: optBool(args.bypassPermissions, 'bypassPermissions') ?? false, shell: optStr(args.shell, 'shell', 1024) },
    });
    return { name: workspace.name, pane: workspace.focusedPaneId };
  },
};

/** The size of the terminal about to attach; absent for a detached workspace (80×24, as in tmux). */
function terminalSize(size: Fields): { cols: number; rows: number } {
  return { cols: int(size.cols, 'size.cols', 1, MAX_TERMINAL_COLS), rows: int(size.rows, 'size.rows', 1, MAX_TERMINAL_ROWS) };
}
