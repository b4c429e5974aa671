// All workspaces of the server: the open ones (panes running) and the dormant ones (a record only),
// and the rules for creating, opening and closing them.

import type { SplitSide } from '../mosaic/index.js';
import type { Settings } from '../store/settingsDefaults.js';
import { checkWorkspaceName } from '../store/workspaceName.js';
import type { WorkspaceRecord } from '../store/workspaceRecord.js';
import type { Pane } from './pane.js';
import type { LaunchRequest } from './launchPlan.js';
import type { PaneFactory } from './paneFactory.js';
import { hydrateWorkspace } from './records/hydrate.js';
import { freeSlot, workspaceEnvironment } from './records/workspaceEnv.js';
import { ProjectTrust } from './project/projectTrust.js';
import { RecordKeeper } from './records/recordKeeper.js';
import { emptiedRecord, snapshotRecord } from './records/snapshot.js';
import { RefusedError, STATUS_BAR_ROWS, Workspace, singlePane, type WorkspaceOrigin, type WorkspaceSettings } from './workspace.js';

/** Size of a workspace that no terminal has shown yet (tmux uses the same default). */
export const DETACHED_SIZE = { cols: 80, rows: 24 };

export interface RegistryEvents {
  /** Some pane's "needs you" mark was cleared. */
  attentionCleared(): void;
  /** A pane was started (first pane of a workspace, or a split). */
  paneAdded(pane: Pane, workspace: Workspace): void;
  /** A dormant workspace was started from its record (its panes run now). */
  opened?(workspace: Workspace): void;
  /** A workspace is dormant now: its last pane closed ('emptied'), or its panes were stopped ('stopped': stop; 'ended': rm, reset). */
  workspaceClosed(workspace: Workspace, how: ClosedHow): void;
  /** A workspace starts running: made now ('created') or started from its record ('opened'); before its panes are added. */
  started?(workspace: Workspace, how: 'created' | 'opened'): void;
  /** A workspace was forgotten (rm): its record is gone. */
  removed?(name: string): void;
  /** A workspace (open or dormant) has a new name. */
  renamed?(from: string, to: string): void;
  /** Something went wrong that the user should see in the log (a pane of a record that could not start). */
  log?(text: string): void;
}

/** Why a workspace stopped running: its last pane closed, `tessera stop`, or rm/reset ending its panes first. */
export type ClosedHow = 'emptied' | 'stopped' | 'ended';

export interface CreateOptions {
  name?: string;
  cwd: string;
  launch?: LaunchRequest;
  size?: { cols: number; rows: number };
  settings?: WorkspaceSettings;
  origin?: Omit<WorkspaceOrigin, 'created'>;
}

export class WorkspaceRegistry {
  private readonly workspaces = new Map<string, Workspace>();
  /** Most recently used first: the default target for attach and commands. */
  private recent: string[] = [];
  /** A workspace's stack variables (its recorded slot and ports, see stack/), given to its panes over the settings' ports. */
  stackVariables: (name: string, dir: string) => Record<string, string> | undefined = () => undefined;
  /** Names being created right now (a git worktree or clone takes a while): a second create waits its turn and fails. */
  private readonly reserved = new Set<string>();

  constructor(
    private readonly factory: PaneFactory,
    /** The settings in force now. */
    private readonly settings: () => Settings,
    private readonly events: RegistryEvents,
    readonly records: RecordKeeper = new RecordKeeper(undefined),
    /** Project files (.tessera.json) the user approved, and what waits for an approval in each workspace. */
    readonly projects: ProjectTrust = new ProjectTrust(undefined),
  ) {}

  /** Panes anywhere that finished or wait while nobody looked. */
  needYou(): number {
    let count = 0;
    for (const workspace of this.workspaces.values()) for (const pane of workspace.panes.values()) if (pane.attention) count++;
    return count;
  }

  /** The open workspaces. */
  list(): Workspace[] {
    return [...this.workspaces.values()];
  }

  /** Records of the workspaces that have no running panes (after a restart, or emptied). */
  dormant(): WorkspaceRecord[] {
    return this.records.all().filter((r) => !this.workspaces.has(r.name));
  }

  /** Every workspace by name, open or dormant, each with its record (an open one's as of now). */
  all(): { record: WorkspaceRecord; live: Workspace | undefined }[] {
    const open = this.list().map((w) => ({ record: snapshotRecord(w), live: w as Workspace | undefined }));
    return [...open, ...this.dormant().map((record) => ({ record, live: undefined }))];
  }

  get(name: string): Workspace | undefined {
    return this.workspaces.get(name);
  }

  /** An open workspace. */
  require(name: string): Workspace {
    const workspace = this.workspaces.get(name);
    if (workspace) return workspace;
    if (this.records.get(name)) throw new RefusedError(`workspace '${name}' is dormant; open it with 'tessera attach -t ${name}'`);
    throw new RefusedError(`no workspace named '${name}'`);
  }

  /** A workspace, started from its record when it is dormant (once: a second open finds it running). */
  open(name: string, size: { cols: number; rows: number } = DETACHED_SIZE): Workspace {
    const live = this.workspaces.get(name);
    if (live) return live;
    const record = this.records.get(name);
    if (!record) throw new RefusedError(`no workspace named '${name}'`);
    const env = this.envFor(record.name, record.path);
    const workspace = hydrateWorkspace(record, size, {
      createPane: (launch, cwd, paneSize, id) =>
        this.factory.create({ ...withWorkspaceDefaults(launch, workspaceSettings(record)), cwd, ...paneSize, workspaceEnv: env }, id !== undefined && !this.findPane(id) ? id : undefined),
      log: (text) => this.events.log?.(text),
    });
    workspace.env = env;
    this.adopt(workspace);
    this.events.opened?.(workspace);
    return workspace;
  }

  /** Writes an open workspace's record now (not a moment from now): for changes a restart must not lose. */
  saveNow(workspace: Workspace): void {
    if (this.workspaces.get(workspace.name) === workspace) this.records.put(snapshotRecord(workspace));
  }

  /** The variables of a workspace about to open: its slot is the smallest no open workspace holds. */
  private envFor(name: string, dir: string): Record<string, string> {
    const slot = freeSlot(this.list().map((w) => Number(w.env.TESSERA_SLOT)));
    return { ...workspaceEnvironment({ name, dir, slot }, this.settings().ports), ...this.stackVariables(name, dir) };
  }

  /** True when the name is used by an open or dormant workspace, or one being created. */
  taken(name: string): boolean {
    return this.workspaces.has(name) || this.records.taken(name) || this.reserved.has(name);
  }

  /** Holds a name while its folder is prepared (git worktree, clone); release() when done or failed. */
  reserve(name: string): { release(): void } {
    this.checkNewName(name);
    this.reserved.add(name);
    return { release: () => this.reserved.delete(name) };
  }

  mostRecent(): Workspace | undefined {
    const name = this.recent[0];
    return name === undefined ? undefined : this.workspaces.get(name);
  }

  touch(workspace: Workspace): void {
    this.recent = [workspace.name, ...this.recent.filter((n) => n !== workspace.name)];
    workspace.lastOpened = new Date().toISOString();
    this.saveSoon(workspace);
  }

  /**
   * Gives a workspace (open or dormant) another name: its record is written under the new name
   * before the old one is deleted, so a failure leaves it as it was. Its folder and branch stay;
   * panes started from now on get the new TESSERA_WORKSPACE (running programs keep theirs).
   */
  rename(oldName: string, newName: string): WorkspaceRecord {
    const live = this.workspaces.get(oldName);
    const record = live ? snapshotRecord(live) : this.records.get(oldName);
    if (!record) throw new RefusedError(`no workspace named '${oldName}'`);
    if (newName === oldName) return record;
    this.checkNewName(newName);
    const renamed = { ...record, name: newName };
    try {
      this.records.putNew(renamed);
    } catch (error) {
      throw new RefusedError(`workspace ${oldName} was not renamed: its record cannot be saved (${(error as Error).message})`);
    }
    this.records.forget(oldName);
    if (live) {
      this.workspaces.delete(oldName);
      live.name = newName;
      live.env = { ...live.env, TESSERA_WORKSPACE: newName };
      this.workspaces.set(newName, live);
      live.notify();
    }
    this.recent = this.recent.map((n) => (n === oldName ? newName : n));
    this.events.renamed?.(oldName, newName);
    return renamed;
  }

  /** Creates a workspace whose first pane runs argv (default: the user's shell). */
  create(options: CreateOptions & { reservation?: boolean }): Workspace {
    const name = options.name ?? this.freeName();
    if (!options.reservation) this.checkNewName(name);
    const size = options.size ?? DETACHED_SIZE;
    const settings = options.settings ?? { bypassPermissions: false };
    const launch = options.launch ?? {};
    const env = this.envFor(name, options.cwd);
    const pane = this.factory.create({
      ...withWorkspaceDefaults(launch, settings),
      workspaceEnv: env,
      cwd: options.cwd,
      cols: size.cols,
      rows: Math.max(1, size.rows - STATUS_BAR_ROWS - 1),
    });
    const origin: WorkspaceOrigin = { kind: 'adopted', ...options.origin, created: new Date().toISOString() };
    const workspace = new Workspace(name, options.cwd, singlePane(pane), size, settings, origin);
    workspace.env = env;
    // Opened now (as touch() would say), so the record written here is the one write a create costs.
    workspace.lastOpened = new Date().toISOString();
    try {
      this.records.putNew(snapshotRecord(workspace));
    } catch (error) {
      void pane.close();
      throw new RefusedError(`workspace ${name} was not made: its record cannot be saved (${(error as Error).message})`);
    }
    this.adopt(workspace, { saved: true });
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
    const launch = options.launch ?? {};
    const pane = this.factory.create({
      ...withWorkspaceDefaults(launch, workspace.settings),
      workspaceEnv: workspace.env,
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
      { ...withWorkspaceDefaults(change(old.request ?? {}), workspace.settings), workspaceEnv: workspace.env, cwd: old.cwd, cols: old.cols, rows: old.rows },
      old.id,
    );
    workspace.replacePane(pane);
    this.watchPane(workspace, pane);
    this.events.paneAdded(pane, workspace);
    await old.close();
    return pane;
  }

  /** Closes a pane and ends its processes. Closing the last pane leaves the workspace dormant and empty. */
  async closePane(paneId: number): Promise<void> {
    const { pane, workspace } = this.requirePane(paneId);
    const record = snapshotRecord(workspace);
    const remaining = workspace.removePane(paneId);
    if (!remaining) {
      this.records.put(emptiedRecord(record));
      this.removeWorkspace(workspace, 'emptied');
    }
    await pane.close();
  }

  /** Ends every pane of an open workspace and keeps its record as it was (dormant, same panes). */
  async stop(name: string, how: Exclude<ClosedHow, 'emptied'> = 'ended'): Promise<void> {
    const workspace = this.workspaces.get(name);
    if (!workspace) return;
    this.records.put(snapshotRecord(workspace));
    this.removeWorkspace(workspace, how);
    await Promise.all([...workspace.panes.values()].map((p) => p.close()));
  }

  /** The branch now checked out in a workspace's folder, kept in its record (ls, reset and land read it). */
  setBranch(name: string, branch: string): void {
    const live = this.workspaces.get(name);
    if (live) {
      live.origin.branch = branch;
      this.saveNow(live);
      live.notify();
      return;
    }
    const record = this.records.get(name);
    if (record) this.records.put({ ...record, branch });
  }

  /** Ends a workspace's panes and forgets its record (files are the caller's business). */
  async forget(name: string): Promise<void> {
    await this.stop(name);
    this.records.forget(name);
    this.events.removed?.(name);
  }

  /** The server stops: records are written as they are now, then every pane ends. */
  async closeAll(): Promise<void> {
    for (const workspace of this.list()) this.records.put(snapshotRecord(workspace));
    this.records.close();
    const panes = this.list().flatMap((w) => [...w.panes.values()]);
    for (const workspace of this.list()) this.workspaces.delete(workspace.name);
    this.recent = [];
    await Promise.all(panes.map((p) => p.close()));
  }

  private checkNewName(name: string): void {
    const problem = checkWorkspaceName(name);
    if (problem) throw new RefusedError(problem);
    if (this.taken(name)) throw new RefusedError(`a workspace named '${name}' exists already`);
  }

  /** Makes a started workspace one of the open ones: its panes watched, its changes saved. */
  /** `saved`: its record was just written as it is, opened now; it only becomes the most recent. */
  private adopt(workspace: Workspace, options: { saved?: boolean } = {}): void {
    workspace.attentionCleared = () => this.events.attentionCleared();
    this.workspaces.set(workspace.name, workspace);
    workspace.onChange(() => this.saveSoon(workspace));
    this.events.started?.(workspace, options.saved ? 'created' : 'opened');
    for (const pane of workspace.panes.values()) {
      this.watchPane(workspace, pane);
      this.events.paneAdded(pane, workspace);
    }
    if (options.saved) this.recent = [workspace.name, ...this.recent.filter((n) => n !== workspace.name)];
    else this.touch(workspace);
  }

  private saveSoon(workspace: Workspace): void {
    this.records.saveSoon(workspace.name, () => (this.workspaces.get(workspace.name) === workspace ? snapshotRecord(workspace) : (this.records.get(workspace.name) as WorkspaceRecord)));
  }

  private removeWorkspace(workspace: Workspace, how: ClosedHow): void {
    this.workspaces.delete(workspace.name);
    this.recent = this.recent.filter((n) => n !== workspace.name);
    this.events.workspaceClosed(workspace, how);
  }

  private watchPane(workspace: Workspace, pane: Pane): void {
    pane.onMeta(() => workspace.notify());
    pane.onExit(() => {
      const cleanShellExit = pane.kind === 'shell' && pane.exitCode === 0;
      if (cleanShellExit && this.settings().closeOnCleanShellExit && workspace.panes.get(pane.id) === pane && this.workspaces.get(workspace.name) === workspace) {
        void this.closePane(pane.id);
      } else {
        workspace.notify();
      }
    });
  }

  private freeName(): string {
    for (let n = 0; ; n++) if (!this.taken(String(n))) return String(n);
  }
}

function workspaceSettings(record: WorkspaceRecord): WorkspaceSettings {
  return { prompt: record.prompt, bypassPermissions: record.bypassPermissions, shell: record.shell };
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
