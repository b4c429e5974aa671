// Where a workspace's stack keeps its state, under the server's state directory:
//   stacks/<workspace>/runtime.json   slot, ports, the last boot error (kept across reset, gone on rm)
//   stacks/<workspace>/pids/<service>.json   one per started service: pid and start time
//   stacks/<workspace>/logs/<service>.log, logs/hook-<hook>.log
// Workspace, service and hook names are checked words (workspaceName.ts, stackProfile.ts), so they
// are safe as file names; a name from a request is only ever looked up among them, never joined raw.
// A corrupt file is moved aside and reported, never half read.

import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../store/atomicWrite.js';
import { moveAside } from '../../store/moveAside.js';
import { serverStateDirectory } from '../../store/stateDir.js';
import type { ServicePid } from './serviceProcesses.js';

export interface StackRuntime {
  slot: number;
  /** Port name → the port this workspace got (reused on the next up). */
  ports: Record<string, number>;
  lastBootError?: string;
  /** ISO time of the last `up` that passed its health check. */
  lastUp?: string;
}

export interface ServicePidFile extends ServicePid {
  command: string;
  started: string;
}

/** The stacks folder of the server on `socketPath`. */
export function stacksFolder(socketPath: string, env: NodeJS.ProcessEnv): string {
  return path.join(serverStateDirectory(socketPath, env), 'stacks');
}

export class StackFiles {
  readonly dir: string;
  /** Problems met reading the files (moved aside), for the command's answer. */
  readonly problems: string[] = [];

  constructor(stacksDir: string, readonly workspace: string) {
    this.dir = path.join(stacksDir, workspace);
  }

  get logsDir(): string {
    return path.join(this.dir, 'logs');
  }

  serviceLog(service: string): string {
    return path.join(this.logsDir, `${service}.log`);
  }

  hookLog(hook: string): string {
    return path.join(this.logsDir, `hook-${hook}.log`);
  }

  readRuntime(): StackRuntime | undefined {
    const value = this.readJson(path.join(this.dir, 'runtime.json'));
    if (value === undefined) return undefined;
    const runtime = parseRuntime(value);
    if (!runtime) this.setAside(path.join(this.dir, 'runtime.json'), 'it is not a runtime record');
    return runtime;
  }

  writeRuntime(runtime: StackRuntime): void {
    writeFileAtomic(path.join(this.dir, 'runtime.json'), `${JSON.stringify(runtime, null, 2)}\n`);
  }

  readPid(service: string): ServicePidFile | undefined {
    const file = path.join(this.dir, 'pids', `${service}.json`);
    const value = this.readJson(file);
    if (value === undefined) return undefined;
    const pid = parsePid(value);
    if (!pid) this.setAside(file, 'it is not a pid file');
    return pid;
  }

  writePid(service: string, pid: ServicePidFile): void {
    writeFileAtomic(path.join(this.dir, 'pids', `${service}.json`), `${JSON.stringify(pid)}\n`);
  }

  removePid(service: string): void {
    fs.rmSync(path.join(this.dir, 'pids', `${service}.json`), { force: true });
  }

  /** Services with a pid file (also ones the profile no longer declares). */
  pidServices(): string[] {
    try {
      return fs
        .readdirSync(path.join(this.dir, 'pids'))
        .filter((n) => /^[A-Za-z][A-Za-z0-9_]{0,31}\.json$/.test(n))
        .map((n) => n.slice(0, -'.json'.length));
    } catch {
      return [];
    }
  }

  /** Everything of this workspace's stack (rm). */
  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private readJson(file: string): unknown {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      this.setAside(file, 'it is not valid JSON');
      return undefined;
    }
  }

  private setAside(file: string, why: string): void {
    try {
      this.problems.push(`${file} was moved aside to ${moveAside(file)}: ${why}`);
    } catch (error) {
      this.problems.push(`${file} cannot be read (${why}) nor moved aside: ${(error as Error).message}`);
    }
  }
}

/** The slots and ports every stack of the server holds, by workspace. */
export function allRuntimes(stacksDir: string): Map<string, StackRuntime> {
  const runtimes = new Map<string, StackRuntime>();
  let names: string[];
  try {
    names = fs.readdirSync(stacksDir);
  } catch {
    return runtimes;
  }
  for (const name of names) {
    const runtime = new StackFiles(stacksDir, name).readRuntime();
    if (runtime) runtimes.set(name, runtime);
  }
  return runtimes;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPort = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 65_535;

export function parseRuntime(value: unknown): StackRuntime | undefined {
  if (!isObject(value) || typeof value.slot !== 'number' || !Number.isInteger(value.slot) || value.slot < 1 || !isObject(value.ports)) return undefined;
  const ports: Record<string, number> = {};
  for (const [name, port] of Object.entries(value.ports)) {
    if (!isPort(port)) return undefined;
    ports[name] = port;
  }
  return {
    slot: value.slot,
    ports,
    ...(typeof value.lastBootError === 'string' ? { lastBootError: value.lastBootError } : {}),
    ...(typeof value.lastUp === 'string' ? { lastUp: value.lastUp } : {}),
  };
}

function parsePid(value: unknown): ServicePidFile | undefined {
  if (!isObject(value)) return undefined;
  const { pid, startTime, command, started } = value;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 1) return undefined;
  if (typeof startTime !== 'number' || !Number.isInteger(startTime) || startTime < 0) return undefined;
  return { pid, startTime, command: typeof command === 'string' ? command : '', started: typeof started === 'string' ? started : '' };
}
