// Where a case's program runs: directly in a headless terminal of the case's size, in a tessera
// pane of that size, or in a tmux pane of that size. Each returns the settled screen as cell records.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { OuterTerminal, TesseraSandbox, eventually, type PaneJson } from '../helpers/outerTerminal.js';
import type { ScreenRecord } from './cellCompare.js';
import { FIXTURES, type FidelityCase } from './cases.js';
import { answerQueries, shellQuote } from './launch.js';
import { settledScreen } from './screenWait.js';

/** A program to show: the case (size, ready pattern), its full argv, working directory. */
export interface Showing {
  fidelityCase: FidelityCase;
  argv: string[];
  cwd: string;
}

export interface Host {
  readonly label: string;
  /** Gets ready to show cases (starts a server). */
  start(): Promise<void>;
  /** The environment programs see (the direct run uses the same one). */
  readonly env: Record<string, string>;
  show(showing: Showing): Promise<ScreenRecord>;
  stop(): Promise<void>;
}

/** Ends a terminal's program and everything it started (they share its process group). */
function closeTerminal(terminal: OuterTerminal): void {
  try {
    process.kill(-terminal.process.pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
  terminal.dispose();
}

/** The program run straight in a headless terminal of the case's size: the reference screen. */
export async function showDirect(showing: Showing, env: Record<string, string>): Promise<ScreenRecord> {
  const { fidelityCase: c, argv, cwd } = showing;
  const terminal = new OuterTerminal(argv.slice(1), { file: argv[0], env, cwd, cols: c.cols, rows: c.rows, keepOutput: false });
  answerQueries(terminal);
  try {
    return await settledScreen(terminal, { ready: c.ready, label: 'direct' });
  } finally {
    closeTerminal(terminal);
  }
}

const node = process.execPath;

/** tessera's chrome around a pane: its header row above, the workspace strip and the status bar below. */
const TESSERA_CHROME_ROWS = 3;
/** Width of the neighbour pane in the split layout (plus the 1-column divider). */
const NEIGHBOUR_COLS = 24;

/**
 * Where the case's pane sits: alone in its workspace, or on the left of a split whose right pane
 * shows wide characters and colors of its own (so the divider, clipping at the pane's right edge
 * and bleeding between panes are exercised too).
 */
export type TesseraLayout = 'alone' | 'left of a split';

/** One isolated tessera server; each case is a detached workspace that an outer terminal attaches to. */
export class TesseraHost implements Host {
  readonly label: string;
  private readonly sandbox = new TesseraSandbox();
  private workspaces = 0;

  constructor(private readonly layout: TesseraLayout = 'alone') {
    this.label = layout === 'alone' ? 'tessera' : 'tessera (split)';
  }

  get env(): Record<string, string> {
    return this.sandbox.env;
  }

  /** The server starts with the first workspace. */
  async start(): Promise<void> {}

  async show(showing: Showing): Promise<ScreenRecord> {
    const { fidelityCase: c, argv, cwd } = showing;
    const name = `fid${++this.workspaces}`;
    await this.sandbox.cliOk(['new', '-d', '-s', name, '-c', cwd, '--', ...argv]);
    const split = this.layout === 'left of a split';
    const outerCols = split ? c.cols + 1 + NEIGHBOUR_COLS : c.cols;
    const outer = new OuterTerminal(['-L', this.sandbox.socketName, 'attach', '-t', name], {
      env: this.sandbox.env,
      cwd: this.sandbox.root,
      cols: outerCols,
      rows: c.rows + TESSERA_CHROME_ROWS,
      keepOutput: false,
    });
    answerQueries(outer);
    const wanted = { x: 0, y: 1, width: c.cols, height: c.rows };
    const paneIs = (pane: PaneJson | undefined) =>
      pane !== undefined && pane.cols === c.cols && pane.rows === c.rows && JSON.stringify(pane.rect) === JSON.stringify(wanted);
    try {
      // Shown at the attached terminal's width: a detached workspace has a size of its own until the client's arrives.
      const [first] = await eventually(() => this.panesOf(name), (panes) => panes.length === 1 && panes[0].rect?.width === outerCols);
      if (split) await this.addNeighbour(first.id, name, c.cols, outerCols);
      const paneNow = () => this.panesOf(name).then((panes) => panes.find((p) => p.id === first.id));
      await eventually(paneNow, (pane) => paneIs(pane) && pane?.focused === true);
      const screen = await settledScreen(outer, { rect: wanted, ready: c.ready, label: this.label });
      const after = await paneNow();
      if (!paneIs(after)) throw new Error(`${this.label}: the pane moved or changed size while drawing: ${JSON.stringify(after)}`);
      return screen;
    } finally {
      closeTerminal(outer);
      await this.closeWorkspace(name);
    }
  }

  async stop(): Promise<void> {
    await this.sandbox.cleanup();
  }

  /** Splits the case's pane, keeping the focus on it, and moves the divider until it is `cols` wide. */
  private async addNeighbour(paneId: number, workspace: string, cols: number, outerCols: number): Promise<void> {
    const neighbour = [node, path.join(FIXTURES, 'showcase.mjs'), 'unicode'];
    const script = `"$@"; exec sleep 3600`;
    await this.sandbox.cliOk(['split', '-t', String(paneId), '--right', '-d', '--', '/bin/bash', '-c', script, 'neighbour', ...neighbour]);
    // Both panes laid out side by side across the whole width (the pane list can be read before the split's layout is).
    const sideBySide = (panes: PaneJson[]) => panes.length === 2 && panes[0].rect !== null && panes[1].rect !== null && panes[0].rect.width + 1 + panes[1].rect.width === outerCols;
    const [left] = await eventually(() => this.panesOf(workspace), sideBySide);
    if (left.id !== paneId) throw new Error(`${this.label}: the case's pane is not the left one: ${JSON.stringify(left)}`);
    if (left.cols !== cols) await this.sandbox.cliOk(['resize-pane', '-t', String(paneId), '--right', String(cols - left.cols)]);
  }

  /** Ends every pane of the workspace (closing its last pane closes the workspace). */
  private async closeWorkspace(workspace: string): Promise<void> {
    const panes = await this.panesOf(workspace).catch(() => []);
    for (const pane of panes) await this.sandbox.request('kill-pane', { pane: String(pane.id) }).catch(() => undefined);
  }

  /** Straight to the socket: this is polled, and a Node start per poll was most of the file's control commands. */
  private async panesOf(workspace: string): Promise<PaneJson[]> {
    return (await this.sandbox.request('list-panes', { workspace })) as PaneJson[];
  }
}

/**
 * tmux as a baseline for the harness itself: no status line, the pane's TERM the same as the
 * direct terminal's (so programs send the same bytes), and every feature the outer terminal has.
 */
const TMUX_CONFIG = `set -g status off
set -g default-terminal xterm-256color
set -as terminal-features ',xterm-256color:RGB:usstyle:overline:strikethrough:cstyle:sync'
set -sg escape-time 0
set -sg exit-empty off
set -g remain-on-exit on
set -g history-limit 1000
`;

export class TmuxHost implements Host {
  readonly label = 'tmux';
  readonly env: Record<string, string>;
  private readonly root: string;
  private readonly config: string;
  private readonly socket = 'fidelity';
  private sessions = 0;

  constructor(private readonly tmux: string) {
    this.root = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-fidelity-tmux-'));
    const home = path.join(this.root, 'home');
    fs.mkdirSync(home);
    this.config = path.join(this.root, 'tmux.conf');
    fs.writeFileSync(this.config, TMUX_CONFIG);
    this.env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      SHELL: '/bin/bash',
      TERM: 'xterm-256color',
      COLORTERM: 'truecolor',
      LANG: 'C.UTF-8',
      TMUX_TMPDIR: this.root,
    };
  }

  /** Starts the server with the config once, so no case races a server that is shutting down. */
  async start(): Promise<void> {
    await this.run(['-f', this.config, 'start-server']);
  }

  async show(showing: Showing): Promise<ScreenRecord> {
    const { fidelityCase: c, argv, cwd } = showing;
    const name = `fid${++this.sessions}`;
    const command = argv.map(shellQuote).join(' ');
    const args = ['-L', this.socket, 'new-session', '-s', name, '-x', String(c.cols), '-y', String(c.rows), '-c', cwd, command];
    const outer = new OuterTerminal(args, { file: this.tmux, env: this.env, cwd, cols: c.cols, rows: c.rows, keepOutput: false });
    answerQueries(outer);
    try {
      await eventually(
        () => this.run(['display-message', '-p', '-t', name, '#{pane_width}x#{pane_height}']).catch(() => ''),
        (size) => size.trim() === `${c.cols}x${c.rows}`,
      );
      return await settledScreen(outer, { ready: c.ready, label: 'tmux' });
    } finally {
      await this.run(['kill-session', '-t', name]).catch(() => '');
      closeTerminal(outer);
    }
  }

  async stop(): Promise<void> {
    await this.run(['kill-server']).catch(() => '');
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  private run(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(this.tmux, ['-L', this.socket, ...args], { env: this.env }, (error, stdout, stderr) =>
        error ? reject(new Error(`tmux ${args.join(' ')}: ${stderr}`)) : resolve(stdout),
      );
    });
  }
}
