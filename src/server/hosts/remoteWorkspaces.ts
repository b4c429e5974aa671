// What a host's answers say about its workspaces, read as untrusted text: only the fields the strip
// and switcher show, each checked for its type, every string through visibleText (a name from another
// machine is never an escape sequence or a line break here), at most MAX_HOST_WORKSPACES of them.

import { stripState, type StripState } from '../../app/strip/model.js';
import { MAX_HOST_WORKSPACES } from '../../limits.js';
import { visibleText } from '../../term/visibleText.js';

export interface RemoteWorkspace {
  name: string;
  path: string;
  state: StripState;
  needsYou: number;
  diff?: { added: number; removed: number };
  merged: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined);

/** The workspaces of a host's `ls` and `list-panes` answers; undefined when `ls` is not a list this tessera can read. */
export function remoteWorkspaces(ls: unknown, panes: unknown): RemoteWorkspace[] | undefined {
  const list = isRecord(ls) ? ls.workspaces : undefined;
  if (!Array.isArray(list)) return undefined;
  const panesOf = new Map<string, { status: string; attention: boolean }[]>();
  for (const pane of Array.isArray(panes) ? panes : []) {
    if (!isRecord(pane) || typeof pane.workspace !== 'string' || typeof pane.status !== 'string') continue;
    panesOf.set(pane.workspace, [...(panesOf.get(pane.workspace) ?? []), { status: pane.status, attention: pane.attention === true }]);
  }
  const out: RemoteWorkspace[] = [];
  for (const w of list.slice(0, MAX_HOST_WORKSPACES)) {
    if (!isRecord(w) || typeof w.name !== 'string' || typeof w.path !== 'string') return undefined;
    const open = w.state === 'open';
    const needsYou = count(w.needsYou) ?? 0;
    const state = open ? stripState(panesOf.get(w.name) ?? []) : 'dormant';
    out.push({
      name: visibleText(w.name),
      path: visibleText(w.path),
      state: needsYou > 0 && open ? 'needs-you' : state,
      needsYou,
      diff: diffOf(w.base === null || w.base === undefined ? w.diff : w.branchDiff),
      merged: w.merged === true,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function diffOf(value: unknown): RemoteWorkspace['diff'] {
  if (!isRecord(value)) return undefined;
  const added = count(value.added);
  const removed = count(value.removed);
  return added === undefined || removed === undefined ? undefined : { added, removed };
}
