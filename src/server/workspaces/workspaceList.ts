// Every workspace of the server in one order (by name), open or dormant: what the strip shows, what prefix + digit
// picks, what the switcher lists and where "next waiting" looks.

import { stripState, type StripEntry } from '../../app/strip/model.js';
import type { DiffSummaries } from './diffSummaries.js';
import type { Workspace } from './workspace.js';
import type { WorkspaceRegistry } from './workspaceRegistry.js';

/** Prefix + 1…9 switch to the first nine. */
const DIGITS = 9;

export interface ListedWorkspace {
  name: string;
  path: string;
  base?: string;
  /** Running now; undefined when dormant. */
  live: Workspace | undefined;
}

export class WorkspaceList {
  constructor(
    private readonly registry: WorkspaceRegistry,
    /** Where diff summaries come from; without it the strip shows none. */
    private readonly diffs?: DiffSummaries,
    /** The workspaces whose changes would conflict with a workspace's (the conflict radar). */
    private readonly conflicts?: (name: string) => string[],
    /** Whether a workspace's stack is up (the strip's mark); without it no mark. */
    private readonly stackUp?: (name: string) => boolean,
    /** Other machines' workspaces (and hosts whose link is down), shown after this machine's: no digit. */
    private readonly remote?: () => StripEntry[],
  ) {}

  all(): ListedWorkspace[] {
    const open: ListedWorkspace[] = this.registry.list().map((w) => ({ name: w.name, path: w.cwd, base: w.origin.base, live: w }));
    const dormant: ListedWorkspace[] = this.registry.dormant().map((r) => ({ name: r.name, path: r.path, base: r.base, live: undefined }));
    return [...open, ...dormant].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The workspace prefix + `digit` switches to. */
  byDigit(digit: number): ListedWorkspace | undefined {
    return digit >= 1 && digit <= DIGITS ? this.all()[digit - 1] : undefined;
  }

  strip(current: Workspace): StripEntry[] {
    return this.all().map((w, i): StripEntry => {
      const diff = this.diffs?.get(w.name, w.path, w.base);
      return {
        name: w.name,
        digit: i < DIGITS ? i + 1 : undefined,
        state: stripState(w.live ? [...w.live.panes.values()] : undefined),
        current: w.live === current,
        diff,
        merged: diff?.merged === true,
        conflicts: this.conflicts?.(w.name) ?? [],
        ...(this.stackUp?.(w.name) ? { stackUp: true } : {}),
      };
    }).concat(this.remote?.() ?? []);
  }
}
