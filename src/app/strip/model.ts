// What the workspace strip shows: every workspace, open or dormant, with a status dot and its diff summary.

import type { ThemeRole } from '../../store/themeSetting.js';

/** The dot: `needs-you` beats `error` beats `running` beats `idle`; `dormant` means nothing of it runs. */
export type StripState = 'running' | 'needs-you' | 'error' | 'idle' | 'dormant';

export interface StripEntry {
  name: string;
  /** The digit that switches to it after the prefix (1–9), if it has one. */
  digit?: number;
  state: StripState;
  /** Shown by this client now. */
  current: boolean;
  /** Lines added and removed (untracked files counted): since the base for a worktree or clone, against HEAD for an adopted folder; once git has answered. */
  diff?: { added: number; removed: number };
  /** Its branch is all in its base already (shown as `merged`). */
  merged?: boolean;
  /** Workspaces whose changes would conflict with this one's (the conflict radar): a ⚠ after the name. */
  conflicts?: string[];
  /** Its own app runs ('tessera up'): a mark after its name. */
  stackUp?: boolean;
  /** A workspace of another machine (`HOST:NAME`), or its host while the link is down (`down` says why). */
  host?: { name: string; path: string; needsYou: number; down?: string };
}

/** The mark after the name of a workspace whose stack is up. */
export const STACK_UP_MARK = ' ▸';

/** The dot of one workspace, from its panes' pills and "needs you" marks; undefined panes: dormant. */
export function stripState(panes: readonly { status: string; attention: boolean }[] | undefined): StripState {
  if (panes === undefined) return 'dormant';
  if (panes.some((p) => p.status === 'approval' || p.attention)) return 'needs-you';
  if (panes.some((p) => p.status === 'error')) return 'error';
  if (panes.some((p) => p.status === 'running' || p.status === 'starting')) return 'running';
  return 'idle';
}

export const STRIP_DOTS: Record<StripState, { glyph: string; role: ThemeRole }> = {
  running: { glyph: '●', role: 'warning' },
  'needs-you': { glyph: '●', role: 'attention' },
  error: { glyph: '●', role: 'danger' },
  idle: { glyph: '●', role: 'success' },
  dormant: { glyph: '○', role: 'muted' },
};
