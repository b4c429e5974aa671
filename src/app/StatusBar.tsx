// The bottom row: workspace name, pane count and "N need you", then — most important first — the
// approval bar, a message, or key hints. A message takes the whole row but the "need you" count: it
// answers the key just pressed, and the workspace strip above already names the workspace.

import { Box, Text } from 'ink';
import { ApprovalBar } from './ApprovalBar.js';
import type { StatusBarModel } from './chromeModel.js';

const MESSAGE_COLORS = { info: 'cyan', error: 'red', question: 'yellow' } as const;

export function StatusBar({ status, cols, row }: { status: StatusBarModel; cols: number; row: number }) {
  const { help, detach } = status.hintKeys;
  const hints = status.prefixPending
    ? `${status.prefixLabel} … waiting for a command key (${help === undefined ? '' : `${help} help, `}Esc cancel)`
    : [help === undefined ? '' : `${status.prefixLabel} ${help} help`, detach === undefined ? '' : `${status.prefixLabel} ${detach} detach`].filter(Boolean).join('  ');
  const showingMessage = status.message !== undefined && !status.prefixPending;
  return (
    <Box position="absolute" marginLeft={0} marginTop={row} width={cols} height={1}>
      <Box flexShrink={0}>
        {showingMessage ? null : <Text backgroundColor="green" color="black" bold>{` ${status.workspace} `}</Text>}
        {showingMessage ? null : <Text color="gray">{` ${status.paneCount} pane${status.paneCount === 1 ? '' : 's'} `}</Text>}
        {status.needYou > 0 ? <Text backgroundColor="yellow" color="black" bold>{` ${status.needYou} need${status.needYou === 1 ? 's' : ''} you `}</Text> : null}
      </Box>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">{content(status, hints)}</Box>
    </Box>
  );
}

/** A message (the answer to the last key) beats the approval bar, which beats the hints. */
function content(status: StatusBarModel, hints: string) {
  if (status.message && !status.prefixPending) {
    return (
      <Text color={MESSAGE_COLORS[status.message.tone]} wrap="truncate-end">
        {` ${status.message.text}`}
      </Text>
    );
  }
  if (status.approval && !status.prefixPending) return <ApprovalBar approval={status.approval} />;
  return (
    <Box flexGrow={1} justifyContent="flex-end">
      <Text color={status.prefixPending ? 'yellow' : 'gray'} wrap="truncate-start">{`${hints} `}</Text>
    </Box>
  );
}
