// One scheduler for the output parsing of every pane: slices are parsed round-robin, a few
// milliseconds per event-loop turn, so a pane whose output is expensive to parse delays neither
// other panes nor clients nor control commands (they run between turns).

import { PARSE_TURN_BUDGET_MS } from '../limits.js';

export interface ParseTask {
  /** Parses one slice of this task's output; true when more is ready to parse now. */
  parseNext(): boolean;
}

/** Tasks with output waiting, in turn order (a Set keeps insertion order; re-adding moves to the end). */
const ready = new Set<ParseTask>();
let scheduled = false;

/** Asks for `task` to be given turns until it reports nothing more. */
export function requestParse(task: ParseTask): void {
  ready.add(task);
  if (scheduled) return;
  scheduled = true;
  setImmediate(runTurn);
}

/** Takes a task out of the rotation (its pane closed). */
export function cancelParse(task: ParseTask): void {
  ready.delete(task);
}

function runTurn(): void {
  scheduled = false;
  const start = performance.now();
  // A task that has more goes to the back of the line, so every waiting pane gets a slice in turn.
  for (const task of ready) {
    ready.delete(task);
    let more = false;
    try {
      more = task.parseNext();
    } catch (error) {
      // One pane's broken output must not stop the others: report it like any internal error.
      queueMicrotask(() => {
        throw error;
      });
    }
    if (more) ready.add(task);
    if (performance.now() - start >= PARSE_TURN_BUDGET_MS) break;
  }
  if (ready.size > 0 && !scheduled) {
    scheduled = true;
    setImmediate(runTurn);
  }
}
