// One scheduler for the output parsing of every pane: slices are parsed round-robin, a few
// milliseconds per event-loop turn, so a pane whose output is expensive to parse delays neither
// other panes nor clients nor control commands (they run between turns). Output that answers the
// user's keys (an echo) goes first in the next turn, ahead of panes that flood.

import { PARSE_TURN_BUDGET_MS } from '../limits.js';

export interface ParseTask {
  /** Parses one slice of this task's output; true when more is ready to parse now. */
  parseNext(): boolean;
}

/** Tasks with output waiting, in turn order (a Set keeps insertion order; re-adding moves to the end). */
const ready = new Set<ParseTask>();
/** Tasks whose output answers the user's keys: one slice each before the others, then in turn like them. */
const urgent = new Set<ParseTask>();
let scheduled = false;

/** Asks for `task` to be given turns until it reports nothing more; `first` puts its next slice ahead of the others. */
export function requestParse(task: ParseTask, first = false): void {
  if (first) urgent.add(task);
  else ready.add(task);
  if (scheduled) return;
  scheduled = true;
  setImmediate(runTurn);
}

/** Takes a task out of the rotation (its pane closed). */
export function cancelParse(task: ParseTask): void {
  ready.delete(task);
  urgent.delete(task);
}

function runTurn(): void {
  scheduled = false;
  const start = performance.now();
  for (const task of urgent) {
    urgent.delete(task);
    ready.delete(task);
    if (parseSlice(task)) ready.add(task);
  }
  // A task that has more goes to the back of the line, so every waiting pane gets a slice in turn.
  for (const task of ready) {
    ready.delete(task);
    if (parseSlice(task)) ready.add(task);
    if (performance.now() - start >= PARSE_TURN_BUDGET_MS) break;
  }
  if ((ready.size > 0 || urgent.size > 0) && !scheduled) {
    scheduled = true;
    setImmediate(runTurn);
  }
}

/** One slice of `task`; true when it has more. */
function parseSlice(task: ParseTask): boolean {
  try {
    return task.parseNext();
  } catch (error) {
    // One pane's broken output must not stop the others: report it like any internal error.
    queueMicrotask(() => {
      throw error;
    });
    return false;
  }
}
