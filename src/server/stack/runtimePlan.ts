// A workspace's slot and ports for an `up` or a hook: the slot is taken the first time (the slot its
// panes have when no other stack holds it, else the lowest free), then kept in runtime.json; each
// port is the one recorded when still free, else the first free candidate (portCandidates), recorded.

import { STACK_MAX_SLOTS } from '../../limits.js';
import { listProcStats } from '../../pty/procStat.js';
import type { StackProfile } from '../../store/stackProfile.js';
import { RefusedError } from '../workspaces/workspace.js';
import { describePortHolder, listeningSockets, portHolderPids } from './portHolders.js';
import { serviceProcesses } from './serviceProcesses.js';
import { choosePorts, pickSlot } from './slots.js';
import { allRuntimes, type StackFiles, type StackRuntime } from './stackFiles.js';

/** The workspace's runtime record, with a slot taken now when it had none. */
export function takeSlot(files: StackFiles, stacksDir: string, maxSlots = STACK_MAX_SLOTS, preferred?: number): StackRuntime {
  const own = files.readRuntime();
  if (own) return own;
  const others = allRuntimes(stacksDir);
  others.delete(files.workspace);
  const slot = pickSlot(new Set([...others.values()].map((r) => r.slot)), maxSlots, preferred);
  if (slot === undefined) throw new RefusedError(`every stack slot (1 to ${maxSlots}) is held by another workspace; remove one ('tessera rm') or raise stack.maxSlots`);
  const runtime: StackRuntime = { slot, ports: {} };
  files.writeRuntime(runtime);
  return runtime;
}

/** Ports for every name of the profile, recorded; refused naming the holder when all of a name's candidates are busy. */
export function assignPorts(files: StackFiles, stacksDir: string, runtime: StackRuntime, profile: StackProfile): StackRuntime {
  const sockets = listeningSockets();
  const ours = ownPids(files);
  const listening = new Set<number>();
  for (const port of sockets.keys()) {
    // A port this workspace's own running service listens on is its own, not taken.
    const holders = Object.values(runtime.ports).includes(port) ? portHolderPids(port, sockets) : [];
    if (holders.length > 0 && holders.every((pid) => ours.has(pid))) continue;
    listening.add(port);
  }
  const others = allRuntimes(stacksDir);
  others.delete(files.workspace);
  const othersRecorded = new Set([...others.values()].flatMap((r) => Object.values(r.ports)));
  const choices = choosePorts(profile.ports, runtime.slot, runtime.ports, listening, othersRecorded);
  const ports: Record<string, number> = {};
  const busy: string[] = [];
  for (const [name, choice] of Object.entries(choices)) {
    if ('port' in choice) ports[name] = choice.port;
    else busy.push(`port ${name}: every candidate (${choice.preferred}, +100 … ) is busy; ${describePortHolder(choice.preferred, sockets)}`);
  }
  if (busy.length > 0) throw new RefusedError(busy.join('\n'));
  const updated = { ...runtime, ports };
  files.writeRuntime(updated);
  return updated;
}

/** Pids of this workspace's running services (every process of each). */
export function ownPids(files: StackFiles): Set<number> {
  const stats = listProcStats();
  const pids = new Set<number>();
  for (const service of files.pidServices()) {
    const record = files.readPid(service);
    if (record) for (const s of serviceProcesses(record, stats)) pids.add(s.pid);
  }
  return pids;
}
