// One line inside a dialog's border, with its own one-cell margins (Box padding would leave those
// cells unwritten, and whatever the chrome drew underneath would show through).

import { Text } from 'ink';
import type { Segment } from './segments.js';
import { FOCUSED_BACKGROUND, toneStyle } from './toneStyle.js';

export function DialogLine({ segments, focused = false }: { segments: Segment[]; focused?: boolean }) {
  return (
    <Text backgroundColor={focused ? FOCUSED_BACKGROUND : undefined} wrap="truncate-end">
      {' '}
      {segments.map((s, i) => (
        <Text key={i} {...toneStyle(s.tone, focused)}>
          {s.text}
        </Text>
      ))}{' '}
    </Text>
  );
}
