// The background server: owns every workspace, pane and attached client, and answers the socket.

import fs from 'node:fs';
import net from 'node:net';
import { VERSION } from '../cli/version.js';
import { PROTOCOL_VERSION } from '../protocol/messages.js';
import type { AttachMessage, RequestMessage } from '../protocol/messages.js';
import type { PidRecords } from '../pty/pidRecords.js';
import { configDirectory } from '../store/configDir.js';
import { AgentCatalog } from './agent/agentCatalog.js';
import { AgentSupervisor } from './agent/agentSupervisor.js';
import { ClientSession } from './client/clientSession.js';
import type { CommandContext } from './commands/command.js';
import { SERVER_COMMANDS } from './commands/index.js';
import { handleConnection } from './connection.js';
import { PaneFactory } from './paneFactory.js';
import type { LiveSettings, ReloadOutcome } from './settings/liveSettings.js';
import { RefusedError, type Workspace } from './workspace.js';
import { WorkspaceRegistry } from './workspaceRegistry.js';

/** The workspace plain `tessera` opens (and creates in the current directory when missing). */
export const DEFAULT_WORKSPACE = 'main';

export class Server {
  readonly registry: WorkspaceRegistry;
  private readonly clients = new Set<ClientSession>();
  private catalogCache: { agents: unknown; catalog: AgentCatalog } | undefined;
  private readonly env: NodeJS.ProcessEnv;
  private listener: net.Server | undefined;
  private stopping = false;

  constructor(
    private readonly socketPath: string,
    private readonly settings: LiveSettings,
    env: NodeJS.ProcessEnv,
    pidRecords: PidRecords | undefined,
    private readonly log: (text: string) => void,
  ) {
    this.env = env;
    const factory = new PaneFactory(
      () => settings.settings,
      () => this.catalog(),
      socketPath,
      env,
      pidRecords,
    );
    const agents = new AgentSupervisor({
      detectorFor: (agent) => this.catalog().find(agent)?.detector,
      isSeen: (pane, workspace) => [...this.clients].some((c) => c.workspace === workspace && workspace.focusedPaneId === pane.id),
      alert: (_pane, text) => {
        for (const client of this.clients) client.alert(text);
        this.refreshAllChrome();
      },
    });
    this.registry = new WorkspaceRegistry(factory, () => settings.settings, {
      paneAdded: (pane, workspace) => agents.paneAdded(pane, workspace),
      attentionCleared: () => this.refreshAllChrome(),
      workspaceClosed: (workspace) => {
        for (const client of [...this.clients]) if (client.workspace === workspace) client.workspaceClosed();
      },
    });
    settings.subscribe((outcome) => this.settingsChanged(outcome));
  }

  /** The agent kinds known now: built-ins plus the custom agents of the settings in force. */
  private catalog(): AgentCatalog {
    const agents = this.settings.settings.customAgents;
    if (this.catalogCache?.agents !== agents) this.catalogCache = { agents, catalog: new AgentCatalog(agents) };
    return this.catalogCache.catalog;
  }

  /** New settings (or a mistake in the file): every client hears of it at once. */
  private settingsChanged(outcome: ReloadOutcome): void {
    for (const client of this.clients) client.settingsChanged(outcome);
  }

  /** Starts listening; a stale socket left by a dead server is replaced, a live one is an error. */
  async listen(): Promise<void> {
    const server = net.createServer((socket) => this.accept(socket));
    await listenOnce(server, this.socketPath).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EADDRINUSE') throw error;
      if (await isAlive(this.socketPath)) throw new Error(`a server is already running on ${this.socketPath}`);
      fs.unlinkSync(this.socketPath);
      this.log(`removed a stale socket left by a dead server: ${this.socketPath}`);
      await listenOnce(server, this.socketPath);
    });
    fs.chmodSync(this.socketPath, 0o600);
    this.listener = server;
  }

  async shutdown(reason = '[tessera: the server was stopped]'): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.settings.dispose();
    for (const client of [...this.clients]) client.end(reason, 0);
    this.listener?.close();
    try {
      fs.unlinkSync(this.socketPath);
    } catch {
      // already gone
    }
    await this.registry.closeAll();
  }

  private accept(socket: net.Socket): void {
    handleConnection(socket, {
      request: (message) => this.request(message),
      attach: (message, transport) => {
        const session = new ClientSession(
          {
            registry: this.registry,
            settings: this.settings,
            sizesChanged: () => this.applySizes(),
            attentionChanged: () => this.refreshAllChrome(),
            addPaneContext: () => ({ catalog: this.catalog(), env: this.env, configDir: configDirectory(this.env), defaultShell: this.settings.settings.defaultShell }),
            removed: (s) => {
              this.clients.delete(s);
              this.applySizes();
            },
          },
          transport,
          this.attachTarget(message),
          { cols: message.cols, rows: message.rows },
          message.terminal,
        );
        this.clients.add(session);
        this.applySizes();
        session.start(this.settings.notice());
        return {
          input: (data) => session.input(data),
          resize: (cols, rows) => session.resize(cols, rows),
          gone: () => {
            if (this.clients.has(session)) {
              session.dispose();
              this.clients.delete(session);
              this.applySizes();
            }
          },
        };
      },
      log: this.log,
    });
  }

  private attachTarget(message: AttachMessage): Workspace {
    if (message.protocol !== PROTOCOL_VERSION) {
      throw new RefusedError(`this client speaks protocol ${message.protocol} but the server speaks ${PROTOCOL_VERSION}; run 'tessera kill-server' after saving your work`);
    }
    if (message.workspace !== undefined) return this.registry.require(message.workspace);
    const existing = this.registry.get(DEFAULT_WORKSPACE);
    if (existing) return existing;
    if (message.createCwd !== undefined) {
      return this.registry.create({ name: DEFAULT_WORKSPACE, cwd: message.createCwd, launch: { requestDir: message.createCwd }, size: { cols: message.cols, rows: message.rows } });
    }
    const recent = this.registry.mostRecent();
    if (!recent) throw new RefusedError("there are no workspaces; start one with 'tessera' or 'tessera new'");
    return recent;
  }

  private async request(message: RequestMessage): Promise<unknown> {
    const command = SERVER_COMMANDS.get(message.command);
    if (!command) throw new RefusedError(`unknown command '${message.command}'`);
    const ctx: CommandContext = {
      registry: this.registry,
      settings: this.settings,
      clients: this.clients,
      socketPath: this.socketPath,
      version: VERSION,
      cwd: message.cwd,
      callerPane: message.callerPane,
      shutdown: () => setImmediate(() => void this.shutdown().then(() => process.exit(0))),
    };
    return command.run(message.args, ctx);
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

function listenOnce(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(socketPath, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function isAlive(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createConnection(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
