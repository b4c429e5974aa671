// Runs a function once, soon after the current piece of work, however many times it was asked for
// meanwhile: several changes in one event-loop turn cost one run, and the code that made them (a
// control command, say) finishes and answers first.

export interface NextTurn {
  /** Asks for a run in the next turn (once, however often asked). */
  (): void;
  /** Drops a run that was asked for and has not happened yet. */
  cancel(): void;
}

export function nextTurn(run: () => void): NextTurn {
  let pending: ReturnType<typeof setImmediate> | undefined;
  const ask = (() => {
    pending ??= setImmediate(() => {
      pending = undefined;
      run();
    });
  }) as NextTurn;
  ask.cancel = () => {
    if (pending !== undefined) clearImmediate(pending);
    pending = undefined;
  };
  return ask;
}
