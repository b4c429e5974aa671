import { describe, expect, it } from 'vitest';
import { FrameDecoder, FrameType, FramingError, encodeBytes, encodeJson } from '../../../src/protocol/framing.js';
import { parseClientMessage, parseServerMessage } from '../../../src/protocol/messages.js';
import { InvalidInput } from '../../../src/protocol/validate.js';
import { MAX_MESSAGE_BYTES } from '../../../src/limits.js';

describe('framing', () => {
  it('decodes frames split at every byte boundary', () => {
    const wire = Buffer.concat([encodeJson({ t: 'resize', cols: 80, rows: 24 }), encodeBytes(FrameType.Input, 'héllo'), encodeBytes(FrameType.Output, '\x1b[H')]);
    for (let cut = 0; cut <= wire.length; cut++) {
      const decoder = new FrameDecoder();
      const frames = [...decoder.feed(wire.subarray(0, cut)), ...decoder.feed(wire.subarray(cut))];
      expect(frames).toHaveLength(3);
      expect(frames[0]).toEqual({ type: FrameType.Json, message: { t: 'resize', cols: 80, rows: 24 } });
      expect(frames[1].type === FrameType.Input && frames[1].data.toString()).toBe('héllo');
    }
  });

  it('rejects unknown types, oversized frames and JSON that does not parse', () => {
    const header = (length: number, type: number) => {
      const b = Buffer.alloc(5);
      b.writeUInt32BE(length, 0);
      b.writeUInt8(type, 4);
      return b;
    };
    expect(() => new FrameDecoder().feed(header(1, 9))).toThrow(FramingError);
    expect(() => new FrameDecoder().feed(header(MAX_MESSAGE_BYTES + 1, 1))).toThrow(/exceeds the limit/);
    expect(() => new FrameDecoder().feed(Buffer.concat([header(3, 1), Buffer.from('{{{')]))).toThrow(/does not parse/);
  });
});

describe('client messages', () => {
  it('accepts well-formed messages and names the bad field otherwise', () => {
    expect(parseClientMessage({ t: 'resize', cols: 100, rows: 40 })).toEqual({ t: 'resize', cols: 100, rows: 40 });
    expect(() => parseClientMessage({ t: 'resize', cols: 0, rows: 40 })).toThrow(/cols must be between/);
    expect(() => parseClientMessage({ t: 'resize', cols: 1e9, rows: 40 })).toThrow(InvalidInput);
    expect(() => parseClientMessage({ t: 'request', id: 1, command: 'ls', args: [] })).toThrow(/args must be an object/);
    expect(() => parseClientMessage({ t: 'nope' })).toThrow(/unknown message type/);
    expect(() => parseClientMessage(null)).toThrow(/must be an object/);
  });
});

describe('the terminal an attaching client names for its frames', () => {
  const attach = (output: unknown) => ({
    t: 'attach',
    protocol: 1,
    cols: 80,
    rows: 24,
    terminal: { term: 'xterm', colorTerm: '', insideMultiplexer: false },
    output,
  });

  it('takes a device path with decimal device and inode numbers', () => {
    const message = parseClientMessage(attach({ path: '/dev/pts/3', dev: '26', ino: '18446744073709551615' }));
    expect(message).toMatchObject({ t: 'attach', output: { path: '/dev/pts/3', dev: '26', ino: '18446744073709551615' } });
    expect(parseClientMessage(attach(undefined))).toMatchObject({ t: 'attach', output: undefined });
  });

  it('refuses anything outside /dev/, a way out of it, and numbers that are not decimal', () => {
    expect(() => parseClientMessage(attach({ path: '/tmp/x', dev: '1', ino: '2' }))).toThrow(/under \/dev\//);
    expect(() => parseClientMessage(attach({ path: '/dev/../etc/passwd', dev: '1', ino: '2' }))).toThrow(/under \/dev\//);
    expect(() => parseClientMessage(attach({ path: '/dev/pts/1', dev: '-1', ino: '2' }))).toThrow(/decimal/);
    expect(() => parseClientMessage(attach({ path: '/dev/pts/1', dev: 1, ino: '2' }))).toThrow(/must be a string/);
    expect(() => parseClientMessage(attach('/dev/pts/1'))).toThrow(/output must be an object/);
  });

  it('takes the offer of the keyboard only as true or false, and the answer likewise', () => {
    const offer = { ...attach({ path: '/dev/pts/3', dev: '26', ino: '7' }), input: true };
    expect(parseClientMessage(offer)).toMatchObject({ t: 'attach', input: true });
    expect(parseClientMessage(attach(undefined))).toMatchObject({ t: 'attach', input: undefined });
    expect(() => parseClientMessage({ ...offer, input: 'yes' })).toThrow(/input must be true or false/);
    expect(parseServerMessage({ t: 'input', direct: false })).toEqual({ t: 'input', direct: false });
    expect(() => parseServerMessage({ t: 'input' })).toThrow(/direct must be true or false/);
  });

  it('reads the leave message of a client ending on a signal', () => {
    expect(parseClientMessage({ t: 'leave', reason: 'bye' })).toEqual({ t: 'leave', reason: 'bye' });
    expect(() => parseClientMessage({ t: 'leave' })).toThrow(/reason must be a string/);
  });

  it("reads open-host only with a host's name (never a path or an ssh option) and the workspaces there and here", () => {
    const open = { t: 'open-host', host: 'build1', workspace: 'fix-auth', from: 'main' };
    expect(parseServerMessage(open)).toEqual(open);
    for (const host of ['-oProxyCommand=x', 'a.b', 'a:b', '', 'x'.repeat(33)]) expect(() => parseServerMessage({ ...open, host })).toThrow(InvalidInput);
    expect(() => parseServerMessage({ ...open, workspace: 1 })).toThrow(/workspace must be a string/);
    expect(() => parseServerMessage({ t: 'open-host', host: 'build1', workspace: 'w' })).toThrow(/from must be a string/);
  });

  it('reads the attach offer to open hosts and the notice a client brings back', () => {
    const attach = { t: 'attach', protocol: 2, cols: 80, rows: 24, terminal: { term: 'xterm', colorTerm: '', insideMultiplexer: false } };
    expect(parseClientMessage({ ...attach, opensHosts: true, notice: 'build1: unreachable' })).toMatchObject({ opensHosts: true, notice: 'build1: unreachable' });
    expect(parseClientMessage(attach)).toMatchObject({ opensHosts: undefined, notice: undefined });
    expect(() => parseClientMessage({ ...attach, opensHosts: 'yes' })).toThrow(/opensHosts must be true or false/);
    expect(() => parseClientMessage({ ...attach, notice: 'x'.repeat(2000) })).toThrow(/notice is longer than/);
  });
});
