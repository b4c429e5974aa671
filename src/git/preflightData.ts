// The preflight as data, for `tessera rm/reset --json` (and a later `land`): one flat object a script
// can read without knowing tessera's internals.

import type { EndAction, Preflight, UnreadableFolder } from './endGuards.js';

export interface PreflightData {
  action: EndAction;
  workspace: string;
  kind: Preflight['kind'];
  path: string;
  /** The workspace's recorded branch, and the one checked out now (null: detached, or no git). */
  branch: string | null;
  checkedOut: string | null;
  base: string | null;
  /** null when git has nothing to say (folder gone, unreadable, not a repository). */
  head: string | null;
  dirty: string[];
  untracked: string[];
  ignored: string[];
  conflicts: string[];
  unpushed: number;
  unpushedRefs: string[];
  reflogOnly: number;
  stashes: number;
  noRemote: boolean | null;
  unreadable: UnreadableFolder | null;
  runningPanes: number[];
  /** Why going ahead (with the permissions given) is refused; empty when it may. */
  blocked: string[];
  warnings: string[];
}

export function preflightData(action: EndAction, p: Preflight, blocked: string[], warnings: string[]): PreflightData {
  const g = p.git;
  return {
    action,
    workspace: p.name,
    kind: p.kind,
    path: p.path,
    branch: p.branch,
    checkedOut: g?.checkedOut ?? null,
    base: p.base,
    head: g?.head ?? null,
    dirty: g?.dirty ?? [],
    untracked: g?.untracked ?? [],
    ignored: g?.ignored ?? [],
    conflicts: g?.conflicts ?? [],
    unpushed: g?.unpushed ?? 0,
    unpushedRefs: g?.unpushedRefs ?? [],
    reflogOnly: g?.reflogOnly ?? 0,
    stashes: g?.stashes ?? 0,
    noRemote: g ? g.noRemote : null,
    unreadable: p.unreadable,
    runningPanes: p.runningPanes,
    blocked,
    warnings,
  };
}
