// A second, unprivileged local user for security tests: created with useradd (tests run as root),
// running Node scripts as that user, removed again afterwards.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

export interface Intruder {
  name: string;
  uid: number;
  gid: number;
  /** Runs a Node script as the intruder; resolves with what it printed. */
  run(script: string, args?: string[]): Promise<string>;
  /** Starts a long-running script as the intruder (the caller kills it). */
  start(script: string, args?: string[]): ChildProcess;
  remove(): Promise<void>;
}

/** Why the intruder tests cannot run here, or undefined when they can. */
export function intruderUnavailable(): string | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return 'creating a second local user needs root (useradd); run the tests as root, as CI does';
  }
  try {
    execFileSync('useradd', ['--help'], { stdio: 'ignore' });
  } catch {
    return 'useradd is not installed';
  }
  return undefined;
}

export function createIntruder(): Intruder {
  const name = `tsx-intruder-${process.pid}`;
  execFileSync('useradd', ['--no-create-home', '--shell', '/usr/sbin/nologin', '--user-group', name], { stdio: 'pipe' });
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  const started: ChildProcess[] = [];
  const spawnAs = (script: string, args: string[]) => {
    const child = spawn(process.execPath, ['-e', script, ...args], { uid, gid, cwd: '/', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    return child;
  };
  return {
    name,
    uid,
    gid,
    start: (script, args = []) => spawnAs(script, args),
    run: (script, args = []) =>
      new Promise((resolve, reject) => {
        const child = spawnAs(script, args);
        let out = '';
        let err = '';
        child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`intruder script failed (${code}): ${err}`))));
      }),
    remove: async () => {
      const running = started.filter((child) => child.exitCode === null && child.signalCode === null);
      const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
      for (const child of running) child.kill('SIGKILL');
      await Promise.all(exits);
      execFileSync('userdel', [name], { stdio: 'ignore' });
    },
  };
}
