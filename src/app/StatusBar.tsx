// The bottom row: workspace name, pane count, then a message if there is one, else key hints.

import { Box, Text } from 'ink';
import type { StatusBarModel } from './chromeModel.js';

const MESSAGE_COLORS = { info: 'cyan', error: 'red', question: 'yellow' } as const;

export function StatusBar({ status, cols, row }: { status: StatusBarModel; cols: number; row: number }) {
  // A message matters more than the hints, which are always the same: it takes their place.
  const hints = status.prefixPending
    ? `${status.prefixLabel} … waiting for a command key (? help, Esc cancel)`
    : `${status.prefixLabel} ? help  ${status.prefixLabel} d detach`;
  return (
    <Box position="absolute" marginLeft={0} marginTop={row} width={cols} height={1}>
      <Box flexShrink={0}>
        <Text backgroundColor="green" color="black" bold>{` ${status.workspace} `}</Text>
        <Text color="gray">{` ${status.paneCount} pane${status.paneCount === 1 ? '' : 's'} `}</Text>
      </Box>
      {status.message && !status.prefixPending ? (
        <Box flexGrow={1} flexShrink={1} overflow="hidden">
          <Text color={MESSAGE_COLORS[status.message.tone]} wrap="truncate-end">
            {status.message.text}
          </Text>
        </Box>
      ) : (
        <Box flexGrow={1} flexShrink={1} justifyContent="flex-end" overflow="hidden">
          <Text color={status.prefixPending ? 'yellow' : 'gray'} wrap="truncate-start">{`${hints} `}</Text>
        </Box>
      )}
    </Box>
  );
}
