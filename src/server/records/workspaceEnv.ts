// The variables every pane of a workspace gets: its name and folder, its slot (the smallest number
// no other open workspace has) and, for each port the user named in the settings, base + slot,
// stepping aside by 100 while a port is taken — so two workspaces run their dev servers side by side.

import { listeningSockets } from '../../os/listeningSockets.js';

/** Ports tried per name: base + slot, then +100, +200, … */
const PORT_TRIES = 10;

export function workspaceEnvironment(workspace: { name: string; dir: string; slot: number }, ports: Record<string, number>, listening?: Set<number>): Record<string, string> {
  // Reading /proc/net/tcp can take ~100 ms on a busy machine: only when the settings name ports.
  const taken = Object.keys(ports).length === 0 ? new Set<number>() : (listening ?? listeningPorts());
  const env: Record<string, string> = {
    TESSERA_WORKSPACE: workspace.name,
    TESSERA_WORKSPACE_DIR: workspace.dir,
    TESSERA_SLOT: String(workspace.slot),
  };
  for (const [name, base] of Object.entries(ports)) {
    for (let i = 0; i < PORT_TRIES; i++) {
      const port = base + workspace.slot + i * 100;
      if (port > 65_535) break;
      if (taken.has(port)) continue;
      env[`TESSERA_PORT_${name.toUpperCase()}`] = String(port);
      taken.add(port);
      break;
    }
  }
  return env;
}

/** The smallest slot (from 1) that none of `used` holds. */
export function freeSlot(used: Iterable<number>): number {
  const taken = new Set(used);
  let slot = 1;
  while (taken.has(slot)) slot++;
  return slot;
}

/** TCP ports something listens on (Linux /proc/net/tcp and tcp6); empty where /proc is not there. */
export function listeningPorts(): Set<number> {
  return new Set(listeningSockets().keys());
}
