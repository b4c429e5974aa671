// All workspaces of the server: the open ones (panes running) and the dormant ones (a record only),
// and the rules for creating, opening and closing them.

import path from 'node:path';
import type { SplitSide } from '../../mosaic/index.js';
import type { Settings } from '../../store/settingsDefaults.js';
import { checkWorkspaceName, nameFromFolder } from '../../store/workspaceName.js';
import type { WorkspaceRecord } from '../../store/workspaceRecord.js';
import type { Pane } from '../panes/pane.js';
import type { LaunchRequest } from '../panes/launchPlan.js';
import type { AdoptedPane, PaneFactory } from '../panes/paneFactory.js';
import { PaneHome } from '../panes/paneHome.js';
import { hydrateWorkspace } from '../records/hydrate.js';
import { freeSlot, workspaceEnvironment } from '../records/workspaceEnv.js';
import { ProjectTrust } from '../project/projectTrust.js';
import { RecordKeeper } from '../records/recordKeeper.js';
import { emptiedRecord, snapshotRecord } from '../records/snapshot.js';
import { RefusedError, STATUS_BAR_ROWS, Workspace, singlePane, type WorkspaceOrigin, type WorkspaceSettings } from './workspace.js';

/** Size of a workspace that no terminal has shown yet (tmux uses the same default). */
export const DETACHED_SIZE = { cols: 80, rows: 24 };

export interface RegistryEvents {
  /** Some pane's "needs you" mark was cleared. */
  attentionCleared(): void;
  /** A pane was started (first pane of a workspace, or a split); `home` is the workspace it is in, now and after a move. */
  paneAdded(pane: Pane, home: PaneHome): void;
  /** A running pane moved from one workspace to another (move-pane, break-pane). */
  paneMoved?(pane: Pane, from: Workspace, to: Workspace): void;
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
  /** Where each running pane is now: its watchers read it, move-pane and break-pane change it. */
  private readonly homes = new WeakMap<Pane, PaneHome>();

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

  /** The open workspaces' names, most recently used first. */
  recentNames(): string[] {
    return this.recent.filter((name) => this.workspaces.has(name));
  }

  /** Puts the open workspaces in this order of use, most recent first (the order of the server this one took over from). */
  restoreRecent(names: readonly string[]): void {
    const known = names.filter((name) => this.workspaces.has(name));
    this.recent = [...known, ...this.recent.filter((name) => !known.includes(name))];
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

  /**
   * Takes over a workspace that runs in a server of another version (an upgrade): `build` makes it
   * around panes whose programs run already. Called in the old server's order; restoreRecent() after.
   */
  takeOver(build: (adopt: (pane: AdoptedPane) => Pane) => Workspace): Workspace {
    const workspace = build((pane) => this.factory.adopt(pane));
    if (this.workspaces.has(workspace.name)) throw new Error(`workspace ${workspace.name} is taken over twice`);
    workspace.attentionCleared = () => this.events.attentionCleared();
    this.workspaces.set(workspace.name, workspace);
    workspace.onChange(() => this.saveSoon(workspace));
    for (const pane of workspace.panes.values()) this.events.paneAdded(pane, this.watchPane(workspace, pane));
    this.recent.push(workspace.name);
    return workspace;
  }

  /**
   * Writes an open workspace's record now (not a moment from now): for changes a restart must not lose. The write
   * waits for the disk in the background; a command that made the change replies once it is over (records.whenWritten).
   */
  saveNow(workspace: Workspace): void {
    if (this.workspaces.get(workspace.name) === workspace) void this.records.put(snapshotRecord(workspace));
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
    this.events.paneAdded(pane, this.watchPane(workspace, pane));
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
    this.events.paneAdded(pane, this.watchPane(workspace, pane));
    await old.close();
    return pane;
  }

  /** Closes a pane and ends its processes. Closing the last pane leaves the workspace dormant and empty. */
  async closePane(paneId: number): Promise<void> {
    const { pane, workspace } = this.requirePane(paneId);
    this.leave(workspace, paneId);
    await pane.close();
  }

  /**
   * Moves a running pane next to pane `targetId` (tmux's join-pane), in its own workspace or another:
   * the program, its screen and scrollback stay; the workspace it leaves closes the gap as when a pane
   * closes, and is left dormant and empty when it was its last pane. Both records are written now.
   */
  movePane(paneId: number, targetId: number, side: SplitSide): { from: Workspace; to: Workspace } {
    const { pane, workspace: from } = this.requirePane(paneId);
    const { workspace: to } = this.requirePane(targetId);
    if (from === to) {
      from.movePane(paneId, targetId, side);
      this.saveNow(from);
      return { from, to };
    }
    to.checkSplit(targetId, side);
    this.leave(from, paneId);
    to.addSplit(targetId, pane, side, true);
    this.arrive(pane, from, to);
    return { from, to };
  }

  /**
   * Moves a running pane into a new workspace of its own (tmux's break-pane), named `name` or after
   * the pane. The new workspace is an adopted one on the same folder, with the same shell and
   * permission choice; its record is written before the pane leaves, so a failure moves nothing.
   */
  breakPane(paneId: number, name?: string): Workspace {
    const { pane, workspace: from } = this.requirePane(paneId);
    if (from.panes.size === 1) throw new RefusedError(`pane ${paneId} is the only pane of ${from.name}: there is nothing to break it away from (rename the workspace instead)`);
    const newName = name ?? this.freeName(paneName(pane));
    this.checkNewName(newName);
    const settings = { bypassPermissions: from.settings.bypassPermissions, shell: from.settings.shell };
    const workspace = new Workspace(newName, from.cwd, singlePane(pane), from.size, settings, { kind: 'adopted', created: new Date().toISOString() });
    workspace.env = this.envFor(newName, from.cwd);
    workspace.lastOpened = new Date().toISOString();
    try {
      this.records.putNew(snapshotRecord(workspace));
    } catch (error) {
      from.replacePane(pane); // the new workspace resized it: back to its place's size
      throw new RefusedError(`pane ${paneId} was not moved: the new workspace's record cannot be saved (${(error as Error).message})`);
    }
    this.leave(from, paneId);
    this.register(workspace, { saved: true });
    this.arrive(pane, from, workspace);
    return workspace;
  }

  /** Takes a pane out of a workspace (closed or moved away); the last one leaves it dormant and empty. */
  private leave(workspace: Workspace, paneId: number): void {
    const record = snapshotRecord(workspace);
    if (workspace.removePane(paneId)) {
      this.saveNow(workspace);
      return;
    }
    void this.records.put(emptiedRecord(record));
    this.removeWorkspace(workspace, 'emptied');
  }

  /** A pane that moved is in `to` now, for everything that watches it; `to`'s record says so at once. */
  private arrive(pane: Pane, from: Workspace, to: Workspace): void {
    const home = this.homes.get(pane);
    if (home) home.workspace = to;
    this.saveNow(to);
    this.events.paneMoved?.(pane, from, to);
  }

  /** Ends every pane of an open workspace and keeps its record as it was (dormant, same panes). */
  async stop(name: string, how: Exclude<ClosedHow, 'emptied'> = 'ended'): Promise<void> {
    const workspace = this.workspaces.get(name);
    if (!workspace) return;
    const written = this.records.put(snapshotRecord(workspace));
    this.removeWorkspace(workspace, how);
    await Promise.all([written, ...[...workspace.panes.values()].map((p) => p.close())]);
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
    if (record) void this.records.put({ ...record, branch });
  }

  /** Ends a workspace's panes and forgets its record (files are the caller's business). */
  async forget(name: string): Promise<void> {
    await this.stop(name);
    this.records.forget(name);
    this.events.removed?.(name);
  }

  /** The server stops: records are written as they are now, then every pane ends. */
  async closeAll(): Promise<void> {
    for (const workspace of this.list()) this.records.putNow(snapshotRecord(workspace));
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
    this.register(workspace, options);
    for (const pane of workspace.panes.values()) this.events.paneAdded(pane, this.watchPane(workspace, pane));
  }

  /** The workspace is one of the open ones now (its panes are watched by the caller). */
  private register(workspace: Workspace, options: { saved?: boolean }): void {
    workspace.attentionCleared = () => this.events.attentionCleared();
    this.workspaces.set(workspace.name, workspace);
    workspace.onChange(() => this.saveSoon(workspace));
    this.events.started?.(workspace, options.saved ? 'created' : 'opened');
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

  private watchPane(workspace: Workspace, pane: Pane): PaneHome {
    const home = new PaneHome(workspace);
    this.homes.set(pane, home);
    pane.onMeta(() => home.workspace.notify());
    pane.onExit(() => {
      const cleanShellExit = pane.kind === 'shell' && pane.exitCode === 0;
      const { workspace: now } = home;
      if (cleanShellExit && this.settings().closeOnCleanShellExit && now.panes.get(pane.id) === pane && this.workspaces.get(now.name) === now) {
        void this.closePane(pane.id);
      } else {
        now.notify();
      }
    });
    return home;
  }

  /** `base` (or 0, 1, … without one), else `base-2`, `base-3`, …: the first name no workspace has. */
  private freeName(base?: string): string {
    if (base === undefined) {
      for (let n = 0; ; n++) if (!this.taken(String(n))) return String(n);
    }
    if (!this.taken(base)) return base;
    for (let n = 2; ; n++) if (!this.taken(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/** A workspace name from what a pane runs (its title, agent or program), in the characters names allow. */
function paneName(pane: Pane): string {
  const name = nameFromFolder(pane.userTitle || pane.agent || path.basename(pane.command.split(' ')[0] ?? '')).slice(0, 48);
  return name === 'workspace' || checkWorkspaceName(name) ? `pane-${pane.id}` : name;
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
