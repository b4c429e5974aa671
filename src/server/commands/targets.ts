// Resolving the pane or workspace a command acts on.

import { int, optStr } from '../../protocol/validate.js';
import type { Fields } from '../../protocol/validate.js';
import type { Pane } from '../pane.js';
import { RefusedError, type Workspace } from '../workspace.js';
import type { CommandContext } from './command.js';

/** `pane` argument, else the pane the command was typed in, else the focused pane of the latest workspace. */
export function targetPane(args: Fields, ctx: CommandContext): { pane: Pane; workspace: Workspace } {
  const given = optStr(args.pane, 'pane', 16) ?? ctx.callerPane;
  if (given !== undefined) {
    const id = /^\d{1,9}$/.test(given) ? Number(given) : NaN;
    if (!Number.isInteger(id)) throw new RefusedError(`invalid pane '${given}'`);
    return ctx.registry.requirePane(int(id, 'pane', 0, 999_999_999));
  }
  const workspace = ctx.registry.mostRecent();
  if (!workspace) throw new RefusedError('there are no panes');
  return { pane: workspace.focusedPane, workspace };
}

/** The pane the command was typed in (from its `TESSERA_PANE`), when it is still open on this server. */
export function callerPane(ctx: CommandContext): { pane: Pane; workspace: Workspace } | undefined {
  const id = ctx.callerPane !== undefined && /^\d{1,9}$/.test(ctx.callerPane) ? Number(ctx.callerPane) : undefined;
  return id === undefined ? undefined : ctx.registry.findPane(id);
}

export function targetWorkspace(args: Fields, ctx: CommandContext): Workspace | undefined {
  const name = optStr(args.workspace, 'workspace', 256);
  return name === undefined ? undefined : ctx.registry.require(name);
}
