// The background server: owns every workspace, pane and attached client, and answers the socket.

import fs from 'node:fs';
import net from 'node:net';
import { VERSION } from '../version.js';
import { PROTOCOL_VERSION, protocolRefusal } from '../protocol/messages.js';
import type { AttachMessage, RequestMessage } from '../protocol/messages.js';
import { ServerRunningError, claimSocketPath, inspectSocketFile, listenPrivately, secureSocketDirectory, type SocketFile } from '../protocol/socketSecurity.js';
import { configDirectory } from '../store/configDir.js';
import { AgentCatalog } from '../agents/agentCatalog.js';
import { AgentSupervisor } from './agent/agentSupervisor.js';
import { HistoryRecorder } from './agent/historyRecorder.js';
import { SessionTracker } from './agent/sessionTracker.js';
import { AnswerJournal } from './approval/answerJournal.js';
import { clientLabel } from './session/clientLabel.js';
import { SessionHistory } from '../store/sessionHistory.js';
import { serverStateDirectory } from '../store/stateDir.js';
import { recordedStackVariables } from './stack/stackEnv.js';
import { stacksFolder } from './stack/stackFiles.js';
import { stackUpMarks } from './stack/stackMarks.js';
import { ClientSession } from './session/clientSession.js';
import type { CommandContext } from './commands/command.js';
import { SERVER_COMMANDS } from './commands/index.js';
import { runCommandLine, type CommandLineOutcome } from './commands/commandLine.js';
import { handleConnection, type ConnectionHandlers, type RequestIo } from './connections/connection.js';
import type { ClientTransport } from './session/sessionHost.js';
import { ConnectionBudget } from './connections/connectionBudget.js';
import { CrashSweepNotice } from './process/crashSweep.js';
import { LoopDelayWindow } from './process/loopDelay.js';
import { memoryRelease } from './process/memoryRelease.js';
import { PaneFactory } from './panes/paneFactory.js';
import type { LiveSettings, ReloadOutcome } from './settings/liveSettings.js';
import { RecordKeeper } from './records/recordKeeper.js';
import { ProjectTrust } from './project/projectTrust.js';
import { startWaitingIfApproved } from './project/projectWork.js';
import { templateSources } from './templates/index.js';
import { ProjectApprovals } from '../store/projectApprovals.js';
import { ViewerPanes } from './viewers/viewerPanes.js';
import { RefusedError, type Workspace } from './workspaces/workspace.js';
import { WorkspaceRegistry } from './workspaces/workspaceRegistry.js';
import { openOrAdoptFolder } from './records/openFolder.js';
import { Passthrough } from './passthrough/passthrough.js';
import { WorkspaceList } from './workspaces/workspaceList.js';
import { HostLinks } from './hosts/hostLinks.js';
import { visibleText } from '../term/visibleText.js';
import { DiffSummaries } from './workspaces/diffSummaries.js';
import { ChangeCache } from '../git/changeCache.js';
import { ChangeCacheFile } from '../store/changeCacheFile.js';
import { keepChangesOnDisk, type KeptChanges } from './workspaces/keptChanges.js';
import { ConflictRadar } from './radar/conflictRadar.js';
import { SYSTEM_OS, type ServerOs } from './process/serverOs.js';
import { EVENT_READER_BACKLOG_BYTES, EVENT_RING_SIZE } from '../limits.js';
import { EventStream } from './events/eventStream.js';
import { watchPaneEvents } from './events/paneEvents.js';
import { Notifier } from './notifications/notifier.js';
import { NotifyCommandRunner } from './notifications/notifyCommand.js';
import type { HandoverMessage } from '../protocol/handover.js';
import type { PtyProcess } from '../pty/ptyProcess.js';
import type { PidRecords } from '../pty/pidRecords.js';
import { handOver, type HandingServer, type HandoverResult, type HandoverTarget } from './handover/handOver.js';
import { adoptWorkspace, type ProgramFor } from './handover/adoptWorkspace.js';
import { readHandedRecord } from './handover/handedRecord.js';
import { HandoverGate } from './handover/handoverGate.js';

/** What an attached client's connection passes on: its keys, its size, its going away. */
export type AttachedClient = ReturnType<ConnectionHandlers['attach']>;

export interface ServerOptions {
  socketPath: string;
  settings: LiveSettings;
  /** The server's environment (every pane's base). */
  env: NodeJS.ProcessEnv;
  /** Where each pane's processes are recorded, so a crashed server's orphans are swept; none in tests. */
  pidRecords?: PidRecords;
  log: (text: string) => void;
  crashSweep?: CrashSweepNotice;
  /** The workspace records (a RecordKeeper without a store keeps them in memory only). */
  records?: RecordKeeper;
  /** The operating system's part (starting programs in PTYs): the system's unless a test plays it. */
  os?: ServerOs;
}

export class Server {
  readonly registry: WorkspaceRegistry;
  private readonly viewers: ViewerPanes;
  /** Which conversation each agent pane is in (for sleep, wake and resume). */
  readonly sessions: SessionTracker;
  /** Every agent pane's monitor and initial prompt. */
  readonly agents: AgentSupervisor;
  readonly history: SessionHistory;
  /** Every answer given to an agent's question (the answer log). */
  readonly answers: AnswerJournal;
  /** Numbers attached clients for the answer log ("client 3 on /dev/pts/4"). */
  private clientCount = 0;
  private readonly recorder: HistoryRecorder;
  /** Every workspace in the strip's order. */
  private readonly workspaces: WorkspaceList;
  private readonly clients = new Set<ClientSession>();
  private catalogCache: { agents: unknown; error: string | undefined; catalog: AgentCatalog } | undefined;
  private readonly env: NodeJS.ProcessEnv;
  private listener: net.Server | undefined;
  /** The socket file this server bound, so shutdown removes that one and nothing else. */
  private boundSocket: SocketFile | undefined;
  private stopping = false;
  /** The event-loop delay window of `server-info --loop-delay`. */
  private readonly loopDelay = new LoopDelayWindow();
  /** Each workspace folder's change counts (ls, the strip, the radar share them). */
  private readonly changes = new ChangeCache();
  /** The change counts a next server starts from (a cold `ls` then asks git only of folders that changed). */
  private readonly keptChanges: KeptChanges;
  private readonly radar: ConflictRadar;
  private readonly budget = new ConnectionBudget();
  /** What happened, numbered, for `tessera events` (and the last EVENT_RING_SIZE of it for --since). */
  readonly events = new EventStream(EVENT_RING_SIZE, EVENT_READER_BACKLOG_BYTES);
  private readonly notifier: Notifier;
  private readonly factory: PaneFactory;
  /** What an upgrade lets through while it moves the panes (see handover/). */
  private readonly gate = new HandoverGate(() => this.listener);
  /** The server this one took over from in an upgrade (server-info). */
  private takenOver: { version: string; pid: number; at: string } | undefined;

  /** The links to the hosts of the `hosts` setting: their workspaces in the strip and switcher. */
  private readonly hosts: HostLinks;
  private readonly socketPath: string;
  private readonly settings: LiveSettings;
  private readonly log: (text: string) => void;
  /** What the sweep after a crash ended, if anything: told to the first client and in server-info. */
  private readonly crashSweep: CrashSweepNotice;

  constructor(options: ServerOptions) {
    const { socketPath, settings, env, log } = options;
    this.socketPath = socketPath;
    this.settings = settings;
    this.log = log;
    this.crashSweep = options.crashSweep ?? new CrashSweepNotice(undefined);
    const records = options.records ?? new RecordKeeper(undefined);
    this.keptChanges = keepChangesOnDisk(this.changes, new ChangeCacheFile(serverStateDirectory(socketPath, env), log), new Set(records.all().map((r) => r.path)));
    this.env = env;
    const factory = (this.factory = new PaneFactory(
      () => settings.settings,
      () => this.catalog(),
      socketPath,
      env,
      options.pidRecords,
      log,
      (options.os ?? SYSTEM_OS).spawnProgram,
    ));
    // Stored panes get their numbers back when their workspace opens: new panes start above them.
    factory.reserve(records.all().flatMap((record) => record.panes.flatMap((pane) => (pane.id === undefined ? [] : [pane.id]))));
    const agents = (this.agents = new AgentSupervisor({
      detectorFor: (agent) => this.catalog().find(agent)?.detector,
      isSeen: (pane, workspace) => this.isSeen(pane, workspace),
      alert: (pane, text, reason) => {
        const workspace = this.registry.findPane(pane.id)?.workspace;
        if (reason && workspace) this.notifier.needsYou(pane, workspace, reason, text);
        else for (const client of this.clients) client.alert(text); // the agent's own notification, passed on as it comes
        this.refreshAllChrome();
      },
    }));
    this.notifier = new Notifier(
      {
        settings: () => settings.settings,
        isSeen: (pane, workspace) => this.isSeen(pane, workspace),
        alertTerminals: (text) => {
          for (const client of this.clients) client.alert(text);
          return this.clients.size;
        },
        publish: (body) => this.events.publish(body),
        env,
        cwd: env.HOME ?? '/',
      },
      new NotifyCommandRunner(log),
    );
    const passthrough = new Passthrough({
      viewers: (workspace) => [...this.clients].filter((client) => client.workspace === workspace),
      settings: () => settings.settings,
    });
    this.sessions = new SessionTracker({
      env,
      panes: () => this.registry.list().flatMap((w) => [...w.panes.values()]),
      changed: (pane) => this.registry.findPane(pane.id)?.workspace.notify(),
      log,
    });
    this.history = new SessionHistory(serverStateDirectory(socketPath, env));
    this.answers = new AnswerJournal(serverStateDirectory(socketPath, env), log);
    this.recorder = new HistoryRecorder(this.history, this.sessions, log);
    this.registry = new WorkspaceRegistry(factory, () => settings.settings, {
      paneAdded: (pane, home) => {
        agents.paneAdded(pane, home);
        passthrough.watch(pane, home);
        this.sessions.watch(pane);
        this.recorder.watch(pane, home);
        watchPaneEvents(pane, home, (body) => this.events.publish(body), agents);
        this.followForStrips(home.workspace);
        this.refreshAllChrome(); // a new workspace or pane: every strip
      },
      paneMoved: (pane, from, to) => {
        this.events.publish({ kind: 'pane-moved', workspace: to.name, pane: pane.id, ...(pane.agent === undefined ? {} : { agent: pane.agent }), from: from.name });
        this.followForStrips(to);
        this.refreshAllChrome();
      },
      attentionCleared: () => this.refreshAllChrome(),
      opened: (workspace) => {
        const note = startWaitingIfApproved(this.registry, workspace, templateSources(settings.settings, env));
        if (note !== undefined) workspace.notice = note;
      },
      started: (workspace, how) => {
        this.events.publish({ kind: how === 'created' ? 'workspace-created' : 'workspace-opened', workspace: workspace.name });
        this.radar.nudge(); // a workspace with a base to watch, perhaps the first
      },
      removed: (name) => this.events.publish({ kind: 'workspace-removed', workspace: name }),
      renamed: (from, to) => {
        this.events.publish({ kind: 'workspace-renamed', workspace: to, from });
        this.refreshAllChrome();
      },
      workspaceClosed: (workspace, how) => {
        this.events.publish({ kind: 'workspace-dormant', workspace: workspace.name });
        for (const client of [...this.clients]) if (client.workspace === workspace) client.workspaceClosed(how);
        this.refreshAllChrome();
      },
      log,
    }, records, new ProjectTrust(new ProjectApprovals(serverStateDirectory(socketPath, env)), log));
    this.registry.stackVariables = recordedStackVariables(stacksFolder(socketPath, env));
    this.viewers = new ViewerPanes(this.registry);
    settings.subscribe((outcome) => {
      // Edited custom-agent rules apply to the panes already running them.
      if (outcome.status === 'applied') {
        agents.rulesChanged();
        this.hosts.sync(); // hosts added or removed: links opened or closed to match
      }
      this.settingsChanged(outcome);
    });
    const diffs = new DiffSummaries(
      // A workspace with a base shows what its branch brings to it (and whether it is merged); an adopted folder its uncommitted changes.
      async (dir, base) => {
        const changes = await this.changes.get(dir, base);
        const counts = changes ? (changes.branch ?? changes.diff) : undefined;
        return counts && base !== undefined ? { ...counts, merged: await this.changes.merged(dir, base) } : counts;
      },
      () => this.refreshAllChrome(),
    );
    this.radar = new ConflictRadar(
      // Only workspaces with a base can be landed, so only they can collide; an adopted folder costs the radar nothing.
      () => this.workspaces.all().flatMap((w) => (w.base === undefined ? [] : [{ name: w.name, dir: w.path, base: w.base }])),
      this.changes,
      { conflictsChanged: () => this.refreshAllChrome(), filesChanged: (name) => this.viewers.refreshDiff(name) },
    );
    this.hosts = new HostLinks(
      () => settings.settings,
      env,
      () => {
        this.refreshAllChrome();
        // A question new on a host is notified here as this machine's are (once each, after notifyDelay, rate-limited).
        for (const question of this.hosts.questions()) this.notifier.hostQuestion(question, () => this.hosts.waits(question.host, question.id));
      },
      log,
      (body) => this.events.publish(body),
    );
    this.workspaces = new WorkspaceList(
      this.registry,
      diffs,
      (name) => this.radar.conflictsOf(name).map((c) => c.workspace),
      stackUpMarks(stacksFolder(socketPath, env)),
      () => this.hosts.stripEntries(),
    );
  }

  /** Someone looks at this pane: it is focused in a client showing its workspace, whose terminal has focus. */
  private isSeen(pane: { id: number }, workspace: Workspace): boolean {
    return [...this.clients].some((c) => c.workspace === workspace && workspace.focusedPaneId === pane.id && c.terminalFocused);
  }

  /** Clients showing other workspaces redraw their strip when a workspace's state changes (once per workspace). */
  private followForStrips(workspace: Workspace): void {
    if (this.stripFollowed.has(workspace)) return;
    this.stripFollowed.add(workspace);
    workspace.onChange(() => {
      for (const client of this.clients) if (client.workspace !== workspace) client.refreshChrome();
    });
  }

  private readonly stripFollowed = new WeakSet<Workspace>();

  /** The agent kinds known now: built-ins plus the custom agents of the settings in force. */
  private catalog(): AgentCatalog {
    const agents = this.settings.settings.customAgents;
    const error = this.settings.error;
    if (this.catalogCache?.agents !== agents || this.catalogCache.error !== error) this.catalogCache = { agents, error, catalog: new AgentCatalog(agents, error) };
    return this.catalogCache.catalog;
  }

  /** New settings (or a mistake in the file): every client hears of it at once. */
  private settingsChanged(outcome: ReloadOutcome): void {
    for (const client of this.clients) client.settingsChanged(outcome);
  }

  /**
   * Starts listening: checks the socket directory, replaces only a socket proven stale (nothing
   * accepts on it), refuses anything else at the path, and binds the socket already private.
   */
  async listen(): Promise<void> {
    secureSocketDirectory(this.socketPath, { create: true, env: this.env });
    const { replacedStale } = await claimSocketPath(this.socketPath);
    if (replacedStale) this.log(`replaced a stale socket left by a server that is gone: ${this.socketPath}`);
    const server = net.createServer((socket) => this.accept(socket));
    await listenPrivately(server, this.socketPath).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') throw new ServerRunningError(`a server is already running on ${this.socketPath}`);
      throw error;
    });
    this.serving(server);
  }

  /** Accepts on a listening socket inherited from the server this one took over from (an upgrade). */
  async listenOn(fd: number): Promise<void> {
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ fd }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.serving(server);
  }

  private serving(server: net.Server): void {
    // Out of descriptors, libuv accepts and closes pending peers itself (they see a reset); should an
    // accept error still reach us, it is one line in the log, never a crash.
    server.on('error', (error: NodeJS.ErrnoException) => this.log(`could not accept a connection: ${error.code ?? error.message}`));
    this.listener = server;
    this.boundSocket = inspectSocketFile(this.socketPath);
    this.radar.start();
  }

  /** A connection the server this one took over from accepted during the handover. */
  acceptForwarded(socket: net.Socket): void {
    this.accept(socket);
    socket.resume();
  }

  /**
   * Moves every workspace and pane to the server of another version (tessera upgrade); this process
   * exits once the new one serves. Refused, with every pane still here, when the new one fails.
   */
  upgrade(target: HandoverTarget): Promise<HandoverResult> {
    return handOver(this.handing(), target);
  }

  /** What the handover needs of this server (old side). */
  private handing(): HandingServer {
    return {
      ...this.gate.handing(),
      socketPath: this.socketPath,
      env: this.env,
      log: this.log,
      listenFd: () => {
        const fd = (this.listener as unknown as { _handle?: { fd?: unknown } } | undefined)?._handle?.fd;
        if (typeof fd !== 'number' || fd < 0) throw new RefusedError('this server has no listening socket to hand over');
        return fd;
      },
      workspaces: () => this.registry.list(),
      flushRecords: () => {
        this.registry.records.flushNow();
        this.history.flushNow();
      },
      agents: this.agents,
      recent: () => this.registry.recentNames(),
      nextEventSeq: () => this.events.next,
      serve: (socket) => this.acceptForwarded(socket),
      endClients: (reason) => {
        for (const client of [...this.clients]) client.end(`[tessera: ${reason}]`, 0);
        this.events.endReaders(reason);
      },
    };
  }

  /**
   * Takes over the workspaces of the server that started this one (an upgrade; new side): each
   * pane around its program's PTY from `programFor`, nothing started, read or written yet.
   */
  takeOver(message: HandoverMessage, programFor: ProgramFor): void {
    this.events.silently(() => {
      for (const state of message.workspaces) {
        const record = readHandedRecord(state.record);
        this.viewers.adopt(this.registry.takeOver((adopt) => adoptWorkspace(record, state, programFor, adopt)));
      }
    });
    this.registry.restoreRecent(message.recent);
    this.events.continueFrom(message.nextEventSeq);
    this.takenOver = { version: message.from.version, pid: message.from.pid, at: new Date().toISOString() };
  }

  /** Records every pane's process from now on (a server that took over opens the records once it serves). */
  recordPids(records: PidRecords, ptys: ReadonlyMap<number, PtyProcess>): void {
    this.factory.recordPids(records);
    for (const [paneId, pty] of ptys) {
      const found = this.registry.findPane(paneId);
      if (found) found.pane.own(records.track(String(paneId), pty));
    }
  }

  async shutdown(reason = '[tessera: the server was stopped]'): Promise<void> {
    // Its panes belong to the server it handed them to: stopping now (a SIGTERM) must not end them.
    if (this.stopping || this.gate.panesGiven) return;
    this.stopping = true;
    this.settings.dispose();
    this.loopDelay.dispose();
    this.notifier.dispose();
    this.radar.stop();
    this.hosts.stop();
    for (const client of [...this.clients]) client.end(reason, 0);
    this.listener?.close();
    // Only the socket this server bound: if someone moved it and put another there, that one stays.
    try {
      const now = inspectSocketFile(this.socketPath);
      if (now.kind === 'socket' && this.boundSocket?.kind === 'socket' && now.ino === this.boundSocket.ino && now.dev === this.boundSocket.dev) {
        fs.unlinkSync(this.socketPath);
      }
    } catch {
      // already gone, or no longer ours: leave it
    }
    await this.registry.closeAll();
    await this.registry.records.settled(); // no record write is left half done when the process exits
    await this.recorder.flush(); // the ended panes' history entries are written before the process exits
    await this.keptChanges.flush();
  }

  get attachedClients(): number {
    return this.clients.size;
  }

  /** When the last connection came (performance.now()): the warm-up waits while they keep coming. */
  lastConnectionAt = performance.now();

  private accept(socket: net.Socket): void {
    if (this.gate.held(socket)) return;
    this.lastConnectionAt = performance.now();
    // A client's keys and a script's commands are work whose garbage is collected once they stop.
    memoryRelease.noteActivity();
    socket.on('data', () => memoryRelease.noteActivity());
    const control = handleConnection(socket, {
      request: (message, io) => this.request(message, io),
      attach: (message, transport) => this.attach(message, transport),
      events: (since, reader) => this.events.subscribe(reader, since),
      log: this.log,
    }, this.budget);
    this.gate.track(control, socket);
  }

  /**
   * A client attaches: its own session (chrome, frames, keys) on the workspace it asked for. Returns
   * what receives its later input and resizes; throws to refuse. Sockets come through accept(); the
   * in-process test harness calls it with a transport of its own.
   */
  attach(message: AttachMessage, transport: ClientTransport): AttachedClient {
    const workspace = this.attachTarget(message);
    // A pane named with the workspace (the inbox of another machine's server opened its question) is shown focused, when it is still there.
    if (message.pane !== undefined && message.workspace !== undefined && workspace.panes.has(message.pane)) workspace.focus(message.pane);
    const session = new ClientSession(
      {
        registry: this.registry,
        settings: this.settings,
        viewers: this.viewers,
        sizesChanged: () => this.applySizes(),
        attentionChanged: () => this.refreshAllChrome(),
        sessions: this.sessions,
        workspaces: this.workspaces,
        openWorkspace: (name, size) => this.registry.open(name, size),
        env: this.env,
        addPaneContext: () => ({ catalog: this.catalog(), env: this.env, configDir: configDirectory(this.env), defaultShell: this.settings.settings.defaultShell }),
        runCommandLine: (argv, caller) => this.runCommandLine(argv, caller),
        answers: this.answers,
        agents: this.agents,
        hosts: this.hosts,
        // Called only once the session has ended, long after it was made.
        removed: () => {
          this.clients.delete(session);
          this.applySizes();
        },
      },
      transport,
      workspace,
      { cols: message.cols, rows: message.rows },
      message.terminal,
      clientLabel(++this.clientCount, message.output?.path),
      message.opensHosts === true,
    );
    this.clients.add(session);
    this.hosts.start(); // other machines are reached for someone looking at the strip, not for every command
    this.applySizes();
    // A client back from a host's view says why, when that view could not open or ended badly.
    const back = message.notice === undefined ? undefined : visibleText(message.notice);
    session.start(back ?? this.settings.notice() ?? this.crashSweep.takeForFirstClient() ?? takeNotice(session.workspace) ?? this.registry.records.problems[0] ?? otherVersion(message.version));
    // While an upgrade holds everything still, keys and sizes are let go: the panes' state is being copied.
    return {
      input: (data) => {
        if (this.gate.open) session.input(data);
      },
      resize: (cols, rows) => {
        if (this.gate.open) session.resize(cols, rows);
      },
      gone: () => {
        if (this.clients.has(session)) {
          session.dispose();
          this.clients.delete(session);
          this.applySizes();
        }
      },
    };
  }

  private attachTarget(message: AttachMessage): Workspace {
    if (message.protocol !== PROTOCOL_VERSION) {
      throw new RefusedError(protocolRefusal(message.protocol, VERSION));
    }
    const size = { cols: message.cols, rows: message.rows };
    if (message.workspace !== undefined) return this.registry.open(message.workspace, size);
    if (message.createCwd !== undefined) return openOrAdoptFolder(this.registry, message.createCwd, size);
    const recent = this.registry.mostRecent();
    if (recent) return recent;
    const lastOpened = this.registry.dormant().sort((a, b) => (b.lastOpened ?? b.created).localeCompare(a.lastOpened ?? a.created))[0];
    if (!lastOpened) throw new RefusedError("there are no workspaces; start one with 'tessera' or 'tessera new'");
    return this.registry.open(lastOpened.name, size);
  }

  /** Answers one control command (`tessera ls`, `list-panes`, …) as the socket would (`io`: its output as it runs, and whether its client is gone). */
  async request(message: RequestMessage, io?: RequestIo): Promise<unknown> {
    return this.gate.command(() => {
      const command = SERVER_COMMANDS.get(message.command);
      if (!command) throw new RefusedError(`unknown command '${message.command}'`);
      const extras = { ...(io?.output ? { output: io.output } : {}), ...(io ? { clientGone: io.gone } : {}) };
      return command.run(message.args, { ...this.commandContext(message.cwd, message.callerPane), ...extras });
    });
  }

  /** Runs a command line (a bound key's, or typed in the palette) as if typed in pane `caller.pane`, in its folder. */
  runCommandLine(argv: readonly string[], caller: { pane: number; cwd: string }): Promise<CommandLineOutcome> {
    return this.gate.command(() => runCommandLine(argv, { ...this.commandContext(caller.cwd, String(caller.pane)), fromKey: true }), false);
  }

  private commandContext(cwd: string | undefined, callerPane: string | undefined): CommandContext {
    return {
      registry: this.registry,
      settings: this.settings,
      viewers: this.viewers,
      clients: this.clients,
      socketPath: this.socketPath,
      version: VERSION,
      crashSweep: this.crashSweep.report,
      cwd,
      callerPane,
      sessions: this.sessions,
      history: this.history,
      answers: this.answers,
      agents: this.agents,
      hostQuestions: () => this.hosts.questions(),
      hostLinks: () => this.hosts.report(),
      env: this.env,
      loopDelay: this.loopDelay,
      notifications: () => this.notifier.report(),
      changes: this.changes,
      radar: this.radar,
      shutdown: () => setImmediate(() => void this.shutdown().then(() => process.exit(0))),
      upgrade: (target) => this.upgrade(target),
      takenOver: this.takenOver,
    };
  }

  private refreshAllChrome(): void {
    for (const client of this.clients) client.refreshChrome();
  }

  /** Each workspace takes the size of the smallest client showing it, so every client sees all of it. */
  private applySizes(): void {
    for (const workspace of this.registry.list()) {
      let cols = Infinity;
      let rows = Infinity;
      for (const client of this.clients) {
        if (client.workspace !== workspace) continue;
        cols = Math.min(cols, client.cols);
        rows = Math.min(rows, client.rows);
      }
      if (cols !== Infinity) workspace.setSize(cols, rows);
    }
  }
}

/** The workspace's notice for the client attaching to it, once. */
function takeNotice(workspace: Workspace): string | undefined {
  const notice = workspace.notice;
  workspace.notice = undefined;
  return notice;
}

/** A client of another version (a new one installed): how to move every pane to it. */
function otherVersion(client: string | undefined): string | undefined {
  if (client === undefined || client === VERSION) return undefined;
  return `this server runs tessera ${VERSION}, this client is ${client}: 'tessera upgrade' moves every pane to ${client} without ending any`;
}
