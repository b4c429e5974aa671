// The list of key bindings, drawn over the panes until a key is pressed.

import { Box, Text } from 'ink';
import type { KeyHelpEntry, Rect } from './chromeModel.js';
import { fitText } from './fitText.js';
import { HELP_VISIBLE_ROWS, helpKeyColumnWidth } from './overlayGeometry.js';
import { usePalette } from './theme/ThemeContext.js';

/** Border and padding columns on each side of the text. */
const FRAME_COLS = 4;
/** The key column's most of the text's width on a narrow screen: a long key list is cut before every description is. */
const KEY_COLUMN_SHARE = 0.4;
/** The key column is never cut below this many cells. */
const MIN_KEY_COLUMN = 12;

/** One space of padding on each side, written. */
const padded = (text: string) => ` ${text} `;

export function HelpOverlay({ prefix, bindings, rect, offset }: { prefix: string; bindings: KeyHelpEntry[]; rect: Rect; offset: number }) {
  const palette = usePalette();
  const inner = Math.max(0, rect.width - FRAME_COLS);
  const keyWidth = Math.min(helpKeyColumnWidth(bindings), Math.max(MIN_KEY_COLUMN, Math.floor(inner * KEY_COLUMN_SHARE)));
  const rows = HELP_VISIBLE_ROWS(rect);
  const visible = bindings.slice(offset, offset + rows);
  const footer =
    bindings.length > rows
      ? `${offset + 1}–${offset + visible.length} of ${bindings.length}  ↑↓ PgUp PgDn scroll, other keys close`
      : 'any key closes this';
  // Every cell inside the border is written, its padding too (spaces, not Ink's padding): Ink leaves
  // unwritten cells alone, and whatever was drawn underneath (a divider, a pane header's pill) would show through.
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} borderStyle="round" borderColor={palette.accent} flexDirection="column">
      <Text bold color={palette.accent}>
        {padded(fitText(`Keys — press ${prefix}, then:`, inner))}
      </Text>
      {visible.map((b, index) => (
        <Text key={`${offset + index}`}>
          {' '}
          <Text color={palette.key}>{fitText(b.keys, Math.min(keyWidth, inner))}</Text>
          {fitText(`  ${b.description}`, Math.max(0, inner - keyWidth))}{' '}
        </Text>
      ))}
      <Text color={palette.muted}>{padded(fitText(footer, inner))}</Text>
    </Box>
  );
}
