// The inbox drawn over the panes: every question waiting anywhere, the chosen one highlighted.

import { Box } from 'ink';
import type { Rect } from '../chromeModel.js';
import { DialogLine } from '../dialog/DialogLine.js';
import { usePalette } from '../theme/ThemeContext.js';
import { INBOX_FRAME_COLS } from './geometry.js';
import { inboxLines } from './lines.js';
import type { InboxState } from './model.js';

export function InboxDialog({ state, rect }: { state: InboxState; rect: Rect }) {
  const palette = usePalette();
  const lines = inboxLines(state, Math.max(0, rect.width - INBOX_FRAME_COLS), Math.max(0, rect.height - 2));
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} borderStyle="round" borderColor={state.confirm ? palette.warning : palette.attention} flexDirection="column" overflow="hidden">
      {lines.map((line, i) => (
        <DialogLine key={i} segments={line.segments} focused={line.focused} />
      ))}
    </Box>
  );
}
