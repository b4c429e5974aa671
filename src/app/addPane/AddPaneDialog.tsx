// The "add a pane" dialog: search box, one row per agent and the terminal, their choices, and key hints.

import { Box } from 'ink';
import type { Rect } from '../chromeModel.js';
import { DialogLine } from '../dialog/DialogLine.js';
import { usePalette } from '../theme/ThemeContext.js';
import { textWidth } from '../../term/textWidth.js';
import { footerHints } from './footerHints.js';
import { addPaneSections } from './geometry.js';
import type { AddPaneState } from './model.js';
import { bodyLines } from './rowLines.js';
import { scrollToFocus } from './scroll.js';
import { searchLine } from '../dialog/searchLine.js';
import { fitSegments, seg, type Segment } from '../dialog/segments.js';

const TITLE = 'Add a pane';

export function AddPaneDialog({ state, rect }: { state: AddPaneState; rect: Rect }) {
  const palette = usePalette();
  const sections = addPaneSections(rect);
  const width = sections.innerWidth;
  const body = scrollToFocus(bodyLines(state, width), sections.bodyRows);
  // Every line is padded to the full width and the body to its full height: Ink leaves unwritten
  // cells alone, and whatever the chrome drew underneath would show through.
  const blank = fitSegments([], width);
  const filler = Array.from({ length: Math.max(0, sections.bodyRows - body.lines.length) }, () => blank);
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} borderStyle="round" borderColor={palette.accent} flexDirection="column" overflow="hidden">
      {sections.title ? <DialogLine segments={titleLine(width, body.hiddenAbove, body.hiddenBelow)} /> : null}
      {sections.search ? <DialogLine segments={searchLine(state.search, width)} /> : null}
      {body.lines.map((line, i) => (
        <DialogLine key={`row${i}`} segments={line.segments} focused={line.focused} />
      ))}
      {filler.map((segments, i) => (
        <DialogLine key={`blank${i}`} segments={segments} />
      ))}
      {sections.footer ? <DialogLine segments={footerHints(state, width)} /> : null}
    </Box>
  );
}

/** The title, and on the right whether rows are scrolled out of view. */
function titleLine(width: number, above: boolean, below: boolean): Segment[] {
  const more = above || below ? `${above ? '↑' : ''}${below ? '↓' : ''} more` : '';
  const gap = width - textWidth(TITLE) - textWidth(more);
  if (more === '' || gap < 1) return fitSegments([seg(TITLE, 'title')], width);
  return fitSegments([seg(TITLE, 'title'), seg(' '.repeat(gap)), seg(more, 'caption')], width);
}
