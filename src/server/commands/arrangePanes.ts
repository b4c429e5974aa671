// The server's side of the commands that rearrange a workspace's panes: swap-pane, last-pane,
// select-layout.

import { lastPane as lastPaneDefinition } from '../../commands/lastPane.js';
import { selectLayout as selectLayoutDefinition } from '../../commands/selectLayout.js';
import { swapPane as swapPaneDefinition } from '../../commands/swapPane.js';
import { RefusedError } from '../refusedError.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const swapPane = implement(swapPaneDefinition, (args, ctx) => {
  const source = resolvePane(args.source, ctx);
  const workspace = source.workspace;
  let otherId: number;
  if (args.pane !== undefined) {
    const other = resolvePane(args.pane, ctx);
    if (other.workspace !== workspace) throw new RefusedError(`pane ${source.pane.id} is in ${workspace.name} and pane ${other.pane.id} in ${other.workspace.name}: only panes of one workspace can swap`);
    otherId = other.pane.id;
  } else {
    const ids = workspace.orderedPanes().map((p) => p.id);
    const at = ids.indexOf(source.pane.id);
    otherId = ids[(at + (args.step ?? 1) + ids.length) % ids.length];
  }
  workspace.swapPanes(source.pane.id, otherId);
  return { swapped: [source.pane.id, otherId] as [number, number] };
});

export const lastPane = implement(lastPaneDefinition, (args, ctx) => {
  const { workspace } = resolvePane(args.pane, ctx);
  const last = workspace.lastPaneId;
  if (last === undefined) throw new RefusedError(`no other pane of ${workspace.name} had the focus before`);
  workspace.focus(last);
  return { pane: last };
});

export const selectLayout = implement(selectLayoutDefinition, (args, ctx) => {
  const { workspace } = resolvePane(args.pane, ctx);
  return { layout: workspace.selectLayout(args.layout) };
});
