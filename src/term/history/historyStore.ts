// A pane's history in compact form: the lines that scrolled off the top of the terminal, oldest
// first, each packed by lineCodec (about the size of its text). Lines are kept in blocks of
// LINES_PER_BLOCK: one byte array and one offset table per block, so 5000 lines are a few dozen
// objects, and a block is released whole once all of its lines have fallen off the front.

import type { CellGrid } from '../cellGrid.js';
import { ByteWriter } from './bytes.js';
import { decodeLine, encodeLine, isWrappedLine, keptCells } from './lineCodec.js';

/** Lines per block: few objects per history, little held by a block whose front lines are gone. */
const LINES_PER_BLOCK = 256;
/** What each block costs beside its bytes (two typed arrays and the block object). */
const BLOCK_OVERHEAD_BYTES = 300;

interface Block {
  bytes: Uint8Array;
  /** Where each line starts in `bytes`, plus the end of the last. */
  offsets: Uint32Array;
}

export class HistoryStore {
  /** Full blocks, oldest first; lines before `first` in the first one are gone. */
  private readonly blocks: Block[] = [];
  /** The block being filled: its bytes and its lines' offsets. */
  private readonly open = new ByteWriter();
  private readonly openOffsets = new Uint32Array(LINES_PER_BLOCK + 1);
  private openLines = 0;
  /** Lines at the front of the first block (or of the open block, when there is no full one) already dropped. */
  private first = 0;
  private count = 0;
  private droppedLines = 0;

  constructor(private max: number) {}

  /** Lines held. */
  get length(): number {
    return this.count;
  }

  /** The most lines held: past it, the oldest go. */
  get limit(): number {
    return this.max;
  }

  /** Lines dropped from the front since the store was made (by the limit or by clear): tells a view how far its lines moved. */
  get dropped(): number {
    return this.droppedLines;
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
    this.openOffsets[this.openLines] = this.open.length;
    return this.open;
  }

  /** Adds the line encoded since beginLine() as the newest, dropping the oldest past the limit. */
  commitLine(): void {
    this.openLines++;
    this.openOffsets[this.openLines] = this.open.length;
    this.count++;
    if (this.openLines === LINES_PER_BLOCK) this.seal();
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
    this.droppedLines += this.count;
    this.blocks.length = 0;
    this.open.clear();
    this.openLines = 0;
    this.first = 0;
    this.count = 0;
  }

  private locate(line: number): { bytes: Uint8Array; offset: number } {
    if (line < 0 || line >= this.count) throw new RangeError(`history line ${line} is outside 0–${this.count - 1}`);
    const index = this.first + line;
    const blockIndex = Math.floor(index / LINES_PER_BLOCK);
    const within = index % LINES_PER_BLOCK;
    const block = this.blocks[blockIndex];
    if (block) return { bytes: block.bytes, offset: block.offsets[within] };
    return { bytes: this.open.bytes, offset: this.openOffsets[within] };
  }

  private seal(): void {
    this.blocks.push({ bytes: this.open.copy(), offsets: this.openOffsets.slice() });
    this.open.clear();
    this.openLines = 0;
  }

  private trim(): void {
    while (this.count > Math.max(0, this.max)) {
      const excess = this.count - this.max;
      if (this.blocks.length === 0) {
        // Only the open block: its dropped front lines are skipped until it is sealed and released.
        this.first += excess;
        this.count -= excess;
        this.droppedLines += excess;
        if (this.count === 0) this.clearOpen();
        return;
      }
      const inFirst = LINES_PER_BLOCK - this.first;
      if (excess >= inFirst) {
        this.blocks.shift();
        this.first = 0;
        this.count -= inFirst;
        this.droppedLines += inFirst;
      } else {
        this.first += excess;
        this.count -= excess;
        this.droppedLines += excess;
      }
    }
  }

  private clearOpen(): void {
    this.open.clear();
    this.openLines = 0;
    this.first = 0;
  }
}
