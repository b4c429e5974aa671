// What one pane's rows held when they were last copied into a client's screen, so a frame re-reads
// only the rows that changed since (a TUI repainting in full usually changes a few of them).

/** Where and how wide the rows were read: snapshots taken for another placement mean nothing. */
export interface RowPlacement {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The columns read from each row (the pane's width, or less when the emulator is narrower). */
  cells: number;
}

export const enum RowComparison {
  Same,
  Span,
  Whole,
}

/**
 * Per row, a copy of the emulator's raw cell words as last read. A row is only remembered when its
 * raw words say everything about it (no grapheme clusters or extended attributes kept elsewhere),
 * so equal words mean an equal row.
 */
export class RowSnapshots {
  private placement: RowPlacement | undefined;
  private rows: (Uint32Array | undefined)[] = [];

  /** Starts afresh unless `placement` is where the snapshots were taken. */
  place(placement: RowPlacement): void {
    const p = this.placement;
    if (p && p.x === placement.x && p.y === placement.y && p.width === placement.width && p.height === placement.height && p.cells === placement.cells) {
      return;
    }
    this.placement = { ...placement };
    this.rows = new Array<Uint32Array | undefined>(placement.height);
  }

  /** First cell of the changed span after compare() answered SPAN. */
  changedFrom = 0;
  /** Cell after the changed span's last one. */
  changedTo = 0;

  /**
   * Compares row `row` with `words[0..length)` (`wordsPerCell` words a cell): SAME as last
   * remembered, SPAN when only cells changedFrom..changedTo-1 differ, WHOLE when nothing fitting
   * is remembered (the row must be read in full).
   */
  compare(row: number, words: Uint32Array, length: number, wordsPerCell: number): RowComparison {
    const kept = this.rows[row];
    if (kept === undefined || kept.length !== length || words.length < length) return RowComparison.Whole;
    let first = 0;
    while (first < length && kept[first] === words[first]) first++;
    if (first === length) return RowComparison.Same;
    let last = length - 1;
    while (last > first && kept[last] === words[last]) last--;
    this.changedFrom = Math.floor(first / wordsPerCell);
    this.changedTo = Math.floor(last / wordsPerCell) + 1;
    return RowComparison.Span;
  }

  /** Remembers `words[0..length)` as row `row`'s content. */
  remember(row: number, words: Uint32Array, length: number): void {
    if (words.length < length) {
      this.rows[row] = undefined;
      return;
    }
    let kept = this.rows[row];
    if (kept === undefined || kept.length !== length) kept = this.rows[row] = new Uint32Array(length);
    // A line exactly as long as the row is copied whole: a subarray would allocate a view every frame.
    kept.set(words.length === length ? words : words.subarray(0, length));
  }

  /** Row `row` must be read again next time. */
  forget(row: number): void {
    if (row < this.rows.length) this.rows[row] = undefined;
  }

  /** Every row must be read again next time (the screen under them was overwritten). */
  forgetAll(): void {
    this.placement = undefined;
    this.rows = [];
  }
}
