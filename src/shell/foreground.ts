// Without shell integration, "is a command running?" is answered by the terminal's foreground process group.

import { readProcStat } from '../pty/procStat.js';

/**
 * The foreground process group of the terminal that `pid` is attached to (the tpgid field of
 * /proc/<pid>/stat), or undefined when the process is gone or has no controlling terminal.
 */
export function foregroundProcessGroup(pid: number): number | undefined {
  const tpgid = readProcStat(pid)?.tpgid;
  return tpgid === undefined || tpgid <= 0 ? undefined : tpgid;
}

/**
 * True while a program other than the shell owns the terminal: a shell with job control gives
 * each command line its own process group and hands it the terminal. Undefined when unknown.
 */
export function isForegroundBusy(shellPid: number): boolean | undefined {
  const group = foregroundProcessGroup(shellPid);
  return group === undefined ? undefined : group !== shellPid;
}

/** The name of the program that owns the shell's terminal (vim, less, npm), when it is not the shell itself. */
export function foregroundProgram(shellPid: number): string | undefined {
  const group = foregroundProcessGroup(shellPid);
  if (group === undefined || group === shellPid) return undefined;
  return readProcStat(group)?.comm;
}
