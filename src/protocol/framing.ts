// Wire format shared by client and server: length-prefixed frames of JSON or raw bytes.
//
//   [u32 big-endian payload length][u8 frame type][payload]
//
// A peer that sends an unknown type, an oversized frame, or JSON that does not parse is broken or
// hostile: the decoder reports an error and the caller drops that one connection.

import { MAX_MESSAGE_BYTES } from '../limits.js';

export const FrameType = {
  /** A JSON message (see messages.ts). */
  Json: 1,
  /** Keyboard input bytes from a client's terminal. */
  Input: 2,
  /** Bytes for a client's terminal (frames drawn by the server). */
  Output: 3,
} as const;
export type FrameType = (typeof FrameType)[keyof typeof FrameType];

const HEADER_BYTES = 5;

export type DecodedFrame =
  | { type: typeof FrameType.Json; message: unknown }
  | { type: typeof FrameType.Input | typeof FrameType.Output; data: Buffer };

export function encodeJson(message: unknown): Buffer {
  return encodeFrame(FrameType.Json, Buffer.from(JSON.stringify(message), 'utf8'));
}

export function encodeBytes(type: typeof FrameType.Input | typeof FrameType.Output, data: string | Buffer): Buffer {
  if (typeof data !== 'string') return encodeFrame(type, data);
  // One buffer, the text encoded straight after the header (a frame is sent many times a second).
  const frame = Buffer.allocUnsafe(HEADER_BYTES + Buffer.byteLength(data, 'utf8'));
  const length = frame.write(data, HEADER_BYTES, 'utf8');
  frame.writeUInt32BE(length, 0);
  frame.writeUInt8(type, 4);
  return frame;
}

function encodeFrame(type: FrameType, payload: Buffer): Buffer {
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  header.writeUInt32BE(payload.length, 0);
  header.writeUInt8(type, 4);
  return Buffer.concat([header, payload]);
}

/** Incremental decoder: feed socket chunks, get whole frames. Throws FramingError on a broken stream. */
export class FrameDecoder {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;

  /** Bytes of a frame that has started but is not complete yet (what a stalled peer makes us hold). */
  get pendingBytes(): number {
    return this.bufferedBytes;
  }

  feed(chunk: Buffer): DecodedFrame[] {
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    const frames: DecodedFrame[] = [];
    while (this.bufferedBytes >= HEADER_BYTES) {
      const head = this.peek(HEADER_BYTES);
      const length = head.readUInt32BE(0);
      const type = head.readUInt8(4);
      if (length > MAX_MESSAGE_BYTES) throw new FramingError(`frame of ${length} bytes exceeds the limit`);
      if (type !== FrameType.Json && type !== FrameType.Input && type !== FrameType.Output) {
        throw new FramingError(`unknown frame type ${type}`);
      }
      if (this.bufferedBytes < HEADER_BYTES + length) break;
      const whole = this.take(HEADER_BYTES + length);
      const payload = whole.subarray(HEADER_BYTES);
      if (type === FrameType.Json) frames.push({ type, message: parseJson(payload) });
      else frames.push({ type, data: payload });
    }
    return frames;
  }

  private peek(n: number): Buffer {
    if (this.buffered[0].length < n) this.buffered = [Buffer.concat(this.buffered)];
    return this.buffered[0].subarray(0, n);
  }

  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.bufferedBytes = rest.length;
    return out;
  }
}

export class FramingError extends Error {}

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    throw new FramingError('a JSON frame does not parse');
  }
}
