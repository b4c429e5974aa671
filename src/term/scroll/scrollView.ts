// One scrolled-back view of a pane's buffer: which line is at the top, the copy cursor, an optional
// selection and search. Pure: it only reads the buffer; the caller draws it and feeds it keys.

import type { Point, ScrollBuffer } from './buffer.js';
import { findMatches, nextMatch, type Match } from './search.js';
import { selectedText, type SelectMode, type Selection } from './selection.js';

export interface SearchState {
  query: string;
  /** Toward newer output (`/`) or older output (`?`); n repeats it, N goes the other way. */
  forward: boolean;
}

export type SearchResult =
  | { found: false; query: string }
  | { found: true; query: string; index: number; count: number; wrapped: boolean };

export class ScrollView {
  /** The buffer line shown on the pane's first row. */
  top: number;
  cursor: Point;
  selection: Selection | undefined;
  search: SearchState | undefined;

  constructor(
    readonly buffer: ScrollBuffer,
    public height: number,
    /** Where the copy cursor starts, on the live screen (the program's cursor). */
    screenCursor: { x: number; y: number },
  ) {
    this.top = this.maxTop;
    this.cursor = { line: this.clampLine(this.top + screenCursor.y), col: this.clampCol(screenCursor.x) };
  }

  /** The top line when showing the live screen. */
  get maxTop(): number {
    return Math.max(0, this.buffer.length - this.height);
  }

  /** Lines between the view and the live screen. */
  get offset(): number {
    return this.maxTop - this.top;
  }

  /** `[offset/history]`, as tmux shows it: 0 at the live screen. */
  indicator(): string {
    return `[${this.offset}/${this.maxTop}]`;
  }

  atLive(): boolean {
    return this.top >= this.maxTop;
  }

  /** The copy cursor's row inside the pane (for drawing the terminal cursor). */
  cursorRow(): number {
    return this.cursor.line - this.top;
  }

  /** Moves the copy cursor; the view follows it when it leaves the pane. */
  moveCursor(lines: number, cols = 0): void {
    this.cursor = { line: this.clampLine(this.cursor.line + lines), col: this.clampCol(this.cursor.col + cols) };
    this.reveal(this.cursor.line);
  }

  cursorTo(point: Point): void {
    this.cursor = { line: this.clampLine(point.line), col: this.clampCol(point.col) };
    this.reveal(this.cursor.line);
  }

  lineStart(): void {
    this.cursor = { ...this.cursor, col: 0 };
  }

  lineEnd(): void {
    const cells = this.buffer.cells(this.cursor.line);
    let end = cells.length - 1;
    while (end > 0 && (cells[end] === ' ' || cells[end] === '')) end--;
    this.cursor = { ...this.cursor, col: end };
  }

  /** Scrolls the view by `lines` (negative: back into history); the cursor keeps its row in the pane. */
  scroll(lines: number): void {
    const row = this.cursorRow();
    this.top = Math.min(Math.max(this.top + lines, 0), this.maxTop);
    this.cursor = { ...this.cursor, line: this.clampLine(this.top + Math.min(Math.max(row, 0), this.height - 1)) };
  }

  page(direction: 1 | -1): void {
    this.scroll(direction * Math.max(1, this.height - 1));
  }

  halfPage(direction: 1 | -1): void {
    this.scroll(direction * Math.max(1, Math.floor(this.height / 2)));
  }

  /** The oldest line of history (g). */
  toTop(): void {
    this.top = 0;
    this.cursor = { line: 0, col: 0 };
  }

  /** The live screen's last line (G). */
  toBottom(): void {
    this.top = this.maxTop;
    this.cursor = { line: this.clampLine(this.buffer.length - 1), col: 0 };
  }

  /** `count` lines were dropped from the top of the buffer (the history was full): keep showing the same text. */
  linesTrimmed(count: number): void {
    if (count <= 0) return;
    const shift = (p: Point): Point => ({ line: Math.max(0, p.line - count), col: p.col });
    this.top = Math.max(0, this.top - count);
    this.cursor = shift(this.cursor);
    if (this.selection) this.selection = { ...this.selection, anchor: shift(this.selection.anchor), head: shift(this.selection.head) };
  }

  resize(height: number): void {
    this.height = Math.max(1, height);
    this.top = Math.min(this.top, this.maxTop);
    this.cursor = { line: this.clampLine(this.cursor.line), col: this.clampCol(this.cursor.col) };
    this.reveal(this.cursor.line);
  }

  /** Starts a selection at the cursor, or switches an open one to `mode`; the same mode again ends it. */
  toggleSelection(mode: SelectMode): void {
    if (this.selection?.mode === mode) this.selection = undefined;
    else if (this.selection) this.selection = { ...this.selection, mode };
    else this.selection = { anchor: { ...this.cursor }, head: { ...this.cursor }, mode };
  }

  /** The selection with its head following the cursor (undefined when none was started). */
  currentSelection(): Selection | undefined {
    return this.selection ? { ...this.selection, head: { ...this.cursor } } : undefined;
  }

  /** The selected text; '' when nothing is selected. */
  selectedText(): string {
    const selection = this.currentSelection();
    return selection ? selectedText(this.buffer, selection) : '';
  }

  /** Searches from the cursor; the cursor goes to the match found. `reverse` flips the stored direction (N). */
  find(search: SearchState, reverse = false): SearchResult {
    this.search = search;
    const matches = findMatches(this.buffer, search.query);
    const next = nextMatch(matches, this.cursor, search.forward !== reverse);
    if (!next) return { found: false, query: search.query };
    this.cursorTo(matches[next.index].start);
    return { found: true, query: search.query, index: next.index + 1, count: matches.length, wrapped: next.wrapped };
  }

  /** Matches of the current search on lines [from, to), for highlighting. */
  visibleMatches(from: number, to: number): Match[] {
    return this.search ? findMatches(this.buffer, this.search.query, from, to) : [];
  }

  /** Keeps `line` inside the view. */
  private reveal(line: number): void {
    if (line < this.top) this.top = line;
    else if (line >= this.top + this.height) this.top = Math.min(line - this.height + 1, this.maxTop);
  }

  private clampLine(line: number): number {
    return Math.min(Math.max(line, 0), Math.max(0, this.buffer.length - 1));
  }

  private clampCol(col: number): number {
    return Math.min(Math.max(col, 0), Math.max(0, this.buffer.cols - 1));
  }
}
