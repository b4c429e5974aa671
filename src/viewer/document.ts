// Reading a file for a viewer pane: size and binary checks, then the styled lines (source with
// syntax colours, or rendered markdown at the pane's width).

import fs from 'node:fs';
import path from 'node:path';
import { MAX_HIGHLIGHT_BYTES, MAX_VIEW_BYTES } from '../limits.js';
import { highlightCode, languageFor } from './highlight.js';
import { renderMarkdown } from './markdown.js';
import type { ViewMode } from './mode.js';
import { lineText, span, type Line } from './styledText.js';
import { visibleText } from '../term/visibleText.js';

/** Bytes looked at to tell a binary file from text. */
const BINARY_SNIFF_BYTES = 8000;

export interface ViewedDocument {
  lines: Line[];
  /** The plain text of each line, for search. */
  plain: string[];
}

/** Reads the file (never following a link at its last step); throws an Error with a message for the user. */
export function readViewedFile(file: string): string {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    throw new Error(`cannot open ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`);
    if (stat.size > MAX_VIEW_BYTES) throw new Error(`${file} is too large to view (${stat.size} bytes; the limit is ${MAX_VIEW_BYTES})`);
    const bytes = fs.readFileSync(fd);
    if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) throw new Error(`${file} is a binary file`);
    return bytes.toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

export function buildDocument(text: string, file: string, mode: ViewMode, width: number): ViewedDocument {
  const lines =
    mode === 'markdown'
      ? renderMarkdown(text, width)
      : highlightCode(text.replace(/\r?\n$/, ''), Buffer.byteLength(text) <= MAX_HIGHLIGHT_BYTES ? languageFor(path.basename(file)) : undefined);
  return { lines, plain: lines.map(lineText) };
}

/** A document that only says what went wrong (shown in the pane, q closes it). */
export function errorDocument(message: string): ViewedDocument {
  // The message names the file (or the folder of a diff), whose name can hold anything.
  const lines = [[span(visibleText(message), '31')], [], [span('press q to close this pane', '90')]];
  return { lines, plain: lines.map(lineText) };
}
