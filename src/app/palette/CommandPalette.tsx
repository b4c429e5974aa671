// The command palette overlay: a search box over a fuzzy-filtered list, the selection highlighted.

import { Box } from 'ink';
import type { Rect } from '../chromeModel.js';
import { DialogLine } from '../dialog/DialogLine.js';
import { usePalette } from '../theme/ThemeContext.js';
import { searchLine } from '../dialog/searchLine.js';
import { fitSegments, seg, type Segment } from '../dialog/segments.js';
import { paletteListRows } from './geometry.js';
import { shownItems, type PaletteState } from './model.js';
import { rowSegments } from './rowSegments.js';

/** Border and margin columns on each side of a line. */
const FRAME_COLS = 4;

export function CommandPalette({ state, rect }: { state: PaletteState; rect: Rect }) {
  const palette = usePalette();
  const width = Math.max(0, rect.width - FRAME_COLS);
  const listRows = paletteListRows(rect);
  const shown = shownItems(state);
  const start = Math.max(0, Math.min(state.selected - Math.floor(listRows / 2), shown.length - listRows));
  const visible = shown.slice(start, start + listRows);
  const title = `${state.title}  ${shown.length}/${state.items.length}`;
  const lines: { segments: Segment[]; focused: boolean }[] = visible.map((item, i) => ({ segments: rowSegments(item, width), focused: start + i === state.selected }));
  if (shown.length === 0 && listRows > 0) lines.push({ segments: fitSegments([seg(state.emptyText, 'caption')], width), focused: false });
  // Every line is padded to the full width and the list to its full height, so nothing underneath shows through.
  while (lines.length < listRows) lines.push({ segments: fitSegments([], width), focused: false });
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} borderStyle="round" borderColor={palette.accent} flexDirection="column" overflow="hidden">
      <DialogLine segments={fitSegments([seg(title, 'title')], width)} />
      <DialogLine segments={searchLine(state.query, width)} />
      {lines.map((line, i) => (
        <DialogLine key={i} segments={line.segments} focused={line.focused} />
      ))}
    </Box>
  );
}
