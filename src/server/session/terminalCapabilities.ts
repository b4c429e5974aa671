// What the client's terminal can show, decided from what the client reported about it.

import type { TerminalInfo } from '../../protocol/messages.js';
import type { Settings } from '../../store/settingsDefaults.js';

export function supportsTrueColor(info: TerminalInfo, setting: Settings['trueColor']): boolean {
  if (setting !== 'auto') return setting === 'on';
  const colorTerm = info.colorTerm.toLowerCase();
  if (colorTerm === 'truecolor' || colorTerm === '24bit') return true;
  return /-direct$|truecolor|24bit/.test(info.term.toLowerCase());
}
