// `up`: the slot and ports, then the `boot` hook (unless --no-build), then every service not running
// yet (started detached), then the health check: the `health` hook tried until it passes or the
// health time limit ends, or without one, each service's port listening. A failing health check
// leaves the services running (their logs say which never came up) and is recorded as the last
// boot error. One `up` (or hook) per workspace at a time: a second is refused, not queued; an up
// ended while it runs (stackLock.ts) stops where it is, its services so far left for down.

import type { UpResult } from '../../commands/stackResults.js';
import { STACK_BOOT_TIMEOUT_MS, STACK_HEALTH_RETRY_MS, STACK_HEALTH_TIMEOUT_MS } from '../../limits.js';
import { listProcStats } from '../../pty/procStat.js';
import type { StackProfile } from '../../store/stackProfile.js';
import { seedEnvFiles } from './envFiles.js';
import { listeningSockets } from './portHolders.js';
import { runHook, type HookResult } from './runHook.js';
import { assignPorts, takeSlot } from './runtimePlan.js';
import { serviceProcesses } from './serviceProcesses.js';
import { startService } from './startService.js';
import { stackEnvironment } from './stackEnv.js';
import type { StackFiles, StackRuntime } from './stackFiles.js';
import { stackStatus } from './stackStatus.js';
import { holdingStack, stopReason } from './stackLock.js';
import { sourceRepo, type ProfiledTarget } from './stackTarget.js';

/** The slot and ports (taken or reused) and the environment hooks and services get. */
export function prepareRuntime(target: ProfiledTarget, serverEnv: NodeJS.ProcessEnv, preferredSlot?: number): { runtime: StackRuntime; env: Record<string, string> } {
  const { files, stacksDir, profile, record } = target;
  const runtime = assignPorts(files, stacksDir, takeSlot(files, stacksDir, profile.maxSlots, preferredSlot), profile);
  const source = sourceRepo(record);
  const env = stackEnvironment(serverEnv, { workspace: record.name, dir: record.path, slot: runtime.slot, sourceRepo: source, ports: runtime.ports, dbPrefix: profile.dbPrefix });
  files.problems.push(...seedEnvFiles(profile.envFiles, source, record.path, env));
  return { runtime, env };
}

export async function stackUp(target: ProfiledTarget, serverEnv: NodeJS.ProcessEnv, options: { build: boolean; preferredSlot?: number; cancel?: AbortSignal }): Promise<UpResult> {
  const { files, profile, record } = target;
  return holdingStack(files, 'this up', 'up', async (stop) => {
    const { runtime, env } = prepareRuntime(target, serverEnv, options.preferredSlot);
    const fail = (error: string, started: string[]): UpResult => {
      files.writeRuntime({ ...(files.readRuntime() ?? runtime), lastBootError: error });
      return { ...stackStatus(files, profile), started, error };
    };
    const ended = (started: string[]) => fail(`up was ended: ${stopReason(stop)}`, started);
    const boot = profile.hooks.boot;
    if (options.build && boot !== undefined) {
      const result = await runHook({ command: boot, cwd: record.path, env, log: files.hookLog('boot'), timeoutMs: profile.bootTimeoutMs ?? STACK_BOOT_TIMEOUT_MS, cancel: stop });
      if (stop.aborted) return ended([]);
      if (result.code !== 0) return fail(`boot ${hookFailure(result, profile.bootTimeoutMs ?? STACK_BOOT_TIMEOUT_MS)} (log: ${files.hookLog('boot')})`, []);
    }
    const started: string[] = [];
    const stats = listProcStats();
    for (const service of profile.services) {
      if (stop.aborted) return ended(started);
      const existing = files.readPid(service.name);
      if (existing && serviceProcesses(existing, stats).length > 0) continue;
      const pid = startService({ service, root: record.path, env, log: files.serviceLog(service.name) });
      if ('problem' in pid) return fail(pid.problem, started);
      files.writePid(service.name, pid);
      started.push(service.name);
    }
    const health = await healthCheck(files, profile, record.path, env, stop);
    if (stop.aborted) return ended(started);
    if (health !== undefined) return fail(health, started);
    files.writeRuntime({ ...(files.readRuntime() ?? runtime), lastBootError: undefined, lastUp: new Date().toISOString() });
    return { ...stackStatus(files, profile), started };
  }, options.cancel);
}

/** Undefined when healthy; else why not. */
async function healthCheck(files: StackFiles, profile: StackProfile, cwd: string, env: Record<string, string>, stop: AbortSignal): Promise<string | undefined> {
  const limit = profile.healthTimeoutMs ?? STACK_HEALTH_TIMEOUT_MS;
  const deadline = Date.now() + limit;
  const hook = profile.hooks.health;
  let last = '';
  for (;;) {
    if (hook !== undefined) {
      const result = await runHook({ command: hook, cwd, env, log: files.hookLog('health'), timeoutMs: Math.max(1, deadline - Date.now()), cancel: stop });
      if (result.code === 0) return undefined;
      last = `health ${hookFailure(result, limit)}`;
    } else {
      const silent = silentServices(files, profile);
      if (silent.length === 0) return undefined;
      last = `not listening on their ports: ${silent.join(', ')}`;
    }
    if (stop.aborted || Date.now() + STACK_HEALTH_RETRY_MS >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, STACK_HEALTH_RETRY_MS));
  }
  const dead = profile.services.filter((s) => !isRunning(files, s.name)).map((s) => `${s.name} (log: ${files.serviceLog(s.name)})`);
  const which = dead.length > 0 ? `; not running: ${dead.join(', ')}` : '; every service still runs: see their logs';
  return `the health check did not pass within ${Math.round(limit / 1000)} s: ${last}${which}`;
}

function silentServices(files: StackFiles, profile: StackProfile): string[] {
  const sockets = listeningSockets();
  const runtime = files.readRuntime();
  return profile.services.filter((s) => s.port !== undefined && !sockets.has(runtime?.ports[s.port] ?? -1)).map((s) => s.name);
}

function isRunning(files: StackFiles, name: string): boolean {
  const record = files.readPid(name);
  return record !== undefined && serviceProcesses(record, listProcStats()).length > 0;
}

export function hookFailure(result: HookResult, limitMs: number): string {
  if (result.timedOut) return `did not finish within ${Math.round(limitMs / 1000)} s and was ended`;
  if (result.error !== undefined) return `could not run: ${result.error}`;
  return result.code === null ? 'was ended by a signal' : `exited with status ${result.code}`;
}
