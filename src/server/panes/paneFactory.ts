// Starts a pane: checks its directory, plans what to run (see launchPlan.ts), builds its environment.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PidRecords } from '../../pty/pidRecords.js';
import { signalEnv } from '../../agents/signals/launchSignals.js';
import { isBuiltinAgentKind } from '../../agents/agentKinds.js';
import { opencodeLockDir, releaseAbandonedLocksSoon } from '../../agents/session/opencodeLocks.js';
import { configDirectory } from '../../store/configDir.js';
import { serverStateDirectory } from '../../store/stateDir.js';
import type { Settings } from '../../store/settingsDefaults.js';
import type { AgentCatalog } from '../../agents/agentCatalog.js';
import { planLaunch, type LaunchRequest } from './launchPlan.js';
import { Pane, type PaneKind } from './pane.js';
import type { AdoptedProgram } from './paneLaunch.js';
import { paneEnvironment } from './paneEnv.js';
import { newReportToken } from './reportToken.js';
import { hookCommand } from '../hookCommand.js';
import { SignalFiles } from '../agent/signalFiles.js';
import type { SpawnProgram } from '../process/serverOs.js';
import { RefusedError } from '../refusedError.js';

export interface PaneRequest extends LaunchRequest {
  /** TESSERA_WORKSPACE, TESSERA_WORKSPACE_DIR, TESSERA_SLOT, TESSERA_PORT_… (see records/workspaceEnv.ts). */
  workspaceEnv?: Record<string, string>;
  cwd: string;
  cols: number;
  rows: number;
}

/** A pane taken over from a server of another version (an upgrade), as it was there. */
export interface AdoptedPane {
  id: number;
  kind: PaneKind;
  agent?: string;
  command: string;
  program?: string;
  cwd: string;
  cols: number;
  rows: number;
  /** What to start again on wake or restart (from the pane's record). */
  request: LaunchRequest;
  sessionId?: string;
  reportToken?: string;
  adopted: AdoptedProgram;
}

export class PaneFactory {
  private nextId = 1;
  /** `tessera agent-hook`, run by the agents' own hooks; found once. */
  private readonly hookCommand = hookCommand();
  /** The files the agents' own channels need (opencode's plugin). */
  private readonly signalFiles: SignalFiles;

  constructor(
    /** The settings in force now (read at each pane's start). */
    private readonly settings: () => Settings,
    private readonly catalog: () => AgentCatalog,
    private readonly socketPath: string,
    private readonly baseEnv: NodeJS.ProcessEnv,
    private pidRecords: PidRecords | undefined,
    /** The server log, for what a pane's output does wrong (malformed sequences, summarized). */
    private readonly log?: (text: string) => void,
    /** Starts each pane's program (the system's PTYs, or a test's scripted programs). */
    private readonly spawn?: SpawnProgram,
  ) {
    this.signalFiles = new SignalFiles(path.join(serverStateDirectory(socketPath, baseEnv), 'agent-signals'), log);
  }

  /**
   * Keeps `ids` for the panes that had them (the stored workspaces' panes, which get their numbers
   * back when they open): a new pane never takes one of them.
   */
  reserve(ids: Iterable<number>): void {
    for (const id of ids) this.nextId = Math.max(this.nextId, id + 1);
  }

  /** Where new panes' processes are recorded from now on (a server that took over opens its records last). */
  recordPids(records: PidRecords): void {
    this.pidRecords = records;
  }

  /** A pane around a program that runs already (taken over in an upgrade): nothing is started. */
  adopt(pane: AdoptedPane): Pane {
    this.reserve([pane.id]);
    return new Pane({
      id: pane.id,
      file: pane.program,
      args: [],
      kind: pane.kind,
      agent: pane.agent,
      displayCommand: pane.command,
      cwd: pane.cwd,
      cols: pane.cols,
      rows: pane.rows,
      env: {},
      scrollback: this.settings().scrollback,
      request: pane.request,
      sessionId: pane.sessionId,
      reportToken: pane.reportToken,
      log: this.log,
      adopted: pane.adopted,
    });
  }

  /** Starts a pane; `id` reuses a pane's number (the same pane started again after sleep, or opened from its record). */
  create(request: PaneRequest, id?: number): Pane {
    const cwd = checkDirectory(request.cwd);
    // Every agent that accepts an id of ours gets one, so its conversation can be resumed without guessing.
    const launch = { ...request, newSessionId: request.newSessionId ?? crypto.randomUUID() };
    const plan = planLaunch(launch, { settings: this.settings(), catalog: this.catalog(), env: this.baseEnv, configDir: configDirectory(this.baseEnv), hookCommand: this.hookCommand });
    const paneId = id ?? this.nextId++;
    const reportToken = newReportToken();
    const env = paneEnvironment(this.baseEnv, { id: paneId, socketPath: this.socketPath, reportToken }, request.workspaceEnv);
    // Only for a built-in agent that will run: a missing one needs no plugin written for it.
    if (plan.kind === 'agent' && plan.file !== undefined && plan.agent !== undefined && isBuiltinAgentKind(plan.agent)) {
      Object.assign(env, signalEnv(plan.agent, env, () => this.signalFiles.opencodePlugin()));
    }
    try {
      const pane = new Pane({
        id: paneId,
        ...plan,
        request: { ...launch, newSessionId: undefined },
        prompt: request.prompt,
        cwd,
        cols: request.cols,
        rows: request.rows,
        env,
        reportToken,
        scrollback: this.settings().scrollback,
        pidRecords: this.pidRecords,
        log: this.log,
        spawn: this.spawn,
      });
      if (plan.agent === 'opencode') releaseLocksAtEnd(pane, env);
      return pane;
    } catch (error) {
      throw new RefusedError((error as Error).message);
    }
  }
}

/** An opencode ended during its start (a sleep, a close) can leave a lock that stalls the next one: see opencodeLocks.ts. */
function releaseLocksAtEnd(pane: Pane, env: NodeJS.ProcessEnv): void {
  const pid = pane.pid;
  if (pid <= 1) return; // not started (not installed)
  pane.own(
    pane.onSessionEnd(() => {
      releaseAbandonedLocksSoon(opencodeLockDir(env), [{ pid, startedAt: pane.startedAt, endedAt: Date.now() }]);
    }),
  );
}

function checkDirectory(dir: string): string {
  if (!path.isAbsolute(dir)) throw new RefusedError(`directory must be an absolute path: ${dir}`);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    throw new RefusedError(`no such directory: ${dir}`);
  }
  if (!stat.isDirectory()) throw new RefusedError(`not a directory: ${dir}`);
  return dir;
}
