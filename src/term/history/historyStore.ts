// A pane's history in compact form: the lines that scrolled off the top of the terminal, oldest
// first, each packed by lineCodec (about the size of its text). Lines are kept in blocks of about
// HISTORY_BLOCK_BYTES (or HISTORY_BLOCK_LINES): one byte array and one offset table per block, so 5000 lines are a handful of
// objects, and a block is released whole once all of its lines have fallen off the front. Blocks
// that size get memory pages of their own from the C allocator (see SERVER_ENV), so a closed pane's
// history goes back to the system instead of staying behind as free space.

import { HISTORY_BLOCK_BYTES, HISTORY_BLOCK_LINES } from '../../limits.js';
import type { CellGrid } from '../cellGrid.js';
import { ByteWriter } from './bytes.js';
import { decodeLine, encodeLine, isWrappedLine, keptCells } from './lineCodec.js';

/** What each block costs beside its bytes (two typed arrays and the block object). */
const BLOCK_OVERHEAD_BYTES = 300;
const INITIAL_OFFSETS = 256;

interface Block {
  bytes: Uint8Array;
  /** Where each line starts in `bytes`, plus the end of the last. */
  offsets: Uint32Array;
  /** The number of its first line, counting every line ever added. */
  start: number;
  lines: number;
}

export class HistoryStore {
  /** Full blocks, oldest first; lines of the first one before `base` are gone. */
  private readonly blocks: Block[] = [];
  /** The block being filled: its bytes and its lines' offsets. */
  private readonly open = new ByteWriter();
  private openOffsets = new Uint32Array(INITIAL_OFFSETS + 1);
  private openLines = 0;
  /** Lines ever added. */
  private added = 0;
  /** The number of the oldest line held (lines ever dropped from the front). */
  private base = 0;

  constructor(private max: number) {}

  /** Lines held. */
  get length(): number {
    return this.added - this.base;
  }

  /** The most lines held: past it, the oldest go. */
  get limit(): number {
    return this.max;
  }

  /** Lines dropped from the front since the store was made (by the limit or by clear): tells a view how far its lines moved. */
  get dropped(): number {
    return this.base;
  }

  /** Bytes held (the blocks and the block being filled). */
  get bytes(): number {
    let total = this.open.bytes.byteLength + this.openOffsets.byteLength;
    for (const block of this.blocks) total += block.bytes.byteLength + block.offsets.byteLength + BLOCK_OVERHEAD_BYTES;
    return total;
  }

  /** Appends row `y` of `grid` (its first `width` columns) as the newest line, dropping the oldest past the limit. */
  push(grid: CellGrid, y: number, width: number, wrapped: boolean): void {
    encodeLine(grid, y, keptCells(grid, y, width), wrapped, this.beginLine());
    this.commitLine();
  }

  /** Where to encode the next line (with lineCodec); commitLine() adds it. */
  beginLine(): ByteWriter {
    if (this.openLines + 1 >= this.openOffsets.length) {
      const grown = new Uint32Array(this.openOffsets.length * 2);
      grown.set(this.openOffsets);
      this.openOffsets = grown;
    }
    this.openOffsets[this.openLines] = this.open.length;
    return this.open;
  }

  /** Adds the line encoded since beginLine() as the newest, dropping the oldest past the limit. */
  commitLine(): void {
    this.openLines++;
    this.openOffsets[this.openLines] = this.open.length;
    this.added++;
    if (this.open.length >= HISTORY_BLOCK_BYTES || this.openLines >= HISTORY_BLOCK_LINES) this.seal();
    this.trim();
  }

  /** Draws line `line` (0 = the oldest held) into row `y` of `grid` from column `dx`, `width` columns wide. */
  readRow(line: number, grid: CellGrid, dx: number, y: number, width: number): void {
    const { bytes, offset } = this.locate(line);
    decodeLine(bytes, offset, grid, dx, y, width);
  }

  /** Whether line `line` continues the one above it (a soft wrap). */
  wrapped(line: number): boolean {
    const { bytes, offset } = this.locate(line);
    return isWrappedLine(bytes, offset);
  }

  /** A new limit: the oldest lines past it go at once. */
  setLimit(limit: number): void {
    this.max = Math.max(0, limit);
    this.trim();
  }

  /** Drops every line. */
  clear(): void {
    this.base = this.added;
    this.blocks.length = 0;
    this.clearOpen();
  }

  private locate(line: number): { bytes: Uint8Array; offset: number } {
    if (line < 0 || line >= this.length) throw new RangeError(`history line ${line} is outside 0–${this.length - 1}`);
    const n = this.base + line;
    const blocks = this.blocks;
    if (blocks.length === 0 || n >= blocks[blocks.length - 1].start + blocks[blocks.length - 1].lines) {
      return { bytes: this.open.bytes, offset: this.openOffsets[n - this.openStart] };
    }
    // The last block whose first line is at or before n.
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (blocks[mid].start <= n) lo = mid;
      else hi = mid - 1;
    }
    const block = blocks[lo];
    return { bytes: block.bytes, offset: block.offsets[n - block.start] };
  }

  /** The number of the open block's first line. */
  private get openStart(): number {
    return this.added - this.openLines;
  }

  private seal(): void {
    this.blocks.push({ bytes: this.open.copy(), offsets: this.openOffsets.slice(0, this.openLines + 1), start: this.openStart, lines: this.openLines });
    this.open.clear();
    this.openLines = 0;
  }

  private trim(): void {
    const keep = Math.max(0, this.max);
    if (this.length <= keep) return;
    this.base = this.added - keep;
    while (this.blocks.length > 0 && this.blocks[0].start + this.blocks[0].lines <= this.base) this.blocks.shift();
    if (this.blocks.length === 0 && this.openLines > 0 && this.openStart + this.openLines <= this.base) this.clearOpen();
  }

  private clearOpen(): void {
    this.open.clear();
    this.openLines = 0;
  }
}
