// Which lines of the rows fit in the dialog: all when they can, else a window around the focused row.

import type { BodyLine } from './rowLines.js';

export interface ScrolledLines {
  lines: BodyLine[];
  hiddenAbove: boolean;
  hiddenBelow: boolean;
}

/** Centers the focused row when the lines overflow; the state keeps no scroll offset, so neither does this. */
export function scrollToFocus(lines: readonly BodyLine[], height: number): ScrolledLines {
  if (lines.length <= height) return { lines: [...lines], hiddenAbove: false, hiddenBelow: false };
  if (height <= 0) return { lines: [], hiddenAbove: false, hiddenBelow: lines.length > 0 };
  const first = Math.max(0, lines.findIndex((l) => l.focused));
  const rowLength = lines.filter((l) => l.focused).length;
  const centered = first - Math.floor(Math.max(0, height - rowLength) / 2);
  let start = Math.max(0, Math.min(centered, lines.length - height));
  // A row's second line alone at the top reads as part of nothing: start at a row instead.
  while (start > 0 && start < first && lines[start].rowIndex === lines[start - 1].rowIndex) start++;
  return { lines: lines.slice(start, start + height), hiddenAbove: start > 0, hiddenBelow: start + height < lines.length };
}
