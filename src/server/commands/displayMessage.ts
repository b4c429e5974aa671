// display-message: a line with #{…} fields filled for a pane, shown in the status bar of the terminals
// showing its workspace, or printed (-p).

import { displayMessage as definition } from '../../commands/displayMessage.js';
import { expandFormat, type FormatField } from '../../commands/messageFormat.js';
import { currentBranch } from '../../git/repo.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import { implement } from './command.js';
import { resolvePane } from './targets.js';

export const displayMessage = implement(definition, async (args, ctx) => {
  const { pane, workspace } = resolvePane(args.pane, ctx);
  const text = expandFormat(args.format, await fieldsOf(pane, workspace, args.format.includes('#{branch}')));
  if (args.print) return { text, shownTo: 0 };
  let shownTo = 0;
  for (const client of ctx.clients) {
    if (client.workspace !== workspace) continue;
    client.message(text, 'info');
    shownTo++;
  }
  return { text, shownTo };
});

/** Git is asked for the branch only when the format shows it. */
async function fieldsOf(pane: Pane, workspace: Workspace, withBranch: boolean): Promise<Record<FormatField, string>> {
  return {
    workspace: workspace.name,
    pane: String(pane.id),
    index: String(workspace.orderedPanes().indexOf(pane)),
    title: pane.title,
    agent: pane.agent ?? '',
    state: pane.status,
    branch: withBranch ? ((await currentBranch(pane.cwd)) ?? '') : '',
    path: pane.cwd,
    command: pane.command,
  };
}
