// Viewer panes: a file, the workspace's diff, or its stack's logs, opened in a pane whose program is
// tessera's own viewer. One viewer per file (and one diff, one logs viewer) per workspace: opening it
// again focuses it (and reads the diff again); q in the viewer closes its pane.

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { modeFor, type ViewMode } from '../../viewer/mode.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { WorkspaceRegistry } from '../workspaces/workspaceRegistry.js';
import { fileInsideRoot } from './insideRoot.js';

/**
 * The viewer program: beside the server's bundle (every bundle output sits one folder below dist/, see
 * scripts/build.mjs); when the server runs from its sources (the in-process tests), the built one.
 */
const VIEWER_ENTRY = [new URL('../viewer/main.js', import.meta.url), new URL('../../../dist/viewer/main.js', import.meta.url)]
  .map((url) => fileURLToPath(url))
  .find((file) => fs.existsSync(file)) ?? fileURLToPath(new URL('../viewer/main.js', import.meta.url));

export interface OpenedViewer {
  paneId: number;
  /** The file had a viewer already: it was focused, not opened again. */
  existing: boolean;
  file: string;
}

export class ViewerPanes {
  constructor(private readonly registry: WorkspaceRegistry) {}

  /** Opens `file` (relative to `baseDir`, inside the workspace folder) in a viewer beside a pane (default: the focused one). */
  open(workspace: Workspace, file: string, baseDir: string, options: { mode?: ViewMode; beside?: number; line?: number } = {}): OpenedViewer {
    const real = fileInsideRoot(workspace.cwd, baseDir, file);
    const existing = [...workspace.panes.values()].find((p) => p.viewer === real && p.isLive);
    if (existing) {
      workspace.focus(existing.id);
      return { paneId: existing.id, existing: true, file: real };
    }
    const pane = this.start(workspace, real, [options.mode ?? modeFor(real), real, ...(options.line === undefined ? [] : [String(options.line)])], options.beside);
    return { paneId: pane.id, existing: false, file: real };
  }

  /** Opens the workspace's diff in a viewer pane; when one is open, focuses it and has it read the diff again. */
  openDiff(workspace: Workspace): OpenedViewer {
    const key = `diff:${workspace.cwd}`;
    const existing = [...workspace.panes.values()].find((p) => p.viewer === key && p.isLive);
    if (existing) {
      workspace.focus(existing.id);
      askToReread(existing);
      return { paneId: existing.id, existing: true, file: workspace.cwd };
    }
    const pane = this.start(workspace, key, ['diff', workspace.cwd]);
    return { paneId: pane.id, existing: false, file: workspace.cwd };
  }

  /**
   * Opens the workspace's stack logs in a viewer pane that follows them; with `hook`, one that runs
   * that hook and shows its log as it comes. One of each per workspace: opening it again focuses it,
   * and a hook's viewer goes back to its log and runs the hook again.
   */
  openLogs(workspace: Workspace, options: { hook?: string } = {}): OpenedViewer {
    const key = `logs:${workspace.name}${options.hook === undefined ? '' : `:hook:${options.hook}`}`;
    const existing = [...workspace.panes.values()].find((p) => p.viewer === key && p.isLive);
    if (existing) {
      workspace.focus(existing.id);
      if (options.hook !== undefined) askToReread(existing);
      return { paneId: existing.id, existing: true, file: workspace.cwd };
    }
    const pane = this.start(workspace, key, ['logs', workspace.name, ...(options.hook === undefined ? [] : [`hook:${options.hook}`, 'run'])]);
    return { paneId: pane.id, existing: false, file: workspace.cwd };
  }

  /** The workspace's files changed: its open diff viewer reads the diff again (keeping its place). */
  refreshDiff(name: string): void {
    const workspace = this.registry.get(name);
    if (!workspace) return;
    const key = `diff:${workspace.cwd}`;
    const viewer = [...workspace.panes.values()].find((p) => p.viewer === key && p.isLive);
    if (viewer) askToReread(viewer);
  }

  private start(workspace: Workspace, key: string, viewerArgs: string[], beside?: number): Pane {
    const pane = this.registry.split(beside ?? workspace.focusedPaneId, 'right', {
      cwd: workspace.cwd,
      launch: { argv: [process.execPath, VIEWER_ENTRY, ...viewerArgs] },
    });
    pane.viewer = key;
    this.closeOnQuit(workspace, pane);
    return pane;
  }

  /**
   * The viewer panes of a workspace taken over from the server of another version (an upgrade): the
   * same viewer program runs on, found again by what it shows, and q closes its pane as if opened here.
   */
  adopt(workspace: Workspace): void {
    for (const pane of workspace.panes.values()) if (pane.viewer !== undefined && pane.isLive) this.closeOnQuit(workspace, pane);
  }

  /** Held by the pane (released when it closes), so a viewer closed by kill-pane leaves no listener behind. */
  private closeOnQuit(workspace: Workspace, pane: Pane): void {
    const quit = pane.onExit(() => {
      // q in the viewer: the pane goes too. A crash keeps the pane, with its exit status, to be seen.
      // An unknown status is a viewer taken over in an upgrade (not this server's child: the system
      // reaped it): taken as q, so a crash of such a viewer closes its pane too.
      const asked = pane.exitCode === 0 || pane.exitCode === undefined;
      if (asked && workspace.panes.has(pane.id)) void this.registry.closePane(pane.id).catch(() => undefined);
    });
    pane.own(quit);
  }
}

/**
 * SIGUSR1 makes a diff viewer read the diff again (a hook's logs viewer: run it again); only once it
 * has drawn (its alternate screen is up) is its handler in place.
 */
function askToReread(viewer: Pane): void {
  if (viewer.emulator.terminal.buffer.active.type !== 'alternate' || viewer.pid <= 1) return;
  try {
    process.kill(viewer.pid, 'SIGUSR1');
  } catch {
    // It ended this moment: its pane says so.
  }
}
