// Turns a workspace and one client's chrome state into the model the Ink chrome draws.

import type { ApprovalBarModel, ChromeModel, PaneHeaderModel } from '../../app/chromeModel.js';
import type { StripEntry } from '../../app/strip/model.js';
import type { Palette } from '../../app/theme/palettes.js';
import { approvalOwner } from '../approval/ownership.js';
import { waitingNote } from '../project/waitingNote.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { ChromeState } from './chromeState.js';
import { statusMessage } from './statusRow.js';

export interface ChromeContext {
  screen: { cols: number; rows: number };
  prefixLabel: string;
  /** The label of an action's first key (after the prefix), undefined when it has none. */
  keyOf(action: string): string | undefined;
  /** Panes on the whole server that need the user. */
  needYou: number;
  /** A pane's scroll position when this client has it scrolled back. */
  scrollIndicator?: (paneId: number) => string | undefined;
  /** Every workspace, for the strip. */
  strip: StripEntry[];
  /** The colours of the theme setting. */
  palette: Palette;
}

export function buildChromeModel(workspace: Workspace, state: ChromeState, context: ChromeContext): ChromeModel {
  const layout = workspace.layout;
  const headers: PaneHeaderModel[] = [];
  for (const [id, rects] of layout.panes) {
    const pane = workspace.panes.get(id);
    if (!pane) continue;
    headers.push({
      id,
      rect: rects.header,
      title: pane.headerNote ? `${pane.headerNote} · ${pane.title}` : pane.title,
      status: pane.status,
      exitCode: pane.exitCode,
      focused: id === workspace.focusedPaneId,
      zoomed: id === workspace.zoomedPaneId,
      attention: pane.attention,
      rang: pane.rang,
      synced: workspace.synced.has(id),
      scroll: context.scrollIndicator?.(id),
    });
  }
  const approval = approvalBar(workspace, context);
  return {
    cols: context.screen.cols,
    rows: context.screen.rows,
    headers,
    strip: context.strip,
    dividers: layout.dividers,
    status: {
      workspace: workspace.name,
      paneCount: workspace.panes.size,
      message: statusMessage({ message: state.message, approval, hints: [() => exitedHint(workspace), () => waitingHint(workspace)] }),
      prefixPending: state.prefixPending,
      prefixLabel: context.prefixLabel,
      hintKeys: { help: context.keyOf('help'), detach: context.keyOf('detach') },
      needYou: context.needYou,
      approval,
    },
    overlay: state.overlay,
    palette: context.palette,
  };
}

function approvalBar(workspace: Workspace, context: ChromeContext): ApprovalBarModel | undefined {
  const waiting = workspace.orderedPanes().filter((p) => p.status === 'approval');
  if (waiting.length === 0) return undefined;
  const key = (action: string) => {
    const label = context.keyOf(action);
    return label === undefined ? `(${action}: no key)` : `${context.prefixLabel} ${label}`;
  };
  const keys = { allow: key('approve'), deny: key('deny'), abort: key('abort'), jump: key('next-waiting') };
  const ownership = approvalOwner(
    waiting.map((p) => p.id),
    workspace.focusedPaneId,
    keys.jump,
  );
  return {
    waiting: waiting.map((p) => ({
      paneId: p.id,
      agent: p.agent ?? p.command,
      question: p.question ?? 'waits for your answer',
      questionId: p.waiting?.id,
    })),
    ...ownership,
    keys,
  };
}

/** A focused pane whose program ended explains how to get rid of it. */
function exitedHint(workspace: Workspace): ChromeState['message'] {
  const pane = workspace.focusedPane;
  if (pane?.asleep) return { text: `pane ${pane.id} (${pane.agent ?? pane.command}) is asleep: press Enter to resume it`, tone: 'info' };
  if (pane && !pane.installed) return { text: `${pane.agent ?? pane.command} is not installed: press Enter to close this pane`, tone: 'info' };
  if (!pane?.isExited) return undefined;
  return { text: `pane ${pane.id} exited with status ${pane.exitCode ?? '?'}: press Enter to close it`, tone: 'info' };
}

/** Work of the project file waiting for approval: said to every client showing the workspace until it is approved. */
function waitingHint(workspace: Workspace): ChromeState['message'] {
  const text = waitingNote(workspace);
  return text === undefined ? undefined : { text, tone: 'question' };
}
