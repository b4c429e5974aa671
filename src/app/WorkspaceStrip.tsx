// The workspace strip: one row above the status bar listing every workspace (prefix + its digit switches to it).

import { Box, Text } from 'ink';
import { MERGED_MARK, layoutStrip } from './strip/layout.js';
import { STRIP_DOTS, type StripEntry } from './strip/model.js';

export function WorkspaceStrip({ entries, cols, row }: { entries: StripEntry[]; cols: number; row: number }) {
  const { items, hiddenBefore, hiddenAfter } = layoutStrip(entries, cols);
  return (
    <Box position="absolute" marginLeft={0} marginTop={row} width={cols} height={1}>
      <Text wrap="truncate-end">
        {hiddenBefore > 0 ? <Text color="gray">{`‹${Math.min(hiddenBefore, 9)} `}</Text> : null}
        {items.map(({ entry, label, warn, diff }) => {
          const dot = STRIP_DOTS[entry.state];
          const background = entry.current ? 'blue' : undefined;
          return (
            <Text key={entry.name} backgroundColor={background} color={entry.current ? 'white' : entry.state === 'dormant' ? 'gray' : undefined} bold={entry.current}>
              {' '}
              <Text color={dot.color}>{dot.glyph}</Text>
              {` ${label}`}
              {warn ? <Text color="yellow" bold={false}>{` ${warn}`}</Text> : null}
              {diff ? <DiffCounts diff={diff} /> : null}
              {' '}
            </Text>
          );
        })}
        {hiddenAfter > 0 ? <Text color="gray">{` ${Math.min(hiddenAfter, 9)}›`}</Text> : null}
      </Text>
    </Box>
  );
}

/** `+12 −3`: additions green, removals red; `merged` (the branch is in its base) in cyan. */
function DiffCounts({ diff }: { diff: string }) {
  const parts = diff.split(' ');
  const merged = parts[parts.length - 1] === MERGED_MARK ? parts.pop() : undefined;
  const [added, removed] = parts;
  return (
    <Text bold={false}>
      {added !== undefined ? (
        <>
          {' '}
          <Text color="green">{added}</Text> <Text color="red">{removed}</Text>
        </>
      ) : null}
      {merged ? <Text color="cyan">{` ${merged}`}</Text> : null}
    </Text>
  );
}
