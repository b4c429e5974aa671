// The lines a logs viewer shows, as text arrives: complete lines plus the line being written (shown
// too: a prompt or a progress line need not end before it is seen). Text from a log is a program's
// output, so every line is shown through viewerText (control characters as marks, never sent to
// the terminal). Bounded: the oldest lines go when there are more than MAX_LOG_VIEW_LINES or
// MAX_LOG_VIEW_CHARS, and a line longer than MAX_LOG_LINE_CHARS is broken. Pure: no files here.

import { MAX_LOG_LINE_CHARS, MAX_LOG_VIEW_CHARS, MAX_LOG_VIEW_LINES } from '../limits.js';
import { lineText, span, viewerText, type Line } from './styledText.js';

export interface LogLimits {
  lines: number;
  chars: number;
  lineChars: number;
}

const DEFAULT_LIMITS: LogLimits = { lines: MAX_LOG_VIEW_LINES, chars: MAX_LOG_VIEW_CHARS, lineChars: MAX_LOG_LINE_CHARS };
const NOTE_SGR = '90';

export class LogLines {
  private complete: Line[] = [];
  private completePlain: string[] = [];
  /** The raw text after the last line feed: the line being written. */
  private open = '';
  private chars = 0;
  private cached: { lines: Line[]; plain: string[] } | undefined;

  constructor(private readonly limits: LogLimits = DEFAULT_LIMITS) {}

  /** A line of tessera's own (grey), after the lines so far; returns how many lines went from the top. */
  note(text: string): number {
    if (this.open !== '') this.pushText(this.open);
    this.open = '';
    this.push([span(viewerText(text), NOTE_SGR)]);
    return this.trim();
  }

  /** Adds text from the log; returns how many lines went from the top to keep within the limits. */
  append(text: string): number {
    const pieces = text.split('\n');
    this.open += pieces[0];
    for (const piece of pieces.slice(1)) {
      this.pushText(this.open);
      this.open = piece;
    }
    while (this.open.length > this.limits.lineChars) {
      this.pushText(this.open.slice(0, this.limits.lineChars));
      this.open = this.open.slice(this.limits.lineChars);
    }
    this.cached = undefined;
    return this.trim();
  }

  /** Every line, the one being written last (when it has text). */
  get lines(): Line[] {
    return this.view().lines;
  }

  /** The plain text of each line, for search. */
  get plain(): string[] {
    return this.view().plain;
  }

  private view(): { lines: Line[]; plain: string[] } {
    if (!this.cached) {
      const openLine = this.open === '' ? [] : [[span(viewerText(this.open.replace(/\r$/, '')))]];
      const lines = openLine.length === 0 ? this.complete : [...this.complete, ...openLine];
      this.cached = { lines, plain: lines === this.complete ? this.completePlain : lines.map(lineText) };
    }
    return this.cached;
  }

  private pushText(raw: string): void {
    // A CR before the line feed ends the line for programs written for terminals: not a mark.
    this.push([span(viewerText(raw.replace(/\r$/, '')))]);
  }

  private push(line: Line): void {
    const text = lineText(line);
    this.complete.push(line);
    this.completePlain.push(text);
    this.chars += text.length;
    this.cached = undefined;
  }

  /** Drops the oldest lines beyond the limits (at once: one splice, however many go); returns how many. */
  private trim(): number {
    let drop = 0;
    let chars = this.chars;
    while (this.complete.length - drop > 1 && (this.complete.length - drop > this.limits.lines || chars > this.limits.chars)) {
      chars -= (this.completePlain[drop] ?? '').length;
      drop++;
    }
    if (drop === 0) return 0;
    this.complete.splice(0, drop);
    this.completePlain.splice(0, drop);
    this.chars = chars;
    this.cached = undefined;
    return drop;
  }
}
