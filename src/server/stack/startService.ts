// Starting one service fully detached: the leader of a session of its own (setsid through a detached
// spawn), stdin from /dev/null, stdout and stderr appended to its log file, not waited on by the
// server. So it outlives clients, the server and its upgrades; its pid file (pid and the start time
// from /proc/PID/stat) is how it is found again, and told from a later process with the same pid.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readProcStat } from '../../pty/procStat.js';
import type { StackService } from '../../store/stackProfile.js';
import type { ServicePidFile } from './stackFiles.js';

export interface ServiceStart {
  service: StackService;
  /** The repository folder its `cwd` is relative to. */
  root: string;
  env: Record<string, string>;
  log: string;
}

/** Starts the service; its pid file's contents, or a problem when it could not start. */
export function startService(start: ServiceStart): ServicePidFile | { problem: string } {
  const cwd = path.join(start.root, start.service.cwd);
  if (!fs.existsSync(cwd)) return { problem: `service ${start.service.name}: its folder ${start.service.cwd} does not exist` };
  fs.mkdirSync(path.dirname(start.log), { recursive: true, mode: 0o700 });
  const fd = fs.openSync(start.log, 'a', 0o600);
  try {
    fs.writeSync(fd, `--- ${new Date().toISOString()} started: ${start.service.command}\n`);
    const child = spawn('/bin/sh', ['-c', start.service.command], { cwd, env: start.env, stdio: ['ignore', fd, fd], detached: true });
    child.on('error', () => undefined); // reported below: no pid
    child.unref();
    const pid = child.pid;
    const stat = pid === undefined ? undefined : readProcStat(pid);
    if (pid === undefined || !stat) return { problem: `service ${start.service.name} could not start (see its log ${start.log})` };
    return { pid, startTime: stat.startTime, command: start.service.command, started: new Date().toISOString() };
  } finally {
    fs.closeSync(fd);
  }
}
