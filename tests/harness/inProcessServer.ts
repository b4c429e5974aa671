// The real tessera server in this process, with scripted programs instead of PTYs and no socket:
// control commands are asked directly, clients attach through an in-memory transport and read their
// screen from a headless xterm. Rules that live in the server (keys, focus, splits, approvals,
// workspaces) are tested here in milliseconds; the end-to-end tests stay the proof through the binary.
//
//   const server = await InProcessServer.start();
//   const client = server.attach();
//   await client.waitFor(SHELL_PROMPT);
//   client.press('\x1c%');            // prefix, then split
//   ...
//   await server.stop();

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROTOCOL_VERSION } from '../../src/protocol/messages.js';
import type { PtySpawnOptions } from '../../src/pty/ptyProcess.js';
import { RecordKeeper } from '../../src/server/records/recordKeeper.js';
import type { WorkspaceRecord } from '../../src/store/workspaceRecord.js';
import { Server } from '../../src/server/server.js';
import { SYSTEM_OS } from '../../src/server/process/serverOs.js';
import { LiveSettings } from '../../src/server/settings/liveSettings.js';
import { SETTINGS_FILE } from '../../src/store/settings.js';
import { serverStateDirectory } from '../../src/store/stateDir.js';
import { WorkspaceStore } from '../../src/store/workspaceStore.js';
import { HarnessClient } from './harnessClient.js';
import { fakeShell } from './programs.js';
import { ScriptedPty, type ScriptedProgram } from './scriptedPty.js';

export interface InProcessOptions {
  /** The settings file's contents (written before the server reads it). */
  settings?: Record<string, unknown>;
  /** Which script plays a program the server starts; a fake shell for everything by default. */
  programFor?: (spawn: PtySpawnOptions) => ScriptedProgram;
  /** Real programs in real PTYs instead of scripts (for what only real processes show: handles, signals). */
  realPrograms?: boolean;
  /** Variables added to the server's environment (e.g. a PATH with stand-ins for agent CLIs). */
  env?: Record<string, string>;
}

export class InProcessServer {
  /** Each pane's scripted program, by pane id. */
  readonly programs = new Map<number, ScriptedPty>();
  /** What the server logged. */
  readonly log: string[] = [];
  private readonly clients: HarnessClient[] = [];
  private nextRequest = 1;
  readonly server: Server;
  readonly settings: LiveSettings;

  private constructor(
    readonly root: string,
    readonly env: NodeJS.ProcessEnv,
    options: InProcessOptions,
  ) {
    const log = (text: string) => this.log.push(text);
    this.settings = new LiveSettings(env, log);
    const records = new RecordKeeper(new WorkspaceStore(serverStateDirectory(this.socketPath, env)), log);
    records.load();
    const programFor = options.programFor ?? (() => fakeShell());
    this.server = new Server({
      socketPath: this.socketPath,
      settings: this.settings,
      env,
      log,
      records,
      os: options.realPrograms
        ? SYSTEM_OS
        : {
            spawnProgram: (spawn) => {
              const pty = new ScriptedPty(spawn, programFor(spawn));
              this.programs.set(Number(spawn.env.TESSERA_PANE), pty);
              return pty;
            },
          },
    });
  }

  /** A server with its own config, state and workspace folders under a new temp directory. */
  static async start(options: InProcessOptions = {}): Promise<InProcessServer> {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-inproc-')));
    const dirs = { config: path.join(root, 'config'), state: path.join(root, 'state'), workspaces: path.join(root, 'workspaces'), home: path.join(root, 'home') };
    for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (options.settings) fs.writeFileSync(path.join(dirs.config, SETTINGS_FILE), JSON.stringify(options.settings));
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dirs.home,
      SHELL: '/bin/sh',
      PS1: 'tsh$ ',
      TERM: 'xterm-256color',
      TESSERA_CONFIG_DIR: dirs.config,
      TESSERA_STATE_DIR: dirs.state,
      TESSERA_WORKSPACE_ROOT: dirs.workspaces,
      TESSERA_TMPDIR: path.join(root, 'tmp'),
      ...options.env,
    };
    return new InProcessServer(root, env, options);
  }

  /** The socket the server would listen on (it never does here; its state is kept under this name). */
  get socketPath(): string {
    return path.join(this.root, 'tmp', 'tessera-test', 'default');
  }

  /** A workspace's record as it is on disk now (undefined before its first save). */
  storedRecord(name: string): WorkspaceRecord | undefined {
    return new WorkspaceStore(serverStateDirectory(this.socketPath, this.env)).loadAll({ readOnly: true }).records.find((r) => r.name === name);
  }

  /** A folder under the test's root, made for a workspace to adopt. */
  folder(name: string): string {
    const dir = path.join(this.root, 'folders', name);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** Runs a control command as `tessera COMMAND` would ask it; rejects with the server's refusal. */
  async request(command: string, args: Record<string, unknown> = {}, cwd = this.root, callerPane?: string): Promise<unknown> {
    return this.server.request({ t: 'request', id: this.nextRequest++, command, args, cwd, ...(callerPane === undefined ? {} : { callerPane }) });
  }

  /** Attaches a client of `cols`×`rows` to a workspace (by default: a new one adopting a folder, as a bare `tessera` would). */
  attach(options: { cols?: number; rows?: number; workspace?: string; cwd?: string; version?: string; opensHosts?: boolean; notice?: string } = {}): HarnessClient {
    const cols = options.cols ?? 100;
    const rows = options.rows ?? 30;
    const client = new HarnessClient(cols, rows);
    const attached = this.server.attach(
      {
        t: 'attach',
        protocol: PROTOCOL_VERSION,
        ...(options.version === undefined ? {} : { version: options.version }),
        workspace: options.workspace,
        createCwd: options.workspace === undefined ? (options.cwd ?? this.folder('project')) : undefined,
        cols,
        rows,
        terminal: { term: 'xterm-256color', colorTerm: 'truecolor', insideMultiplexer: false },
        ...(options.opensHosts === undefined ? {} : { opensHosts: options.opensHosts }),
        ...(options.notice === undefined ? {} : { notice: options.notice }),
      },
      client.transport,
    );
    client.connect(attached);
    this.clients.push(client);
    return client;
  }

  /** The scripted program of a pane. */
  program(paneId: number): ScriptedPty {
    const pty = this.programs.get(paneId);
    if (!pty) throw new Error(`pane ${paneId} has no program (known: ${[...this.programs.keys()].join(', ')})`);
    return pty;
  }

  async stop(): Promise<void> {
    await this.shutdown();
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  /**
   * Stops this server as kill-server does (its panes end, its records stay) and starts a new one over
   * the same folders, as after a restart: its workspaces are dormant until a client opens them.
   */
  async restart(options: InProcessOptions = {}): Promise<InProcessServer> {
    await this.shutdown();
    return new InProcessServer(this.root, this.env, options);
  }

  private async shutdown(): Promise<void> {
    for (const client of this.clients.splice(0)) client.dispose();
    await this.server.shutdown();
  }
}
