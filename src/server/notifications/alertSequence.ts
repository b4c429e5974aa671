// What the user's terminal is sent to announce a pane that needs them, as the `notify` setting says:
// the bell, or a desktop notification in one of the three forms terminals understand.

import { visibleText } from '../../term/visibleText.js';
import type { Settings } from '../../store/settingsDefaults.js';

/** Undefined for 'none'. The text is shown as marks where it has control characters, so it can never end the sequence early. */
export function alertSequence(how: Settings['notify'], text: string): string | undefined {
  // A semicolon would start another field of OSC 777 and 99; a colon is as readable.
  const body = visibleText(`tessera: ${text}`).replace(/;/g, ':');
  switch (how) {
    case 'bell':
      return '\x07';
    case 'osc9': // iTerm2, WezTerm, Windows Terminal, ghostty, foot
      return `\x1b]9;${body}\x07`;
    case 'osc777': // urxvt, foot, ghostty, WezTerm, VTE (GNOME Terminal)
      return `\x1b]777;notify;tessera;${body}\x07`;
    case 'osc99': // kitty
      return `\x1b]99;;${body}\x1b\\`;
    case 'none':
      return undefined;
  }
}
