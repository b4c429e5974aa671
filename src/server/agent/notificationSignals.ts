// Notifications an agent sends on purpose (OSC 9 and OSC 777 "notify"): passed on to the user and,
// when they say what the agent is doing, used as a state signal that outranks screen rules.

import type { IDisposable, Terminal } from '@xterm/headless';
import type { AgentState } from '../../agents/detection.js';
import { MAX_NOTIFICATION_CHARS } from '../../limits.js';

export interface AgentNotification {
  text: string;
  /** What the notification says about the agent's state, when it says anything. */
  state?: Extract<AgentState, 'approval' | 'idle'>;
  osc: 9 | 777;
}

const ASKS_PERMISSION = /\b(permission|approv\w*|allow\b|confirm)/i;
const WAITS_FOR_INPUT = /\b(waiting for (your )?input|is waiting|finished|done|complete[d]?)\b/i;

export function classifyNotification(text: string): AgentNotification['state'] {
  if (ASKS_PERMISSION.test(text)) return 'approval';
  if (WAITS_FOR_INPUT.test(text)) return 'idle';
  return undefined;
}

/** Listens for OSC 9 (`ESC ] 9 ; text`) and OSC 777 (`ESC ] 777 ; notify ; title ; body`). */
export function watchNotifications(terminal: Terminal, listener: (n: AgentNotification) => void): IDisposable {
  const clean = (text: string) => text.replace(/[\x00-\x1f\x7f-\x9f]/g, ' ').trim().slice(0, MAX_NOTIFICATION_CHARS);
  const osc9 = terminal.parser.registerOscHandler(9, (data) => {
    // "9;4;…" is ConEmu's progress report, not a notification.
    if (/^4;/.test(data)) return false;
    const text = clean(data);
    if (text) listener({ text, state: classifyNotification(text), osc: 9 });
    return false;
  });
  const osc777 = terminal.parser.registerOscHandler(777, (data) => {
    const [kind, title = '', body = ''] = data.split(';');
    if (kind !== 'notify') return false;
    const text = clean(body ? `${title}: ${body}` : title);
    if (text) listener({ text, state: classifyNotification(text), osc: 777 });
    return false;
  });
  return { dispose: () => [osc9, osc777].forEach((d) => d.dispose()) };
}
