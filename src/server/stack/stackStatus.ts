// What a workspace's stack is doing at the moment of asking: each service alive or not from its pid
// file (its processes in /proc) and its port probed now; never a stored flag.

import { listProcStats, type ProcStat } from '../../pty/procStat.js';
import type { ServiceStatus, StackStatus } from '../../commands/stackResults.js';
import type { StackProfile } from '../../store/stackProfile.js';
import { listeningSockets } from './portHolders.js';
import { serviceProcesses } from './serviceProcesses.js';
import type { StackFiles } from './stackFiles.js';

/** The status; `profile` undefined (no stack, or not approved): only the services that have pid files. */
export function stackStatus(files: StackFiles, profile: StackProfile | undefined, stats: readonly ProcStat[] = listProcStats()): StackStatus {
  const runtime = files.readRuntime();
  const sockets = listeningSockets();
  const ports: StackStatus['ports'] = {};
  for (const [name, port] of Object.entries(runtime?.ports ?? {})) ports[name] = { port, listening: sockets.has(port) };
  const names = [...new Set([...(profile?.services.map((s) => s.name) ?? []), ...files.pidServices()])];
  const services = names.map((name): ServiceStatus => {
    const record = files.readPid(name);
    const processes = record ? serviceProcesses(record, stats).length : 0;
    const portName = profile?.services.find((s) => s.name === name)?.port;
    const port = portName === undefined ? undefined : runtime?.ports[portName];
    return {
      name,
      alive: processes > 0,
      ...(record ? { pid: record.pid } : {}),
      processes,
      ...(port === undefined ? {} : { port, listening: sockets.has(port) }),
      log: files.serviceLog(name),
    };
  });
  return {
    workspace: files.workspace,
    ...(runtime ? { slot: runtime.slot } : {}),
    ports,
    services,
    up: services.length > 0 && services.every((s) => s.alive),
    ...(runtime?.lastBootError ? { lastBootError: runtime.lastBootError } : {}),
    ...(runtime?.lastUp ? { lastUp: runtime.lastUp } : {}),
    problems: files.problems,
  };
}

/**
 * The short form `ls --json` carries: up, and each service alive or not (from pid files only). `stats`
 * reads the process table, asked only when a service has a pid file: reading all of /proc costs
 * milliseconds, and `ls` runs in scripts' loops over workspaces that mostly have no stack.
 */
export function stackSummary(files: StackFiles, stats: () => readonly ProcStat[]): { up: boolean; services: { name: string; alive: boolean }[] } | undefined {
  const names = files.pidServices();
  if (names.length === 0 && !files.readRuntime()) return undefined;
  const services = names.map((name) => {
    const record = files.readPid(name);
    return { name, alive: record !== undefined && serviceProcesses(record, stats()).length > 0 };
  });
  return { up: services.length > 0 && services.every((s) => s.alive), services };
}

/** `read` called at its first use and its answer kept: one look at the process table for a whole listing. */
export function onceAsked<T>(read: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: read() }).v;
}
