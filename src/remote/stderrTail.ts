// What ssh (and the command it ran) last wrote on stderr: its reason for failing is at the end, and
// a chatty or hostile host cannot make tessera keep more than a few kilobytes of it.

import { SSH_STDERR_KEEP_BYTES } from '../limits.js';

/** The last SSH_STDERR_KEEP_BYTES of ssh's stderr. */
export class StderrTail {
  private kept = Buffer.alloc(0);

  add(chunk: Buffer): void {
    const all = Buffer.concat([this.kept, chunk]);
    this.kept = all.length > SSH_STDERR_KEEP_BYTES ? all.subarray(all.length - SSH_STDERR_KEEP_BYTES) : all;
  }

  text(): string {
    return this.kept.toString('utf8');
  }
}
