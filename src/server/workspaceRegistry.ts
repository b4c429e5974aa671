// All workspaces of the server, the panes in them, and the rules for creating and closing them.

import type { SplitSide } from '../mosaic/index.js';
import type { Settings } from '../store/settingsDefaults.js';
import type { Pane } from './pane.js';
import type { LaunchRequest } from './launchPlan.js';
import type { PaneFactory } from './paneFactory.js';
import { RefusedError, STATUS_BAR_ROWS, Workspace, type WorkspaceSettings } from './workspace.js';

const WORKSPACE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Size of a workspace that no terminal has shown yet (tmux uses the same default). */
export const DETACHED_SIZE = { cols: 80, rows: 24 };

export interface RegistryEvents {
  /** Some pane's "needs you" mark was cleared. */
  attentionCleared(): void;
  /** A pane was started (first pane of a workspace, or a split). */
  paneAdded(pane: Pane, workspace: Workspace): void;
  /** A workspace's last pane closed: the workspace is gone. */
  workspaceClosed(workspace: Workspace): void;
}

export class WorkspaceRegistry {
  private readonly workspaces = new Map<string, Workspace>();
  /** Most recently used first: the default target for attach and commands. */
  private recent: string[] = [];

  constructor(
    private readonly factory: PaneFactory,
    /** The settings in force now. */
    private readonly settings: () => Settings,
    private readonly events: RegistryEvents,
  ) {}

  /** Panes anywhere that finished or wait while nobody looked. */
  needYou(): number {
    let count = 0;
    for (const workspace of this.workspaces.values()) for (const pane of workspace.panes.values()) if (pane.attention) count++;
    return count;
  }

  list(): Workspace[] {
    return [...this.workspaces.values()];
  }

  get(name: string): Workspace | undefined {
    return this.workspaces.get(name);
  }

  require(name: string): Workspace {
    const workspace = this.workspaces.get(name);
    if (!workspace) throw new RefusedError(`no workspace named '${name}'`);
    return workspace;
  }

  mostRecent(): Workspace | undefined {
    const name = this.recent[0];
    return name === undefined ? undefined : this.workspaces.get(name);
  }

  touch(workspace: Workspace): void {
    this.recent = [workspace.name, ...this.recent.filter((n) => n !== workspace.name)];
  }

  /** Creates a workspace whose first pane runs argv (default: the user's shell). */
  create(options: { name?: string; cwd: string; launch?: LaunchRequest; size?: { cols: number; rows: number }; settings?: WorkspaceSettings }): Workspace {
    const name = options.name ?? this.freeName();
    if (!WORKSPACE_NAME.test(name)) {
      throw new RefusedError(`invalid workspace name '${name}': use letters, digits, '.', '_' or '-' (at most 64, not starting with '.', '_' or '-')`);
    }
    if (this.workspaces.has(name)) throw new RefusedError(`a workspace named '${name}' exists already`);
    const size = options.size ?? DETACHED_SIZE;
    const settings = options.settings ?? { bypassPermissions: false };
    const pane = this.factory.create({
      ...withWorkspaceDefaults(options.launch ?? {}, settings),
      cwd: options.cwd,
      cols: size.cols,
      rows: Math.max(1, size.rows - STATUS_BAR_ROWS - 1),
    });
    const workspace = new Workspace(name, options.cwd, pane, size, settings);
    workspace.attentionCleared = () => this.events.attentionCleared();
    this.workspaces.set(name, workspace);
    this.watchPane(workspace, pane);
    this.events.paneAdded(pane, workspace);
    this.touch(workspace);
    return workspace;
  }

  findPane(paneId: number): { pane: Pane; workspace: Workspace } | undefined {
    for (const workspace of this.workspaces.values()) {
      const pane = workspace.panes.get(paneId);
      if (pane) return { pane, workspace };
    }
    return undefined;
  }

  requirePane(paneId: number): { pane: Pane; workspace: Workspace } {
    const found = this.findPane(paneId);
    if (!found) throw new RefusedError(`no pane ${paneId}`);
    return found;
  }

  /** Splits a pane; the new one starts in `cwd` or the split pane's current directory. */
  split(paneId: number, side: SplitSide, options: { cwd?: string; launch?: LaunchRequest; keepFocus?: boolean }): Pane {
    const { pane: target, workspace } = this.requirePane(paneId);
    workspace.checkSplit(paneId, side);
    const rect = workspace.layout.panes.get(paneId)?.content ?? { width: DETACHED_SIZE.cols, height: DETACHED_SIZE.rows };
    const pane = this.factory.create({
      ...withWorkspaceDefaults(options.launch ?? {}, workspace.settings),
      cwd: options.cwd ?? target.cwd,
      cols: side === 'right' ? Math.max(1, Math.floor(rect.width / 2)) : rect.width,
      rows: side === 'down' ? Math.max(1, Math.floor(rect.height / 2)) : rect.height,
    });
    workspace.addSplit(paneId, pane, side, !options.keepFocus);
    this.watchPane(workspace, pane);
    this.events.paneAdded(pane, workspace);
    return pane;
  }

  /**
   * Starts a pane's program again in the same place (same id, directory and size), e.g. an agent woken from sleep;
   * `change` adjusts what was asked for the first time. The old pane is closed once the new one runs.
   */
  async restartPane(paneId: number, change: (request: LaunchRequest) => LaunchRequest): Promise<Pane> {
    const { pane: old, workspace } = this.requirePane(paneId);
    const pane = this.factory.create(
      { ...withWorkspaceDefaults(change(old.request ?? {}), workspace.settings), cwd: old.cwd, cols: old.cols, rows: old.rows },
      old.id,
    );
    workspace.replacePane(pane);
    this.watchPane(workspace, pane);
    this.events.paneAdded(pane, workspace);
    await old.close();
    return pane;
  }

  /** Closes a pane and ends its processes. Closing the last pane closes the workspace. */
  async closePane(paneId: number): Promise<void> {
    const { pane, workspace } = this.requirePane(paneId);
    const remaining = workspace.removePane(paneId);
    if (!remaining) this.removeWorkspace(workspace);
    await pane.close();
  }

  async closeAll(): Promise<void> {
    const panes = this.list().flatMap((w) => [...w.panes.values()]);
    for (const workspace of this.list()) this.workspaces.delete(workspace.name);
    this.recent = [];
    await Promise.all(panes.map((p) => p.close()));
  }

  private removeWorkspace(workspace: Workspace): void {
    this.workspaces.delete(workspace.name);
    this.recent = this.recent.filter((n) => n !== workspace.name);
    this.events.workspaceClosed(workspace);
  }

  private watchPane(workspace: Workspace, pane: Pane): void {
    pane.onMeta(() => workspace.notify());
    pane.onExit(() => {
      const cleanShellExit = pane.kind === 'shell' && pane.exitCode === 0;
      if (cleanShellExit && this.settings().closeOnCleanShellExit && workspace.panes.get(pane.id) === pane) {
        void this.closePane(pane.id);
      } else {
        workspace.notify();
      }
    });
  }

  private freeName(): string {
    for (let n = 0; ; n++) if (!this.workspaces.has(String(n))) return String(n);
  }
}

/**
 * What a pane inherits from its workspace: the workspace's shell for terminal panes, and for agents
 * the bypass flag (when the workspace has it on and the request does not say otherwise).
 */
function withWorkspaceDefaults(launch: LaunchRequest, settings: WorkspaceSettings): LaunchRequest {
  const withShell = { ...launch, workspaceShell: settings.shell };
  if (!launch.agent || !settings.bypassPermissions || launch.agent.bypassPermissions !== undefined) return withShell;
  return { ...withShell, agent: { ...launch.agent, bypassPermissions: true } };
}
