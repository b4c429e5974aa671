// One pane's header row: status dot, pane number, title, and the status pill on the right.

import { Box, Text } from 'ink';
import type { PaneHeaderModel } from './chromeModel.js';
import { fitText } from './fitText.js';
import { StatusPill, pillLabel, statusDotColor } from './StatusPill.js';
import { usePalette } from './theme/ThemeContext.js';

/** Narrower headers drop the pill and keep the title. */
const MIN_TITLE_WITH_PILL = 8;
/** Shown right after the dot on every pane that gets synchronized input; before the title so it is never cut. */
const SYNC_MARKER = 'SYNC';

export function PaneHeader({ pane }: { pane: PaneHeaderModel }) {
  const { rect } = pane;
  const palette = usePalette();
  const pillWidth = pillLabel(pane.status, pane.exitCode).length + 2;
  const showPill = rect.width >= pillWidth + MIN_TITLE_WITH_PILL;
  const titleWidth = rect.width - 1 - (showPill ? pillWidth : 0);
  const marker = (pane.attention ? ' !' : '') + (pane.rang ? ' (bell)' : '');
  // Too narrow for the pill: an exit status still shows, before the title, where it is never cut.
  const ended = pane.status === 'exited' || pane.status === 'error';
  const status = !showPill && ended && pane.exitCode !== undefined ? ` [${pane.exitCode}]` : '';
  const sync = pane.synced ? SYNC_MARKER : '';
  // Before the title, so a narrow header cuts the title rather than the scroll position.
  const scroll = pane.scroll ? ` ${pane.scroll}` : '';
  const title = fitText(` ${pane.id}${status}${marker}${scroll} ${pane.title}${pane.zoomed ? ' [zoomed]' : ''} `, Math.max(0, titleWidth - sync.length));
  return (
    <Box position="absolute" marginLeft={rect.x} marginTop={rect.y} width={rect.width} height={1}>
      <Text backgroundColor={pane.focused ? palette.focusBackground : undefined} color={pane.focused ? palette.focusText : palette.muted} bold={pane.focused} wrap="truncate-end">
        <Text color={statusDotColor(pane.status, palette)}>●</Text>
        {sync ? (
          <Text backgroundColor={palette.attention} color={palette.badgeText} bold>
            {sync}
          </Text>
        ) : null}
        {title}
      </Text>
      {showPill ? <StatusPill status={pane.status} exitCode={pane.exitCode} /> : null}
    </Box>
  );
}
