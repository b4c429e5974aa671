// Copying text for the user: OSC 52 to the outer terminal (which owns the clipboard, even over SSH),
// and a local clipboard command when one is configured (e.g. "xclip -selection clipboard").

import { spawn } from 'node:child_process';
import { COPY_COMMAND_TIMEOUT_MS } from '../../limits.js';
import { tokenizeShellCommand } from '../../shell/tokenize.js';

export const COPY_HINT_EMPTY = 'nothing selected: v starts a selection (V whole lines, C-v a rectangle), then y copies';

export interface ClipboardSettings {
  /** Largest copy in bytes of UTF-8; more is refused, never cut short silently. */
  clipboardLimit: number;
  /** A command line that reads the copied text on its standard input; '' for none. */
  copyCommand: string;
}

type Report = (text: string, tone: 'info' | 'error') => void;

/** The OSC 52 sequence that puts `text` on the terminal's clipboard. */
export function osc52(text: string): string {
  return `\x1b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\x07`;
}

/**
 * Sends `text` to the outer terminal's clipboard and runs the copy command. Returns false when the
 * copy was refused (over the limit); the reason goes to `report`, as does the outcome.
 */
export function copyText(text: string, settings: ClipboardSettings, send: (bytes: string) => void, report: Report): boolean {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > settings.clipboardLimit) {
    report(`copy refused: ${sizeLabel(bytes)} is over the clipboard limit of ${sizeLabel(settings.clipboardLimit)} (setting clipboardLimit)`, 'error');
    return false;
  }
  send(osc52(text));
  const lines = text.split('\n').length;
  report(`copied ${[...text].length} characters (${lines} line${lines === 1 ? '' : 's'}) to the clipboard`, 'info');
  if (settings.copyCommand.trim() !== '') runCopyCommand(settings.copyCommand, text, report);
  return true;
}

function runCopyCommand(commandLine: string, text: string, report: Report): void {
  const parsed = tokenizeShellCommand(commandLine);
  if (!parsed.ok || parsed.argv.length === 0) {
    report(`copyCommand cannot be run: ${parsed.ok ? 'it is empty' : parsed.message}`, 'error');
    return;
  }
  const [file, ...args] = parsed.argv;
  const child = spawn(file, args, { stdio: ['pipe', 'ignore', 'pipe'], detached: false });
  let stderr = '';
  const timer = setTimeout(() => child.kill('SIGKILL'), COPY_COMMAND_TIMEOUT_MS);
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < 512) stderr += chunk;
  });
  child.stdin.on('error', () => undefined); // a command that exits early: its status says more
  child.on('error', (error) => {
    clearTimeout(timer);
    report(`copyCommand '${file}' failed: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : error.message}`, 'error');
  });
  child.on('exit', (code, signal) => {
    clearTimeout(timer);
    if (code === 0) return;
    const why = signal ? `was stopped after ${COPY_COMMAND_TIMEOUT_MS} ms` : `exited with status ${code}`;
    const detail = stderr.split('\n')[0].trim();
    report(`copyCommand '${file}' ${why}${detail ? `: ${detail}` : ''}`, 'error');
  });
  child.stdin.end(text);
}

function sizeLabel(bytes: number): string {
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MiB`;
  if (bytes >= 1 << 10) return `${(bytes / (1 << 10)).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
