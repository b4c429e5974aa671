// Follows the frames of the socket protocol as they pass through the bridge, without decoding them:
// a header that is not tessera's (unknown type, a frame past the size limit) ends the link at once
// instead of being handed on, and at the end of the stream it tells whether it stopped mid-frame.

import { FrameType, FramingError } from '../protocol/framing.js';
import { MAX_MESSAGE_BYTES } from '../limits.js';

const HEADER_BYTES = 5;
const TYPES: ReadonlySet<number> = new Set(Object.values(FrameType));

export class FrameWatch {
  /** Bytes of the current frame's payload still to come. */
  private payloadLeft = 0;
  /** Bytes of the current header seen so far (a header can be split across chunks). */
  private header = Buffer.alloc(HEADER_BYTES);
  private headerSeen = 0;

  /** True when the stream so far ends inside a frame. */
  get midFrame(): boolean {
    return this.payloadLeft > 0 || this.headerSeen > 0;
  }

  /** Checks a chunk; throws FramingError on a header that is not the protocol's. */
  check(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.payloadLeft > 0) {
        const take = Math.min(this.payloadLeft, chunk.length - at);
        this.payloadLeft -= take;
        at += take;
        continue;
      }
      const take = Math.min(HEADER_BYTES - this.headerSeen, chunk.length - at);
      chunk.copy(this.header, this.headerSeen, at, at + take);
      this.headerSeen += take;
      at += take;
      if (this.headerSeen < HEADER_BYTES) return;
      this.headerSeen = 0;
      const length = this.header.readUInt32BE(0);
      const type = this.header.readUInt8(4);
      if (!TYPES.has(type)) throw new FramingError(`unknown frame type ${type}`);
      if (length > MAX_MESSAGE_BYTES) throw new FramingError(`a frame of ${length} bytes (the limit is ${MAX_MESSAGE_BYTES})`);
      this.payloadLeft = length;
    }
  }
}
