import { describe, expect, it } from 'vitest';
import { HELLO_PREFIX, helloLine, parseConnectReply, parseConnectRequest, parseHello } from '../../../src/remote/bridgeWire.js';

const hello = { bridge: 1, version: '0.1.0', protocol: 2, cwd: '/home/me', hostname: 'build1', socket: '/tmp/tessera-1000/default' };

describe('the bridge handshake', () => {
  it('reads back the greeting it writes', () => {
    const line = helloLine(hello);
    expect(line.startsWith(HELLO_PREFIX) && line.endsWith('\n')).toBe(true);
    expect(parseHello(line.slice(HELLO_PREFIX.length, -1))).toEqual(hello);
  });

  it('refuses a greeting whose fields a terminal would act on, or that are not what they claim', () => {
    const bad = [
      { ...hello, hostname: 'build1\x1b]52;c;aGk=\x07' },
      { ...hello, cwd: 'relative/path' },
      { ...hello, cwd: '/home/\x9bme' },
      { ...hello, version: '1.0 ; rm -rf' },
      { ...hello, version: 'x'.repeat(65) },
      { ...hello, protocol: 2.5 },
      { ...hello, protocol: '2' },
      { ...hello, socket: undefined },
    ];
    for (const value of bad) expect(() => parseHello(JSON.stringify(value)), JSON.stringify(value)).toThrow();
    expect(() => parseHello('{not json')).toThrow(/not JSON/);
    expect(() => parseHello('[]')).toThrow();
  });

  it('reads the connect request and its answers, nothing else', () => {
    expect(parseConnectRequest('{"t":"connect","start":true}')).toEqual({ t: 'connect', start: true });
    expect(() => parseConnectRequest('{"t":"connect","start":"yes"}')).toThrow();
    expect(() => parseConnectRequest('{"t":"attach"}')).toThrow();
    expect(parseConnectReply('{"t":"ready"}')).toEqual({ t: 'ready' });
    expect(parseConnectReply('{"t":"refused","reason":"no server running (-L default)","noServer":true}')).toEqual({ t: 'refused', reason: 'no server running (-L default)', noServer: true });
    expect(() => parseConnectReply('{"t":"refused","reason":"\\u001b[2J","noServer":false}')).toThrow(/control/);
    expect(() => parseConnectReply('{"t":"ok"}')).toThrow();
  });
});
