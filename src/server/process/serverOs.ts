// What the server asks of the operating system that a test plays itself: starting a pane's program
// in a PTY. The real server uses the system's; the in-process test harness (tests/harness/) gives
// scripted programs, so key routing, focus and approval rules run in milliseconds without a PTY.

import { spawnPty, type PtyProcess, type PtySpawnOptions } from '../../pty/ptyProcess.js';

export type SpawnProgram = (options: PtySpawnOptions) => PtyProcess;

export interface ServerOs {
  spawnProgram: SpawnProgram;
}

export const SYSTEM_OS: ServerOs = { spawnProgram: spawnPty };
