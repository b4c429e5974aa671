// Which waiting pane answers prefix+y / n / Esc — the ownership rule:
//   exactly one pane waits        → it owns the answer, focused or not;
//   several wait, focused is one  → the focused pane answers;
//   several wait, focused is not  → nobody answers, and the bar says why.

export interface Ownership {
  owner?: number;
  /** Why nobody answers (several panes wait and none of them is focused). */
  reason?: string;
}

export function approvalOwner(waiting: readonly number[], focused: number, jumpKey: string): Ownership {
  if (waiting.length === 0) return {};
  if (waiting.length === 1) return { owner: waiting[0] };
  if (waiting.includes(focused)) return { owner: focused };
  return { reason: `${waiting.length} panes wait for you; focus one to answer it (${jumpKey} jumps to the next)` };
}
