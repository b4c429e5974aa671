// Whole lines out of a byte stream, for the bridge's handshake: each line bounded, and what follows
// the last line read kept for the protocol that comes after.

export class LineTooLongError extends Error {}

export class LineBuffer {
  private pending: Buffer = Buffer.alloc(0);

  feed(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
  }

  /** Bytes held that are not a line yet. */
  get size(): number {
    return this.pending.length;
  }

  /** The next whole line (without its \n, nor a \r before it); undefined until one arrived. Throws when `max` bytes pass without one. */
  takeLine(max: number): string | undefined {
    const end = this.pending.indexOf(0x0a);
    if (end === -1) {
      if (this.pending.length > max) throw new LineTooLongError(`a line longer than ${max} bytes`);
      return undefined;
    }
    if (end > max) throw new LineTooLongError(`a line longer than ${max} bytes`);
    const line = this.pending.subarray(0, end).toString('utf8').replace(/\r$/, '');
    this.pending = this.pending.subarray(end + 1);
    return line;
  }

  /** Everything after the lines taken, and nothing held any more. */
  takeRest(): Buffer {
    const rest = this.pending;
    this.pending = Buffer.alloc(0);
    return rest;
  }
}
