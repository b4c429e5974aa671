// The "new workspace" dialog: kind, name, where the folder comes from, template, prompt, bypass, and key hints.

import { Box } from 'ink';
import type { Rect } from '../chromeModel.js';
import { DialogLine } from '../dialog/DialogLine.js';
import { usePalette } from '../theme/ThemeContext.js';
import { NEW_WORKSPACE_FRAME_COLS } from './geometry.js';
import { dialogLines, linesThatFit } from './lines.js';
import type { NewWorkspaceState } from './model.js';

export function NewWorkspaceDialog({ state, rect }: { state: NewWorkspaceState; rect: Rect }) {
  const width = Math.max(0, rect.width - NEW_WORKSPACE_FRAME_COLS);
  const all = dialogLines(state, width);
  const room = Math.max(0, rect.height - 2);
  const lines = linesThatFit(all, room);
  const palette = usePalette();
  const color = state.bypass ? palette.warning : palette.accent;
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={rect.height} borderStyle="round" borderColor={color} flexDirection="column" overflow="hidden">
      {lines.map((line, i) => (
        <DialogLine key={i} segments={line.segments} focused={line.focused} />
      ))}
    </Box>
  );
}

