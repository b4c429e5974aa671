// Turns a workspace and one client's chrome state into the model the Ink chrome draws.

import type { ChromeModel, PaneHeaderModel } from '../../app/chromeModel.js';
import type { Workspace } from '../workspace.js';
import type { ChromeState } from './chromeState.js';

export function buildChromeModel(workspace: Workspace, state: ChromeState, screen: { cols: number; rows: number }, prefixLabel: string): ChromeModel {
  const layout = workspace.layout;
  const headers: PaneHeaderModel[] = [];
  for (const [id, rects] of layout.panes) {
    const pane = workspace.panes.get(id);
    if (!pane) continue;
    headers.push({
      id,
      rect: rects.header,
      title: pane.title,
      status: pane.status,
      exitCode: pane.exitCode,
      focused: id === workspace.focusedPaneId,
      zoomed: id === workspace.zoomedPaneId,
    });
  }
  return {
    cols: screen.cols,
    rows: screen.rows,
    headers,
    dividers: layout.dividers,
    status: {
      workspace: workspace.name,
      paneCount: workspace.panes.size,
      message: state.message ?? exitedHint(workspace),
      prefixPending: state.prefixPending,
      prefixLabel,
    },
    overlay: state.overlay,
  };
}

/** A focused pane whose program ended explains how to get rid of it. */
function exitedHint(workspace: Workspace): ChromeState['message'] {
  const pane = workspace.focusedPane;
  if (!pane?.isExited) return undefined;
  return { text: `pane ${pane.id} exited with status ${pane.exitCode ?? '?'}: press Enter to close it`, tone: 'info' };
}
