// Text with colours as plain data: a line is a list of spans, each with its SGR parameters. Shared by
// the source and markdown viewers; nothing here writes to a terminal.

import { textWidth } from '../term/textWidth.js';
import { graphemeSegmenter } from '../term/graphemes.js';
import { visibleText } from '../term/visibleText.js';

export interface Span {
  text: string;
  /** SGR parameters without ESC [ … m, e.g. '1;36'; '' for plain text. */
  sgr: string;
}

export type Line = Span[];

export const span = (text: string, sgr = ''): Span => ({ text, sgr });

export function lineText(line: Line): string {
  return line.map((s) => s.text).join('');
}

/** Columns of tab stops in viewed files. */
const TAB_WIDTH = 4;

/**
 * What a viewer may show of a file's line: tabs become spaces (to the next tab stop), and control
 * characters (which could move the cursor or change the terminal's modes) become visible marks, as
 * everywhere tessera shows text from outside (visibleText).
 */
export function viewerText(text: string): string {
  if (!text.includes('\t')) return visibleText(text);
  let out = '';
  let column = 0;
  for (const char of text) {
    if (char === '\t') {
      const pad = TAB_WIDTH - (column % TAB_WIDTH);
      out += ' '.repeat(pad);
      column += pad;
      continue;
    }
    const shown = visibleText(char);
    out += shown;
    column += shown === char ? textWidth(char) : shown.length;
  }
  return out;
}

/** The part of the line from column `left`, at most `width` columns; a wide character cut in half becomes a space. */
export function sliceColumns(line: Line, left: number, width: number): Line {
  const out: Line = [];
  let column = 0;
  for (const s of line) {
    let text = '';
    for (const { segment } of graphemeSegmenter.segment(s.text)) {
      const w = textWidth(segment);
      const start = column;
      column += w;
      if (column <= left) continue;
      if (start < left) {
        text += ' '.repeat(column - left);
        continue;
      }
      if (column - left > width) break;
      text += segment;
    }
    if (text !== '') out.push(span(text, s.sgr));
    if (column - left >= width) break;
  }
  return out;
}

/** Cuts one logical line into lines of at most `width` columns, breaking at spaces where it can. */
export function wrapLine(line: Line, width: number, indent: { first: Line; rest: Line }): Line[] {
  const words = splitWords(line);
  const out: Line[] = [];
  let current: Line = [...indent.first];
  let used = widthOf(indent.first);
  const restWidth = widthOf(indent.rest);
  let empty = true;
  for (const word of words) {
    const w = textWidth(word.text);
    const isSpace = word.text.trim() === '';
    if (!empty && used + w > width) {
      if (isSpace) continue; // a break eats the space at it
      out.push(trimEnd(current));
      current = [...indent.rest];
      used = restWidth;
      empty = true;
    }
    if (empty && isSpace) continue;
    if (used + w > width && w > width - restWidth) {
      // A word longer than a whole line is cut where it reaches the edge.
      for (const piece of cutToWidth(word.text, Math.max(1, width - used), Math.max(1, width - restWidth))) {
        if (!empty) {
          out.push(trimEnd(current));
          current = [...indent.rest];
          used = restWidth;
        }
        current.push(span(piece, word.sgr));
        used += textWidth(piece);
        empty = false;
      }
      continue;
    }
    current.push(word);
    used += w;
    empty = false;
  }
  out.push(current);
  return out.map(merge);
}

/** A wrapped line does not end in the space where it broke. */
function trimEnd(line: Line): Line {
  const out = [...line];
  while (out.length > 0 && out[out.length - 1].text.trim() === '') out.pop();
  return out;
}

function widthOf(line: Line): number {
  return textWidth(lineText(line));
}

/** Words and the runs of spaces between them, each with its span's style. */
function splitWords(line: Line): Span[] {
  const out: Span[] = [];
  for (const s of line) for (const part of s.text.split(/( +)/)) if (part !== '') out.push(span(part, s.sgr));
  return out;
}

function cutToWidth(text: string, first: number, rest: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let room = first;
  for (const { segment } of graphemeSegmenter.segment(text)) {
    const w = textWidth(segment);
    if (piece !== '' && textWidth(piece) + w > room) {
      pieces.push(piece);
      piece = '';
      room = rest;
    }
    piece += segment;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** Neighbouring spans of one style become one. */
function merge(line: Line): Line {
  const out: Line = [];
  for (const s of line) {
    const last = out[out.length - 1];
    if (last && last.sgr === s.sgr) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}
