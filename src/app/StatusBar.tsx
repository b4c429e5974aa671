// The bottom row: workspace name, pane count and "N need you", then — most important first — the approval bar, a
// message, or key hints (the order is decided in src/server/session/statusRow.ts). The approval bar is never hidden:
// while it shows, what takes the next key (the prefix, a y/n prompt) goes in the workspace name's slot. A message
// without the bar takes the whole row but the "need you" count: it answers the key just pressed, and the
// workspace strip above already names the workspace.

import { Box, Text } from 'ink';
import { ApprovalBar } from './ApprovalBar.js';
import type { StatusBarModel } from './chromeModel.js';
import { fitTextStart } from './fitText.js';
import type { Palette } from './theme/palettes.js';
import { usePalette } from './theme/ThemeContext.js';

const MESSAGE_ROLES = { info: 'accent', error: 'danger', question: 'warning' } as const;
/** A prompt beside the approval bar gets at most this share of the row; the bar's keys need the rest. */
const PROMPT_SLOT_SHARE = 1 / 3;

export function StatusBar({ status, cols, row }: { status: StatusBarModel; cols: number; row: number }) {
  const { help, detach } = status.hintKeys;
  const hints = status.prefixPending
    ? `${status.prefixLabel} … waiting for a command key (${help === undefined ? '' : `${help} help, `}Esc cancel)`
    : [help === undefined ? '' : `${status.prefixLabel} ${help} help`, detach === undefined ? '' : `${status.prefixLabel} ${detach} detach`].filter(Boolean).join('  ');
  const showingMessage = status.approval === undefined && status.message !== undefined && !status.prefixPending;
  const palette = usePalette();
  return (
    <Box position="absolute" marginLeft={0} marginTop={row} width={cols} height={1}>
      <Box flexShrink={0}>
        {status.approval ? <BarSlot status={status} cols={cols} /> : null}
        {showingMessage || status.approval ? null : <Text backgroundColor={palette.workspaceBadge} color={palette.badgeText} bold>{` ${status.workspace} `}</Text>}
        {showingMessage || status.approval ? null : <Text color={palette.muted}>{` ${status.paneCount} pane${status.paneCount === 1 ? '' : 's'} `}</Text>}
        {status.needYou > 0 ? <Text backgroundColor={palette.noticeBadge} color={palette.badgeText} bold>{` ${status.needYou} need${status.needYou === 1 ? 's' : ''} you `}</Text> : null}
      </Box>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">{content(status, hints, palette)}</Box>
    </Box>
  );
}

/** Beside the approval bar: the prefix waiting for its key, else a prompt waiting for its answer, else the workspace. */
function BarSlot({ status, cols }: { status: StatusBarModel; cols: number }) {
  const palette = usePalette();
  if (status.prefixPending) return <Text backgroundColor={palette.noticeBadge} color={palette.badgeText} bold>{` ${status.prefixLabel} … `}</Text>;
  if (status.message) return <Text color={palette[MESSAGE_ROLES[status.message.tone]]}>{fitTextStart(` ${status.message.text} `, Math.floor(cols * PROMPT_SLOT_SHARE))}</Text>;
  return (
    <>
      <Text backgroundColor={palette.workspaceBadge} color={palette.badgeText} bold>{` ${status.workspace} `}</Text>
      <Text color={palette.muted}>{` ${status.paneCount} pane${status.paneCount === 1 ? '' : 's'} `}</Text>
    </>
  );
}

/** The approval bar beats a message, which beats the hints. */
function content(status: StatusBarModel, hints: string, palette: Palette) {
  if (status.approval) return <ApprovalBar approval={status.approval} />;
  if (status.message && !status.prefixPending) {
    return (
      <Text color={palette[MESSAGE_ROLES[status.message.tone]]} wrap="truncate-end">
        {` ${status.message.text}`}
      </Text>
    );
  }
  return (
    <Box flexGrow={1} justifyContent="flex-end">
      <Text color={status.prefixPending ? palette.warning : palette.muted} wrap="truncate-start">{`${hints} `}</Text>
    </Box>
  );
}
