// Moving one client between workspaces: the switcher (the palette listing every workspace, dormant ones too) and
// "next waiting", which looks at every workspace, not only the one on screen.

import type { PaletteItem } from '../../app/palette/model.js';
import { MERGED_MARK, diffText } from '../../app/strip/layout.js';
import type { StripEntry } from '../../app/strip/model.js';
import type { Pane } from '../panes/pane.js';
import type { Workspace } from '../workspaces/workspace.js';
import type { ListedWorkspace } from '../workspaces/workspaceList.js';
import { listPalette, type PaletteOverlay } from './paletteController.js';

const STATE_WORDS: Record<StripEntry['state'], string> = {
  running: 'running',
  'needs-you': 'needs you',
  error: 'error',
  idle: 'idle',
  dormant: 'dormant (opening it starts its panes)',
};

/** The switcher: every workspace with its state, diff, `merged`, the workspaces it would conflict with, and folder; its digit on the right. */
export function switcherOverlay(strip: StripEntry[], listed: ListedWorkspace[], cols: number, rows: number): PaletteOverlay {
  const items: PaletteItem[] = strip.map((entry, i) => ({
    id: entry.host ? `${REMOTE_ITEM}${entry.name}` : entry.name,
    label: entry.name,
    detail: entry.host ? remoteDetail(entry, entry.host) : [entry.current ? 'shown here' : STATE_WORDS[entry.state], diffText(entry.diff), entry.merged ? MERGED_MARK : '', conflictText(entry), listed[i]?.path].filter(Boolean).join('  '),
    keys: entry.digit === undefined ? '' : String(entry.digit),
  }));
  return listPalette('workspace', 'Switch to a workspace (C-x removes, C-r resets the selected one)', items, 'no workspace matches', cols, rows);
}

/** Marks a switcher item of another machine (no local workspace name has a ':'). */
export const REMOTE_ITEM = 'remote:';

/** The entry of another machine's workspace: its state, need-you count, diff and folder there; or why its host's link is down. */
function remoteDetail(entry: StripEntry, host: NonNullable<StripEntry['host']>): string {
  if (host.down !== undefined) return host.down;
  const needs = host.needsYou > 0 ? `${host.needsYou} need${host.needsYou === 1 ? 's' : ''} you` : STATE_WORDS[entry.state];
  return [needs, diffText(entry.diff), entry.merged ? MERGED_MARK : '', `on ${host.name}: ${host.path}`].filter(Boolean).join('  ');
}

/** A workspace of another machine to show in this client: its host (a name of the hosts setting), its name there, and maybe the pane to focus. */
export interface HostWorkspace {
  host: string;
  workspace: string;
  pane?: number;
}

export type HostChoice = { open: HostWorkspace } | { message: string; tone: 'info' | 'error' };

/**
 * What choosing another machine's workspace in the switcher does: `open` it in this client, when the
 * client can leave to show it and the host is still one of the hosts setting; otherwise a line that
 * says why not, or (a client older than this server, or one that shows this server from another
 * machine) the command that shows it.
 */
export function remoteChoice(id: string, isHost: (name: string) => boolean, clientOpensHosts: boolean): HostChoice {
  const name = id.slice(REMOTE_ITEM.length);
  const at = name.indexOf(':');
  if (at < 0) return { message: `${name.split(' ')[0]}: its link is down; 'tessera hosts' says why`, tone: 'error' };
  return hostChoice({ host: name.slice(0, at), workspace: name.slice(at + 1) }, isHost, clientOpensHosts);
}

/** remoteChoice for a host's workspace already named (the inbox's row of a host's question). */
export function hostChoice(target: HostWorkspace, isHost: (name: string) => boolean, clientOpensHosts: boolean): HostChoice {
  const { host, workspace } = target;
  // The list was made from a link the settings had; they may have changed since it opened.
  if (!isHost(host) || workspace === '') return { message: `no host '${host}' in the hosts setting any more; 'tessera hosts' lists them`, tone: 'error' };
  // An older client, or a client that shows this server as another machine's view (it opens nothing for a host).
  if (!clientOpensHosts) return { message: `${host}:${workspace} is on another machine, and this client cannot open it here: 'tessera -H ${host} attach -t ${workspace}' shows it`, tone: 'info' };
  return { open: target };
}

/** `⚠ conflicts with task-b, task-c` (the conflict radar's finding), or ''. */
const conflictText = (entry: StripEntry): string => ((entry.conflicts?.length ?? 0) > 0 ? `⚠ conflicts with ${entry.conflicts?.join(', ')}` : '');

const waits = (pane: Pane): boolean => pane.status === 'approval' || pane.attention;

/**
 * The next pane that waits for the user: after the focused pane in this workspace, then in the workspaces after it
 * (in the strip's order), then from the start; undefined when none waits anywhere.
 */
export function nextWaiting(workspaces: readonly Workspace[], current: Workspace): { workspace: Workspace; pane: Pane } | undefined {
  const here = current.orderedPanes().filter(waits);
  const after = here.find((p) => p.id > current.focusedPaneId);
  if (after) return { workspace: current, pane: after };
  const at = workspaces.indexOf(current);
  const order = [...workspaces.slice(at + 1), ...workspaces.slice(0, Math.max(0, at))];
  for (const workspace of order) {
    const pane = workspace.orderedPanes().find(waits);
    if (pane) return { workspace, pane };
  }
  return here[0] ? { workspace: current, pane: here[0] } : undefined;
}
