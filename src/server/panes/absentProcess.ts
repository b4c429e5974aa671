// The process of a pane whose program is not installed: nothing runs, nothing is spawned.

import type { Disposable, PtyExit, PtyProcess } from '../../pty/ptyProcess.js';

const NOTHING: Disposable = { dispose: () => undefined };

export function absentProcess(cols: number, rows: number): PtyProcess {
  return {
    pid: 0,
    cols,
    rows,
    paused: false,
    exited: new Promise<PtyExit>(() => undefined), // never: there is no program to exit
    onData: () => NOTHING,
    onExit: () => NOTHING,
    write: () => false,
    inputProgress: undefined,
    onInputProgress: () => NOTHING,
    resize: () => undefined,
    pause: () => undefined,
    resume: () => undefined,
    terminate: () => Promise.resolve({ exitCode: 0 }),
    dispose: () => undefined,
  };
}
