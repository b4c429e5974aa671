// The workspace strip: one row above the status bar listing every workspace (prefix + its digit switches to it).

import { Box, Text } from 'ink';
import { MERGED_MARK, layoutStrip } from './strip/layout.js';
import { STRIP_DOTS, type StripEntry } from './strip/model.js';
import { usePalette } from './theme/ThemeContext.js';

export function WorkspaceStrip({ entries, cols, row }: { entries: StripEntry[]; cols: number; row: number }) {
  const { items, hiddenBefore, hiddenAfter } = layoutStrip(entries, cols);
  const palette = usePalette();
  return (
    <Box position="absolute" marginLeft={0} marginTop={row} width={cols} height={1}>
      <Text wrap="truncate-end">
        {hiddenBefore > 0 ? <Text color={palette.muted}>{`‹${Math.min(hiddenBefore, 9)} `}</Text> : null}
        {items.map(({ entry, label, warn, diff }) => {
          const dot = STRIP_DOTS[entry.state];
          const background = entry.current ? palette.focusBackground : undefined;
          return (
            <Text key={entry.name} backgroundColor={background} color={entry.current ? palette.focusText : entry.state === 'dormant' ? palette.muted : undefined} bold={entry.current}>
              {' '}
              <Text color={palette[dot.role]}>{dot.glyph}</Text>
              {` ${label}`}
              {warn ? <Text color={palette.warning} bold={false}>{` ${warn}`}</Text> : null}
              {diff ? <DiffCounts diff={diff} /> : null}
              {' '}
            </Text>
          );
        })}
        {hiddenAfter > 0 ? <Text color={palette.muted}>{` ${Math.min(hiddenAfter, 9)}›`}</Text> : null}
      </Text>
    </Box>
  );
}

/** `+12 −3`: additions green, removals red; `merged` (the branch is in its base) in cyan. */
function DiffCounts({ diff }: { diff: string }) {
  const palette = usePalette();
  const parts = diff.split(' ');
  const merged = parts[parts.length - 1] === MERGED_MARK ? parts.pop() : undefined;
  const [added, removed] = parts;
  return (
    <Text bold={false}>
      {added !== undefined ? (
        <>
          {' '}
          <Text color={palette.success}>{added}</Text> <Text color={palette.danger}>{removed}</Text>
        </>
      ) : null}
      {merged ? <Text color={palette.accent}>{` ${merged}`}</Text> : null}
    </Text>
  );
}
