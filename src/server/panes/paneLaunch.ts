// What a pane is started with, how its program is started (or shown as missing), and how a program's
// session ended.

import { spawnPty, type PtyProcess } from '../../pty/ptyProcess.js';
import type { ShellState } from '../../shell/oscTracker.js';
import type { SpawnProgram } from '../process/serverOs.js';
import type { PidRecords } from '../../pty/pidRecords.js';
import { shellLaunch } from '../../shell/integration.js';
import type { Emulator } from '../../term/emulator.js';
import { absentProcess } from './absentProcess.js';
import type { LaunchRequest, PaneKind } from './launchPlan.js';

export type { PaneKind } from './launchPlan.js';

export interface PaneLaunch {
  id: number;
  /** Absolute program path and its arguments; undefined when the program is not installed. */
  file: string | undefined;
  args: string[];
  kind: PaneKind;
  /** For agent panes: which agent (claude, codex, … or a user-defined one). */
  agent?: string;
  /** Shown in the pane instead of a program when `file` is undefined (e.g. how to install it). */
  missingMessage?: string;
  /** What the pane runs, as the user would write it (for titles and list-panes). */
  displayCommand?: string;
  /** For an agent pane: its own initial prompt (else the workspace's is used). */
  prompt?: string;
  cwd: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
  scrollback: number;
  pidRecords?: PidRecords;
  /** What was asked for: kept so the pane can be started again (wake, resume). */
  request?: LaunchRequest;
  /** The agent's conversation id when it is known at launch (our own `--session-id`, or the one resumed). */
  sessionId?: string;
  /** The server log (summaries of malformed output). */
  log?: (text: string) => void;
  /** The pane's secret (in its TESSERA_PANE_TOKEN): a report of state must carry it (see reportToken.ts). */
  reportToken?: string;
  /** Starts the program in a PTY (the system's, or a test's scripted one); spawnPty when not given. */
  spawn?: SpawnProgram;
  /** A program that runs already, taken over from a server of another version: nothing is started. */
  adopted?: AdoptedProgram;
}

/** What a pane taken over in an upgrade starts from (see src/server/handover/). */
export interface AdoptedProgram {
  /** The program's PTY (src/pty/adoptedPty.ts), or a stand-in when no program runs any more. */
  pty: PtyProcess;
  /** Its scrollback and screen as terminal output (src/term/screenExport.ts). */
  screen: string;
  /** The title the program set. */
  title: string;
  shell: ShellState;
  startedAt: number;
  started: boolean;
  /** The program had ended: the pane shows its last screen. */
  exited?: { exitCode: number | undefined };
  /** The pane's marks there: asleep (an agent tessera ended to resume later), needs you, rang. */
  asleep: boolean;
  attention: boolean;
  rang: boolean;
}

/** How a pane's program ended: `done` on its own, `killed` when tessera ended it (close, sleep, restart, kill-server). */
export type SessionOutcome = 'done' | 'killed';

export interface SessionEnd {
  outcome: SessionOutcome;
  exitCode: number | undefined;
  endedAt: number;
}

/** Starts the pane's program in a PTY; a program that is not installed gets a stand-in that shows why. */
export function startProgram(launch: PaneLaunch, emulator: Emulator): PtyProcess {
  if (launch.file === undefined) {
    emulator.write(launch.missingMessage ?? '');
    return absentProcess(launch.cols, launch.rows);
  }
  const file = launch.file;
  const spawnSpec = launch.kind === 'shell' ? shellLaunch(file, launch.args, launch.env) : { file, args: launch.args, env: launch.env };
  return (launch.spawn ?? spawnPty)({ ...spawnSpec, cwd: launch.cwd, cols: launch.cols, rows: launch.rows });
}

/** Tells listeners once how a program's session ended: `killed` when tessera ended it, else `done`. */
export class SessionEndNotice {
  private readonly listeners = new Set<(end: SessionEnd) => void>();
  private ended = false;
  private byTessera = false;

  /** tessera is ending the program (close, sleep, restart): its end is `killed`. */
  endingByTessera(): void {
    this.byTessera = true;
  }

  on(listener: (end: SessionEnd) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The session ended before this pane was made (a pane taken over after its program ended): nobody is told. */
  endedBefore(): void {
    this.ended = true;
  }

  end(exitCode: number | undefined): void {
    if (this.ended) return;
    this.ended = true;
    const end: SessionEnd = { outcome: this.byTessera ? 'killed' : 'done', exitCode, endedAt: Date.now() };
    for (const listener of [...this.listeners]) listener(end);
    this.listeners.clear();
  }

  dispose(): void {
    this.listeners.clear();
  }
}
