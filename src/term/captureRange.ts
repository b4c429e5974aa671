// Which buffer lines `capture-pane -S START -E END` means, with tmux's rules: line 0 is the first line
// of the visible screen, negative numbers reach back into the history, and `-` means the start of
// the history (for -S) or the end of the screen (for -E). Out-of-range numbers are clamped; a range
// given backwards is turned around.

export type LineSpec = number | '-';

export interface CaptureRange {
  /** Absolute buffer lines (0 = the oldest line of history), both included. */
  first: number;
  last: number;
}

/** Parses one -S / -E value; undefined when it is neither `-` nor a whole number. */
export function parseLineSpec(text: string): LineSpec | undefined {
  if (text === '-') return '-';
  if (!/^[+-]?\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * `history` is how many lines sit above the visible screen, `rows` the screen's height.
 * Without -S the capture starts at the screen's first line; without -E it ends at its last.
 */
export function captureRange(history: number, rows: number, start: LineSpec | undefined, end: LineSpec | undefined): CaptureRange {
  const lastLine = history + rows - 1;
  const resolve = (spec: LineSpec | undefined, fallback: number, dash: number): number => {
    if (spec === undefined) return fallback;
    if (spec === '-') return dash;
    return Math.min(Math.max(history + spec, 0), lastLine);
  };
  const first = resolve(start, history, 0);
  const last = resolve(end, lastLine, lastLine);
  return first <= last ? { first, last } : { first: last, last: first };
}
