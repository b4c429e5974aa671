// One line inside a dialog's border, with its own one-cell margins (Box padding would leave those
// cells unwritten, and whatever the chrome drew underneath would show through).

import { Text } from 'ink';
import { usePalette } from '../theme/ThemeContext.js';
import type { Segment } from './segments.js';
import { toneStyle } from './toneStyle.js';

export function DialogLine({ segments, focused = false }: { segments: Segment[]; focused?: boolean }) {
  const palette = usePalette();
  return (
    <Text backgroundColor={focused ? palette.focusBackground : undefined} wrap="truncate-end">
      {' '}
      {segments.map((s, i) => (
        <Text key={i} {...toneStyle(s.tone, focused, palette)}>
          {s.text}
        </Text>
      ))}{' '}
    </Text>
  );
}
