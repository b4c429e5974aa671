// The list of key bindings, drawn over the panes until a key is pressed.

import { Box, Text } from 'ink';
import type { KeyHelpEntry, Rect } from './chromeModel.js';
import { fitText } from './fitText.js';
import { HELP_VISIBLE_ROWS, helpKeyColumnWidth } from './overlayGeometry.js';
import { usePalette } from './theme/ThemeContext.js';

/** Border and padding columns on each side of the text. */
const FRAME_COLS = 4;

export function HelpOverlay({ prefix, bindings, rect, offset }: { prefix: string; bindings: KeyHelpEntry[]; rect: Rect; offset: number }) {
  const palette = usePalette();
  const keyWidth = helpKeyColumnWidth(bindings);
  const inner = Math.max(0, rect.width - FRAME_COLS);
  const rows = HELP_VISIBLE_ROWS(rect);
  const visible = bindings.slice(offset, offset + rows);
  const footer =
    bindings.length > rows
      ? `${offset + 1}–${offset + visible.length} of ${bindings.length}  ↑↓ PgUp PgDn scroll, other keys close`
      : 'any key closes this';
  // Every row is padded to the full width: Ink leaves unwritten cells alone, and whatever the
  // chrome drew underneath (dividers) would show through.
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} borderStyle="round" borderColor={palette.accent} flexDirection="column" paddingX={1}>
      <Text bold color={palette.accent}>
        {fitText(`Keys — press ${prefix}, then:`, inner)}
      </Text>
      {visible.map((b, index) => (
        <Text key={`${offset + index}`}>
          <Text color={palette.key}>{fitText(b.keys, Math.min(keyWidth, inner))}</Text>
          {fitText(`  ${b.description}`, Math.max(0, inner - keyWidth))}
        </Text>
      ))}
      <Text color={palette.muted}>{fitText(footer, inner)}</Text>
    </Box>
  );
}
