// The approval bar: which pane waits, what it asks, and the keys that answer it.

import { Text } from 'ink';
import type { ApprovalBarModel } from './chromeModel.js';

export function ApprovalBar({ approval }: { approval: ApprovalBarModel }) {
  const { keys } = approval;
  const owner = approval.waiting.find((w) => w.paneId === approval.owner);
  if (!owner) {
    return (
      <Text color="yellow" wrap="truncate-end">
        {` ⚠ ${approval.reason ?? 'a pane waits'} `}
      </Text>
    );
  }
  const others = approval.waiting.length - 1;
  return (
    <Text wrap="truncate-end">
      <Text backgroundColor="magenta" color="black" bold>{` ⚠ ${owner.paneId} ${owner.agent} `}</Text>
      <Text color="magenta">{` ${owner.question} `}</Text>
      <Text color="green">{` Allow ${keys.allow} `}</Text>
      <Text color="gray">·</Text>
      <Text color="red">{` Deny ${keys.deny} `}</Text>
      <Text color="gray">·</Text>
      <Text color="yellow">{` Abort ${keys.abort} `}</Text>
      {others > 0 ? <Text color="gray">{` (+${others} waiting: ${keys.jump})`}</Text> : null}
    </Text>
  );
}
