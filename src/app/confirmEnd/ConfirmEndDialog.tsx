// The remove / reset confirmation drawn over the panes: red border, the preflight, explicit permissions.

import { Box } from 'ink';
import type { Rect } from '../chromeModel.js';
import { DialogLine } from '../dialog/DialogLine.js';
import { usePalette } from '../theme/ThemeContext.js';
import { CONFIRM_FRAME_COLS } from './geometry.js';
import { confirmLines } from './lines.js';
import type { ConfirmEndState } from './model.js';

export function ConfirmEndDialog({ state, rect }: { state: ConfirmEndState; rect: Rect }) {
  const palette = usePalette();
  const width = Math.max(0, rect.width - CONFIRM_FRAME_COLS);
  const lines = confirmLines(state, width).slice(0, Math.max(0, rect.height - 2));
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} borderStyle="round" borderColor={palette.danger} flexDirection="column" overflow="hidden">
      {lines.map((line, i) => (
        <DialogLine key={i} segments={line.segments} focused={line.focused} />
      ))}
    </Box>
  );
}
