// What a scrollback view reads: the lines of one emulator buffer (history above, screen below).

export interface ScrollBuffer {
  /** Lines held: the history plus the screen. */
  readonly length: number;
  /** Lines above the live screen (the scrollback). */
  readonly history: number;
  readonly cols: number;
  /** One string per column: the cell's text, ' ' for a blank, '' for the right half of a wide character. */
  cells(line: number): string[];
  /** The same text joined (fast path for search). */
  text(line: number): string;
  /** The line continues the one above it (a soft wrap), so the two are one logical line. */
  wrapped(line: number): boolean;
}

/** A cell position in a buffer: `line` counts from the oldest line of history. */
export interface Point {
  line: number;
  col: number;
}

export function comparePoints(a: Point, b: Point): number {
  return a.line - b.line || a.col - b.col;
}

/** A ScrollBuffer over plain strings (one per line, one character per cell), for tests and fixed text. */
export function textBuffer(lines: string[], options: { cols: number; rows: number; wrapped?: number[] }): ScrollBuffer {
  const wrapped = new Set(options.wrapped ?? []);
  const cells = (line: number) => {
    const chars = [...(lines[line] ?? '')].slice(0, options.cols);
    while (chars.length < options.cols) chars.push(' ');
    return chars;
  };
  return {
    length: Math.max(lines.length, options.rows),
    history: Math.max(0, lines.length - options.rows),
    cols: options.cols,
    cells,
    text: (line) => cells(line).join(''),
    wrapped: (line) => wrapped.has(line),
  };
}
