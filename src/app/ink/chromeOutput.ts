// Ink's Output (the grid a render is drawn into before it becomes text) for the server's bundle:
// scripts/build.mjs puts this class in place of ink/build/output.js. It gives exactly the text
// Ink's own would (tests/unit/app/chromeOutput.test.ts compares the two), for much less work:
//
// - Ink's builds a styled-character object for every cell of the screen and then, for every
//   cell, compares its styles with the previous cell's through sets. The chrome writes a few rows
//   (headers, dividers, the status bar) and leaves the panes as holes, so a 200×50 render cost
//   ~6 ms of a core and thousands of short-lived objects (young-generation collections, with the
//   server's small young generation). This one fills only the rows written, shares one blank
//   cell, stops each row at its last written cell, and compares styles only where they change.
// - Measurements, tokenized lines and whole rows are remembered across renders (Ink's caches last
//   one render): a row is what its writes make of it, so a row written as in an earlier render
//   (most rows, when one pane's header moves) is not drawn again.

import { ansiCodesToString, diffAnsiCodes, styledCharsFromTokens, tokenize, type AnsiCode, type StyledChar } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import { Memo, memo } from './memo.js';
import widestLine, { lineWidth } from './widestLine.js';

type Transformer = (line: string, index: number) => string;

interface Clip {
  x1: number | undefined;
  x2: number | undefined;
  y1: number | undefined;
  y2: number | undefined;
}

type Operation = { type: 'write'; x: number; y: number; text: string; transformers: Transformer[] } | { type: 'clip'; clip: Clip } | { type: 'unclip' };

/** What one write leaves on one row: a line (styles applied, clipped) from column `x`. */
interface Segment {
  x: number;
  line: string;
}

/** Every cell nothing was written to: one shared object (nothing changes a cell once made). */
const BLANK: StyledChar = { type: 'char', value: ' ', fullWidth: false, styles: [] };

const styledLine = memo((line) => styledCharsFromTokens(tokenize(line)));
/** Row texts by what was written to them (rowKey). */
const rowTexts = new Memo<string>();
/** How many cells a character takes, as Ink counts it (at least one). */
const cellsOf = (value: string) => Math.max(1, lineWidth(value));

export default class ChromeOutput {
  width: number;
  height: number;
  private readonly operations: Operation[] = [];

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void {
    if (!text) return;
    this.operations.push({ type: 'write', x, y, text, transformers: options.transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: 'clip', clip });
  }

  unclip(): void {
    this.operations.push({ type: 'unclip' });
  }

  get(): { output: string; height: number } {
    // Rows nothing was written to stay undefined: they become empty lines.
    const rows: Segment[][] = new Array(this.height);
    const clips: Clip[] = [];
    for (const operation of this.operations) {
      if (operation.type === 'clip') clips.push(operation.clip);
      else if (operation.type === 'unclip') clips.pop();
      else this.place(rows, operation, clips.at(-1));
    }
    const lines: string[] = new Array(this.height);
    for (let y = 0; y < this.height; y++) {
      const segments = rows[y];
      lines[y] = segments ? rowTexts.get(rowKey(this.width, segments), () => rowText(drawRow(this.width, segments))) : '';
    }
    return { output: lines.join('\n'), height: this.height };
  }

  /** One write, clipped as Ink clips it: a text wholly outside is skipped, one across the edge is cut. */
  private place(rows: Segment[][], operation: Operation & { type: 'write' }, clip: Clip | undefined): void {
    let { x, y } = operation;
    let lines = operation.text.split('\n');
    if (clip) {
      const x1 = clip.x1 as number;
      const x2 = clip.x2 as number;
      const y1 = clip.y1 as number;
      const y2 = clip.y2 as number;
      const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      if (clipHorizontally && (x + widestLine(operation.text) < x1 || x > x2)) return;
      if (clipVertically && (y + lines.length < y1 || y > y2)) return;
      if (clipHorizontally) {
        lines = lines.map((line) => {
          const width = lineWidth(line);
          return sliceAnsi(line, x < x1 ? x1 - x : 0, x + width > x2 ? x2 - x : width);
        });
        if (x < x1) x = x1;
      }
      if (clipVertically) {
        const height = lines.length;
        lines = lines.slice(y < y1 ? y1 - y : 0, y + height > y2 ? y2 - y : height);
        if (y < y1) y = y1;
      }
    }
    let offsetY = 0;
    for (let index = 0; index < lines.length; index++) {
      const rowIndex = y + offsetY;
      // Ink skips a line whose row does not exist without moving on to the next row.
      if (!Number.isInteger(rowIndex) || rowIndex < 0 || rowIndex >= this.height) continue;
      let line = lines[index];
      for (const transformer of operation.transformers) line = transformer(line, index);
      (rows[rowIndex] ??= []).push({ x, line });
      offsetY++;
    }
  }
}

/** Everything a row's text depends on, unambiguously (each line's length before it). */
function rowKey(width: number, segments: Segment[]): string {
  let key = `${width}`;
  for (const { x, line } of segments) key += `|${x}:${line.length}:${line}`;
  return key;
}

/** A row's cells after its writes, in order, as Ink's grid would hold them. */
function drawRow(width: number, segments: Segment[]): StyledChar[] {
  const row = new Array<StyledChar>(width).fill(BLANK);
  for (const { x, line } of segments) {
    let offsetX = x;
    for (const character of styledLine(line)) {
      row[offsetX] = character;
      const cells = cellsOf(character.value);
      // A wide character covers the cells after it, as Ink's does.
      for (let i = 1; i < cells; i++) row[offsetX + i] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
      offsetX += cells;
    }
  }
  return row;
}

/**
 * A row as Ink's styledCharsToString(…).trimEnd() writes it. Blank cells after the last written one
 * are left out: they would only add spaces that the trim takes off again (the codes that end the
 * last styles are written at the end either way).
 */
function rowText(row: StyledChar[]): string {
  // A write past the row's end leaves holes, which Ink drops.
  const chars = row.length > 0 && row.includes(undefined as unknown as StyledChar) ? row.filter((c) => c !== undefined) : row;
  let last = chars.length - 1;
  while (last >= 0 && chars[last] === BLANK) last--;
  let text = '';
  for (let i = 0; i <= last; i++) {
    const char = chars[i];
    if (i === 0) text += ansiCodesToString(char.styles);
    else if (!sameStyles(chars[i - 1].styles, char.styles)) text += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));
    text += char.value;
  }
  if (last >= 0 && chars[last].styles.length > 0) text += ansiCodesToString(diffAnsiCodes(chars[last].styles, []));
  return text.trimEnd();
}

/** The same codes in the same order: the difference between them is nothing. */
function sameStyles(a: AnsiCode[], b: AnsiCode[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code || a[i].endCode !== b[i].endCode) return false;
  return true;
}
