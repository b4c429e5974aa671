// The small colored word on a pane header that says what the pane is doing.

import { Text } from 'ink';
import type { ThemeRole } from '../store/themeSetting.js';
import type { PaneStatus } from './chromeModel.js';
import type { Palette } from './theme/palettes.js';
import { usePalette } from './theme/ThemeContext.js';

const PILL_ROLES: Record<PaneStatus, ThemeRole> = {
  'not installed': 'muted',
  approval: 'attention',
  starting: 'accent',
  running: 'warning',
  idle: 'success',
  asleep: 'asleep',
  exited: 'muted',
  error: 'danger',
};

export function pillLabel(status: PaneStatus, exitCode?: number): string {
  if ((status === 'exited' || status === 'error') && exitCode !== undefined) return `exited ${exitCode}`;
  return status;
}

export function StatusPill({ status, exitCode }: { status: PaneStatus; exitCode?: number }) {
  const palette = usePalette();
  return (
    <Text color={palette.badgeText} backgroundColor={statusDotColor(status, palette)}>
      {` ${pillLabel(status, exitCode)} `}
    </Text>
  );
}

export function statusDotColor(status: PaneStatus, palette: Palette): string {
  return palette[PILL_ROLES[status]];
}
