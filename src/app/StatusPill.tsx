// The small colored word on a pane header that says what the pane is doing.

import { Text } from 'ink';
import type { PaneStatus } from './chromeModel.js';

const PILL_COLORS: Record<PaneStatus, string> = {
  'not installed': 'gray',
  approval: 'magenta',
  starting: 'cyan',
  running: 'yellow',
  idle: 'green',
  asleep: 'blue',
  exited: 'gray',
  error: 'red',
};

export function pillLabel(status: PaneStatus, exitCode?: number): string {
  if ((status === 'exited' || status === 'error') && exitCode !== undefined) return `exited ${exitCode}`;
  return status;
}

export function StatusPill({ status, exitCode }: { status: PaneStatus; exitCode?: number }) {
  return (
    <Text color="black" backgroundColor={PILL_COLORS[status]}>
      {` ${pillLabel(status, exitCode)} `}
    </Text>
  );
}

export function statusDotColor(status: PaneStatus): string {
  return PILL_COLORS[status];
}
