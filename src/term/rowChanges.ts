// Which cells of a client's screen may have changed since the last frame: per row, one span of
// columns (from..to-1) that covers every cell written there. The differ compares only those cells,
// and only those are copied into the shown screen afterwards.

export class RowChanges {
  /** First column of each row's span. */
  readonly from: Uint16Array;
  /** Column after the span's last one; 0 for a row with no change. */
  readonly to: Uint16Array;

  constructor(readonly rows: number) {
    this.from = new Uint16Array(rows);
    this.to = new Uint16Array(rows);
  }

  /** Columns x0..x1-1 of row `y` were written. */
  mark(y: number, x0: number, x1: number): void {
    if (y < 0 || y >= this.rows || x1 <= x0) return;
    if (this.to[y] === 0) {
      this.from[y] = x0;
      this.to[y] = x1;
      return;
    }
    if (x0 < this.from[y]) this.from[y] = x0;
    if (x1 > this.to[y]) this.to[y] = x1;
  }

  /** Every column of rows y0..y1-1 (of a screen `cols` wide) was written. */
  markRows(y0: number, y1: number, cols: number): void {
    for (let y = Math.max(0, y0); y < Math.min(this.rows, y1); y++) this.mark(y, 0, cols);
  }

  changed(y: number): boolean {
    return this.to[y] !== 0;
  }

  clear(): void {
    this.to.fill(0);
  }
}
