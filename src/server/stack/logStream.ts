// A hook's output as it is written, for a command line that prints it live: its log file read from
// where this run began, a look every STACK_HOOK_STREAM_MS while the hook runs and once more when it
// ends. Whole characters only (a UTF-8 sequence split between two looks waits for its end). A hook
// that writes more between two looks than one may send has the middle skipped, and the reader is
// told so (the log keeps everything).

import { StringDecoder } from 'node:string_decoder';
import { STACK_HOOK_STREAM_BYTES, STACK_HOOK_STREAM_MS } from '../../limits.js';
import { fileSize, readRange } from '../../os/fileRange.js';

export class LogStream {
  private decoder = new StringDecoder('utf8');
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly file: string,
    private offset: number,
    private readonly send: (text: string) => void,
  ) {
    this.timer = setInterval(() => this.look(), STACK_HOOK_STREAM_MS);
  }

  /** The hook ended: what it wrote since the last look, then nothing more. */
  end(): void {
    clearInterval(this.timer);
    this.look();
    const rest = this.decoder.end();
    if (rest !== '') this.send(rest);
  }

  /** Sends what the log gained since the last look (the timer calls it; so does end()). */
  look(): void {
    const size = fileSize(this.file);
    if (size <= this.offset) return;
    if (size - this.offset > STACK_HOOK_STREAM_BYTES) {
      const skipped = size - STACK_HOOK_STREAM_BYTES - this.offset;
      this.decoder = new StringDecoder('utf8');
      this.send(`\n[tessera: ${skipped} bytes of output skipped here (more than one look may send); the whole is in ${this.file}]\n`);
      this.offset = size - STACK_HOOK_STREAM_BYTES;
    }
    const text = this.decoder.write(readRange(this.file, this.offset, size));
    this.offset = size;
    if (text !== '') this.send(text);
  }
}
