// A vertical line between two panes that sit side by side.

import { Box, Text } from 'ink';
import type { Rect } from './chromeModel.js';
import { usePalette } from './theme/ThemeContext.js';

export function Divider({ rect }: { rect: Rect }) {
  const palette = usePalette();
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} flexDirection="column">
      {Array.from({ length: rect.height }, (_, i) => (
        <Text key={i} color={palette.muted}>
          {'│'.repeat(rect.width)}
        </Text>
      ))}
    </Box>
  );
}
