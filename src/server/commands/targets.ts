// Resolving the pane or workspace a command acts on.

import { parsePaneTarget, readPaneTarget } from '../../commands/targets.js';
import type { Fields } from '../../protocol/validate.js';
import type { Pane } from '../panes/pane.js';
import { RefusedError, type Workspace } from '../workspaces/workspace.js';
import type { CommandContext } from './command.js';

/** `pane` argument (a raw request's), else the pane the command was typed in, else the focused pane of the latest workspace. */
export function targetPane(args: Fields, ctx: CommandContext): { pane: Pane; workspace: Workspace } {
  return resolvePane(parsePaneTarget(args.pane), ctx);
}

/**
 * The pane a target names (`3`, `task-a`, `task-a:0`, `task-a:TITLE`, see src/commands/targets.ts);
 * without one, the pane the command was typed in, else the focused pane of the latest workspace.
 */
export function resolvePane(target: string | undefined, ctx: CommandContext): { pane: Pane; workspace: Workspace } {
  const given = target ?? ctx.callerPane;
  if (given !== undefined) {
    const named = readPaneTarget(given);
    if (!named) throw new RefusedError(`invalid pane '${given}'`);
    if ('id' in named) return ctx.registry.requirePane(named.id);
    const workspace = ctx.registry.list().find((w) => w.name === named.workspace);
    if (!workspace) {
      const dormant = ctx.registry.records.get(named.workspace);
      if (dormant) throw new RefusedError(`workspace ${named.workspace} is dormant: open it first ('tessera attach -t ${named.workspace}')`);
      // A bare word may have been meant as a title: say what else it could have been.
      throw new RefusedError(`no workspace named '${named.workspace}'${'focused' in named ? " (-t takes a pane's number, WORKSPACE, WORKSPACE:INDEX or WORKSPACE:TITLE)" : ''}`);
    }
    if ('focused' in named) return { pane: workspace.focusedPane, workspace };
    const panes = workspace.orderedPanes();
    if ('index' in named) {
      const pane = panes[named.index];
      if (!pane) throw new RefusedError(`workspace ${workspace.name} has ${panes.length} pane${panes.length === 1 ? '' : 's'} (0 to ${panes.length - 1}): no pane ${named.index}`);
      return { pane, workspace };
    }
    const titled = panes.filter((p) => p.title === named.title);
    if (titled.length === 1) return { pane: titled[0], workspace };
    if (titled.length > 1) throw new RefusedError(`${titled.length} panes of ${workspace.name} are titled '${named.title}' (${titled.map((p) => p.id).join(', ')}): name one by its number`);
    throw new RefusedError(`no pane of ${workspace.name} is titled '${named.title}'`);
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
