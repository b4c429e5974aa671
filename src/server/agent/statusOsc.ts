// OSC 777 tessera-status (`ESC ] 777 ; tessera-status ; STATE ; MESSAGE BEL`): a program in the pane prints its
// own state instead of running `tessera status`. What the pane's own program prints is that pane's own word.

import type { IDisposable, Terminal } from '@xterm/headless';
import type { ChannelReport } from '../../agents/signals/channelReport.js';
import { parseStatusOsc } from '../../agents/signals/statusReport.js';

export function watchStatusOsc(terminal: Terminal, listener: (report: ChannelReport) => void): IDisposable {
  return terminal.parser.registerOscHandler(777, (data) => {
    const report = parseStatusOsc(data);
    if (report === undefined) return false; // a notify, or not ours: the other handlers read it
    listener({ ...report, firedAt: Date.now() });
    return true;
  });
}
