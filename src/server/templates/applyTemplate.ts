// Puts a template's panes into a workspace: the first one is already there (it opened the workspace),
// the others are split from it in the template's layout, then every pane gets an equal share.

import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import type { TemplatePlan } from './templatePlan.js';
import { templateSplits } from './templateLayout.js';

/** Adds the plan's panes after the first (pane `firstPaneId`); returns a note for panes that could not start. */
export function addTemplatePanes(registry: WorkspaceRegistry, workspace: Workspace, plan: TemplatePlan, firstPaneId: number): string | undefined {
  const made: (Pane | undefined)[] = [workspace.requirePane(firstPaneId)];
  const failed: string[] = [];
  for (const split of templateSplits(plan.launches.length, plan.layout)) {
    const from = made[split.from];
    if (!from) continue; // its neighbour could not start; said once already
    try {
      made[split.index] = registry.split(from.id, split.side, { launch: plan.launches[split.index], keepFocus: true, cwd: workspace.cwd });
    } catch (error) {
      failed.push((error as Error).message);
    }
  }
  try {
    workspace.equalize();
  } catch {
    // The panes do not all fit at equal sizes: they keep the halves the splits gave them.
  }
  const missing = plan.launches.length - made.filter(Boolean).length;
  if (missing === 0) return undefined;
  return `template ${plan.name}: ${missing} pane(s) could not start${failed.length > 0 ? ` (${failed[0]})` : ''}`;
}
