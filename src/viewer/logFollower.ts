// Follows one log file for the logs viewer, as `tail -f` does: its end when it starts (at most
// MAX_LOG_VIEW_BYTES, from a line's start), then what is appended, looked for every
// STACK_LOG_FOLLOW_MS. A file that shrank or was replaced (a new inode) is read from its start
// again; a file that does not exist yet is waited for. More than MAX_LOG_VIEW_BYTES appended between
// two looks: only its end is read, and the reader is told what was left out.

import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { MAX_LOG_VIEW_BYTES, STACK_LOG_FOLLOW_MS } from '../limits.js';
import { readRange } from '../os/fileRange.js';

export interface LogEvents {
  /** Text from the log, in order (whole characters). */
  text(text: string): void;
  /** Something the reader should know (the start was left out, the file was replaced). */
  note(text: string): void;
  /** The file is read from its start again: what was shown of it is gone. */
  restart(): void;
}

export class LogFollower {
  private offset = 0;
  private inode: number | undefined;
  private decoder = new StringDecoder('utf8');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly events: LogEvents,
  ) {}

  start(): void {
    this.look();
    this.timer = setInterval(() => this.look(), STACK_LOG_FOLLOW_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads what is new (the timer calls it). */
  look(): void {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      return; // not there yet (or gone): waited for
    }
    const replaced = this.inode !== undefined && stat.ino !== this.inode;
    if (replaced || stat.size < this.offset) {
      this.offset = 0;
      this.decoder = new StringDecoder('utf8');
      this.events.restart();
      this.events.note(replaced ? 'the log was replaced: read from its start' : 'the log was truncated: read from its start');
    }
    const first = this.inode === undefined || replaced;
    this.inode = stat.ino;
    if (stat.size <= this.offset) return;
    let from = this.offset;
    if (stat.size - from > MAX_LOG_VIEW_BYTES) {
      from = stat.size - MAX_LOG_VIEW_BYTES;
      const bytes = readRange(this.file, from, stat.size);
      // Start at a line's start: the first line of the window is most likely cut.
      const lineStart = bytes.indexOf(0x0a) + 1;
      this.decoder = new StringDecoder('utf8');
      const skipped = from + lineStart - this.offset;
      this.events.note(first ? `the first ${skipped} bytes of the log are not shown ('tessera logs' prints them)` : `${skipped} bytes were written too fast to show; 'tessera logs' prints them`);
      this.offset = stat.size;
      this.emit(bytes.subarray(lineStart));
      return;
    }
    const bytes = readRange(this.file, from, stat.size);
    this.offset = from + bytes.length;
    this.emit(bytes);
  }

  private emit(bytes: Buffer): void {
    const text = this.decoder.write(bytes);
    if (text !== '') this.events.text(text);
  }
}
