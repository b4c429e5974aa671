// One isolated world for driving a real agent CLI inside tessera: a fake model on 127.0.0.1, the agent's seeded config,
// and a tessera sandbox whose environment (the one the server starts with, and so every pane's) points the agent there.

import { readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { resolveSocketPath } from '../../../src/protocol/socketPath.js';
import { TesseraSandbox, type PaneJson } from '../../helpers/outerTerminal.js';
import { startFakeModel, type FakeModel } from '../fake-model/server.js';
import type { AgentKind, AgentSetup, PrepareAgent } from '../harness/kind.js';
import { prepareClaude } from '../harness/kinds/claude.js';
import { prepareCodex } from '../harness/kinds/codex.js';
import { prepareGemini } from '../harness/kinds/gemini.js';
import { prepareOpencode } from '../harness/kinds/opencode.js';
import { AGENT_BIN_DIR } from '../harness/launch.js';
import { makeTempDir, removeTempDir } from '../harness/tempDir.js';

const PREPARE: Record<AgentKind, PrepareAgent> = {
  claude: prepareClaude,
  codex: prepareCodex,
  gemini: prepareGemini,
  opencode: prepareOpencode,
};

/** Where system programs live; deliberately without tests/agents/node_modules/.bin. */
const SYSTEM_PATH = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'];

/** What list-panes --json says about a pane, with the agent fields. */
export interface AgentPaneJson extends PaneJson {
  agent: string | null;
  question: string | null;
  attention: boolean;
}

export interface AgentWorld {
  kind: AgentKind;
  /** The agent's project folder (the pane's cwd). */
  project: string;
  markerDir: string;
  model: FakeModel;
  sandbox: TesseraSandbox;
  /** The args the pinned CLI needs beyond its name (`--permission-mode default`, `--no-daemon`). */
  agentArgs: string[];
  /** The server's log: `$TESSERA_TMPDIR/tessera-UID/test.log`. */
  serverLog: string;
  /** A control request sent from this process (cheap enough to poll; the CLI is used for what the test asserts). */
  request(command: string, args?: Record<string, unknown>): Promise<unknown>;
  panes(): Promise<AgentPaneJson[]>;
  pane(id: number): Promise<AgentPaneJson>;
  /** The pane's visible screen (capture-pane), one string. */
  screen(id: number): Promise<string>;
  dispose(): Promise<void>;
}

export interface WorldOptions {
  /** False: PATH lacks the pinned CLIs, so every agent is "not installed". */
  agentsOnPath?: boolean;
}

export async function createAgentWorld(kind: AgentKind, options: WorldOptions = {}): Promise<AgentWorld> {
  const root = await makeTempDir(`tessera-${kind}`);
  const project = path.join(root, 'project');
  const markerDir = path.join(root, 'markers');
  const stateDir = path.join(root, 'state');
  const home = path.join(stateDir, 'home');
  // The agents' TMPDIR, inside the world's folder that dispose() removes (why: baseEnv in harness/launch.ts).
  const tmp = path.join(root, 'tmp');
  await Promise.all([project, markerDir, home, tmp].map((dir) => mkdir(dir, { recursive: true })));
  const model = await startFakeModel({ markerDir });
  let setup: AgentSetup;
  try {
    setup = await PREPARE[kind](stateDir, { cwd: project, markerDir, serverUrl: model.url, cols: 100, rows: 30 });
  } catch (error) {
    await model.dispose();
    throw error;
  }
  const bins = options.agentsOnPath === false ? [] : [AGENT_BIN_DIR.replace(/\/$/, '')];
  // Nothing from the test runner's environment (CI, TMUX, real API keys) reaches the server or its panes.
  const sandbox = new TesseraSandbox({ PATH: [...bins, ...SYSTEM_PATH].join(':'), HOME: home, USER: process.env.USER ?? 'tessera', TMPDIR: tmp, ...setup.env });
  const socketPath = resolveSocketPath({ name: sandbox.socketName }, sandbox.env);

  const request = (command: string, args: Record<string, unknown> = {}): Promise<unknown> => sandbox.request(command, args);
  const panes = async (): Promise<AgentPaneJson[]> => (await request('list-panes')) as AgentPaneJson[];
  const pane = async (id: number): Promise<AgentPaneJson> => {
    const found = (await panes()).find((p) => p.id === id);
    if (found === undefined) throw new Error(`pane ${id} is gone`);
    return found;
  };

  return {
    kind,
    project,
    markerDir,
    model,
    sandbox,
    agentArgs: setup.args,
    serverLog: `${socketPath}.log`,
    request,
    panes,
    pane,
    screen: async (id) => String(await request('capture-pane', { pane: String(id) })),
    dispose: async () => {
      await sandbox.cleanup();
      await model.dispose();
      await removeTempDir(root);
    },
  };
}

/** The pids of a process's children (every thread's), sorted: what a server has spawned and not yet reaped. */
export function serverChildren(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return [...new Set(children)].sort((a, b) => a - b);
}
