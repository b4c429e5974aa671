// Which slot a workspace's stack takes, and which port each of its names gets. Pure: what is taken
// comes in as sets, so the rules are tested without a machine's sockets.

import { STACK_PORT_TRIES } from '../../limits.js';

/**
 * The slot for a workspace that has none yet: `preferred` (the slot its panes already have) when no
 * other stack holds it, else the lowest free one from 1; undefined when all up to `max` are held.
 */
export function pickSlot(held: ReadonlySet<number>, max: number, preferred?: number): number | undefined {
  if (preferred !== undefined && preferred >= 1 && preferred <= max && !held.has(preferred)) return preferred;
  for (let slot = 1; slot <= max; slot++) if (!held.has(slot)) return slot;
  return undefined;
}

/** The ports tried for one name, in order: base + slot, then +100, +200 … (the last digits stay the slot). */
export function portCandidates(base: number, slot: number): number[] {
  const ports: number[] = [];
  for (let i = 0; i < STACK_PORT_TRIES; i++) {
    const port = base + slot + i * 100;
    if (port > 65_535) break;
    ports.push(port);
  }
  return ports;
}

export type PortChoice = { port: number } | { busy: true; preferred: number };

/**
 * A port for each name: the one recorded for this workspace when it is still free (free of listeners
 * other than this workspace's own services, and recorded by no other workspace), else the first free
 * candidate. `listening` holds ports something listens on that is not this workspace's own.
 */
export function choosePorts(
  bases: Readonly<Record<string, number>>,
  slot: number,
  recorded: Readonly<Record<string, number>>,
  listening: ReadonlySet<number>,
  othersRecorded: ReadonlySet<number>,
): Record<string, PortChoice> {
  const taken = new Set<number>([...listening, ...othersRecorded]);
  const choices: Record<string, PortChoice> = {};
  const names = Object.keys(bases);
  // Recorded ports first, so a name that kept its port never loses it to another name's step.
  for (const name of names) {
    const port = recorded[name];
    if (port !== undefined && !taken.has(port) && portCandidates(bases[name], slot).includes(port)) {
      choices[name] = { port };
      taken.add(port);
    }
  }
  for (const name of names) {
    if (choices[name]) continue;
    const candidates = portCandidates(bases[name], slot);
    const free = candidates.find((p) => !taken.has(p));
    if (free === undefined) choices[name] = { busy: true, preferred: candidates[0] ?? bases[name] + slot };
    else {
      choices[name] = { port: free };
      taken.add(free);
    }
  }
  return choices;
}
