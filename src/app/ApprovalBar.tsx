// The approval bar: which pane waits, the keys that answer it, and what it asks. The keys come
// before the question so that a long question never pushes them off a narrow screen.

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
      <Text color="green">{' Allow'}</Text>
      <Text color="gray">{' · '}</Text>
      <Text color="red">Deny</Text>
      <Text color="gray">{' · '}</Text>
      <Text color="yellow">Abort</Text>
      <Text color="gray">{` ${keys.allow}/${keys.deny.split(' ').pop()}/${keys.abort.split(' ').pop()} `}</Text>
      {others > 0 ? <Text color="gray">{`(+${others} waiting: ${keys.jump}) `}</Text> : null}
      <Text color="magenta">{owner.question}</Text>
    </Text>
  );
}
