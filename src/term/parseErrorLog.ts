// What the emulator says about malformed output, counted per pane and summarized in the server log at
// most once per PARSE_ERROR_REPORT_MS (xterm would print an object per bad byte: 50 MB of random
// bytes once made a 622 MB log).

import type { ILogger } from '@xterm/headless';
import { PARSE_ERROR_REPORT_MS } from '../limits.js';

/** Longest excerpt of the first unusual message quoted in a summary. */
const MAX_QUOTED_CHARS = 200;

export class ParseErrorLog implements ILogger {
  /** Malformed sequences since the emulator started (for tests and diagnostics). */
  total = 0;
  private malformed = 0;
  private other = 0;
  private firstOther: string | undefined;
  private since = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastReport = 0;

  /** `log` writes one line to the server log; `name` says whose output it was ("pane 3"). */
  constructor(
    private readonly name: string,
    private readonly log: ((line: string) => void) | undefined,
  ) {}

  trace(): void {}
  debug(): void {}
  info(): void {}
  warn(): void {}

  /** xterm passes the parser's state as further arguments: counted, never printed. */
  error(message: string | Error, ...details: unknown[]): void {
    void details;
    const text = typeof message === 'string' ? message : message.message;
    if (text.startsWith('Parsing error')) {
      this.malformed++;
      this.total++;
    } else {
      this.other++;
      this.firstOther ??= text.slice(0, MAX_QUOTED_CHARS);
    }
    this.scheduleReport();
  }

  /** Writes what is still unreported, and stops. */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.report();
  }

  private scheduleReport(): void {
    if (this.timer !== undefined) return;
    // The first report comes at once; later ones wait out the interval, summing what came meanwhile.
    const wait = Math.max(0, this.lastReport + PARSE_ERROR_REPORT_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.report();
    }, wait);
    this.timer.unref();
  }

  private report(): void {
    if (this.malformed === 0 && this.other === 0) return;
    const seconds = Math.max(1, Math.round((Date.now() - this.since) / 1000));
    const parts: string[] = [];
    if (this.malformed > 0) parts.push(`${this.malformed} malformed control sequence(s) ignored`);
    if (this.other > 0) parts.push(`${this.other} other emulator error(s), first: ${this.firstOther ?? ''}`);
    this.log?.(`${this.name}: ${parts.join('; ')} in the last ${seconds} s`);
    this.malformed = 0;
    this.other = 0;
    this.firstOther = undefined;
    this.since = Date.now();
    this.lastReport = Date.now();
  }
}
