// The terminal side every viewer program shares: the pane's size, the alternate screen without a
// cursor and with SGR mouse reports (so the wheel scrolls), raw keys decoded into tokens (a lone Esc
// told from the start of a sequence by a short wait), and leaving it all as it was on quit.

import { ESCAPE_TIMEOUT_MS } from '../limits.js';
import { InputDecoder, type KeyToken } from '../term/keys/decode.js';

/** The pane's size now (rows includes the status line). */
export function viewerSize(): { cols: number; rows: number } {
  return { cols: Math.max(1, process.stdout.columns || 80), rows: Math.max(2, process.stdout.rows || 24) };
}

/** Takes the terminal: `title` (escaped by the caller) as its title, keys to `onKeys`, a new size to `onResize`. */
export function startViewerTerminal(title: string, onKeys: (tokens: KeyToken[]) => void, onResize: () => void): void {
  process.stdout.write(`\x1b]2;${title}\x07\x1b[?1049h\x1b[?25l\x1b[?1000h\x1b[?1006h`);
  if (process.stdin.isTTY) process.stdin.setRawMode(true);
  process.stdin.setEncoding('utf8');
  const decoder = new InputDecoder();
  let escapeTimer: ReturnType<typeof setTimeout> | undefined;
  process.stdin.on('data', (data: string) => {
    clearTimeout(escapeTimer);
    onKeys(decoder.feed(data));
    if (decoder.pending()) escapeTimer = setTimeout(() => onKeys(decoder.flush()), ESCAPE_TIMEOUT_MS);
  });
  process.stdin.on('end', () => process.exit(0));
  process.stdout.on('resize', onResize);
  process.on('SIGHUP', () => process.exit(0));
}

/** Gives the terminal back (mouse off, cursor on, main screen) and ends the viewer: its pane closes. */
export function quitViewer(): never {
  process.stdout.write('\x1b[?1006l\x1b[?1000l\x1b[0m\x1b[?25h\x1b[?1049l');
  process.exit(0);
}
