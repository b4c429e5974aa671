import { describe, expect, it } from 'vitest';
import { FrameType, encodeBytes, encodeJson } from '../../../src/protocol/framing.js';
import { FrameWatch } from '../../../src/remote/frameWatch.js';
import { MAX_MESSAGE_BYTES } from '../../../src/limits.js';

function header(length: number, type: number): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(length, 0);
  head.writeUInt8(type, 4);
  return head;
}

describe('following frames through the bridge', () => {
  it('knows where frames end, however the stream is cut', () => {
    const frames = [encodeJson({ t: 'request', id: 1 }), encodeBytes(FrameType.Output, 'hello'), encodeBytes(FrameType.Input, '')];
    const stream = Buffer.concat(frames);
    const boundaries = new Set(frames.map((_, i) => Buffer.concat(frames.slice(0, i + 1)).length));
    for (let size = 1; size <= stream.length; size++) {
      const watch = new FrameWatch();
      for (let at = 0; at < stream.length; at += size) {
        watch.check(stream.subarray(at, at + size));
        const end = Math.min(at + size, stream.length);
        expect(watch.midFrame, `cut every ${size} bytes, at ${end}`).toBe(!boundaries.has(end));
      }
    }
  });

  it('says a stream that stops inside a header or a payload stopped mid-frame', () => {
    const frame = encodeJson({ t: 'ready' });
    const inHeader = new FrameWatch();
    inHeader.check(frame.subarray(0, 3));
    expect(inHeader.midFrame).toBe(true);
    const inPayload = new FrameWatch();
    inPayload.check(frame.subarray(0, frame.length - 1));
    expect(inPayload.midFrame).toBe(true);
  });

  it('refuses an unknown frame type and a frame past the size limit, even split across chunks', () => {
    expect(() => new FrameWatch().check(header(1, 9))).toThrow(/unknown frame type 9/);
    const huge = header(MAX_MESSAGE_BYTES + 1, FrameType.Json);
    const watch = new FrameWatch();
    watch.check(huge.subarray(0, 2));
    expect(() => watch.check(huge.subarray(2))).toThrow(/limit/);
    expect(() => new FrameWatch().check(Buffer.from('Welcome to build1!\n'))).toThrow();
  });
});
