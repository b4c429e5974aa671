// The approval bar: which pane waits, the keys that answer it, and what it asks. The keys come
// before the question so that a long question never pushes them off a narrow screen.

import { Text } from 'ink';
import type { ApprovalBarModel } from './chromeModel.js';
import { usePalette } from './theme/ThemeContext.js';

export function ApprovalBar({ approval }: { approval: ApprovalBarModel }) {
  const palette = usePalette();
  const { keys } = approval;
  const owner = approval.waiting.find((w) => w.paneId === approval.owner);
  if (!owner) {
    return (
      <Text color={palette.warning} wrap="truncate-end">
        {` ⚠ ${approval.reason ?? 'a pane waits'} `}
      </Text>
    );
  }
  const others = approval.waiting.length - 1;
  return (
    <Text wrap="truncate-end">
      <Text backgroundColor={palette.attention} color={palette.badgeText} bold>{` ⚠ ${owner.paneId} ${owner.agent} `}</Text>
      <Text color={palette.success}>{' Allow'}</Text>
      <Text color={palette.muted}>{' · '}</Text>
      <Text color={palette.danger}>Deny</Text>
      <Text color={palette.muted}>{' · '}</Text>
      <Text color={palette.warning}>Abort</Text>
      <Text color={palette.muted}>{` ${keys.allow}/${keys.deny.split(' ').pop()}/${keys.abort.split(' ').pop()} `}</Text>
      {others > 0 ? <Text color={palette.muted}>{`(+${others} waiting: ${keys.jump}) `}</Text> : null}
      <Text color={palette.attention}>{owner.question}</Text>
    </Text>
  );
}
