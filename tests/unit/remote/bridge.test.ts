// The bridge's end of a host link, with a real socket server standing in for tessera's.

import net from 'node:net';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NoServerError } from '../../../src/client/errors.js';
import { FrameDecoder, FrameType, encodeJson } from '../../../src/protocol/framing.js';
import { runStdioBridge } from '../../../src/remote/bridge.js';
import { HELLO_PREFIX, parseHello } from '../../../src/remote/bridgeWire.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-bridge-');
const hello = { bridge: 1, version: '0.1.0', protocol: 2, cwd: '/home/me', hostname: 'build1', socket: '/tmp/x/default' };

/** A server that answers each JSON frame with { echo } and remembers what it was sent. */
async function echoServer(): Promise<{ socketPath: string; received: unknown[]; server: net.Server }> {
  const socketPath = path.join(tmp.dir(), 's');
  const received: unknown[] = [];
  const server = tmp.keep(
    net.createServer((socket) => {
      const decoder = new FrameDecoder();
      socket.on('data', (chunk) => {
        for (const frame of decoder.feed(chunk)) {
          if (frame.type !== FrameType.Json) continue;
          received.push(frame.message);
          socket.write(encodeJson({ echo: frame.message }));
        }
      });
      socket.on('end', () => socket.end());
    }),
  );
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return { socketPath, received, server };
}

function collect(stream: PassThrough): { text: () => string; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { text: () => Buffer.concat(chunks).toString('utf8'), bytes: () => Buffer.concat(chunks) };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('tessera serve --stdio', () => {
  it('greets, connects when asked, then passes frames both ways', async () => {
    const { socketPath, received } = await echoServer();
    const input = new PassThrough();
    const output = new PassThrough();
    const out = collect(output);
    const starts: boolean[] = [];
    const done = runStdioBridge({ input, output, hello, log: () => {}, connect: (start) => (starts.push(start), Promise.resolve(net.createConnection(socketPath))) });
    await until(() => out.text().includes('\n'));
    expect(parseHello(out.text().split('\n')[0].slice(HELLO_PREFIX.length))).toEqual(hello);
    // The connect line and the first frame in one chunk: the frame is not lost behind the line.
    input.write(Buffer.concat([Buffer.from('{"t":"connect","start":true}\n'), encodeJson({ t: 'request', id: 7 })]));
    await until(() => received.length === 1);
    expect(starts).toEqual([true]);
    expect(received).toEqual([{ t: 'request', id: 7 }]);
    const ready = '{"t":"ready"}\n';
    const framesBack = () => new FrameDecoder().feed(out.bytes().subarray(out.bytes().indexOf(ready) + ready.length));
    await until(() => framesBack().length === 1);
    expect(framesBack()).toEqual([{ type: FrameType.Json, message: { echo: { t: 'request', id: 7 } } }]);
    input.end();
    expect(await done).toBe(0);
  });

  it('says there is no server (and exits) when asked not to start one', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const out = collect(output);
    const done = runStdioBridge({ input, output, hello, log: () => {}, connect: () => Promise.reject(new NoServerError('no server running (-L default)')) });
    input.write('{"t":"connect","start":false}\n');
    expect(await done).toBe(1);
    expect(out.text().split('\n')[1]).toBe('{"t":"refused","reason":"no server running (-L default)","noServer":true}');
  });

  it('ends with a message, sending nothing on, when the other side speaks something else', async () => {
    const { socketPath, received } = await echoServer();
    const logged: string[] = [];
    const input = new PassThrough();
    const output = new PassThrough();
    collect(output);
    const done = runStdioBridge({ input, output, hello, log: (t) => logged.push(t), connect: () => Promise.resolve(net.createConnection(socketPath)) });
    input.write('{"t":"connect","start":true}\n');
    input.write('GET / HTTP/1.1\r\n\r\n');
    expect(await done).toBe(2);
    expect(logged.join('')).toMatch(/not tessera's protocol/);
    expect(received).toEqual([]);
  });

  it('refuses a first line that is not a connect request, and a line without end', async () => {
    for (const sent of ['hello there\n', 'x'.repeat(20_000)]) {
      const input = new PassThrough();
      const output = new PassThrough();
      collect(output);
      const logged: string[] = [];
      const done = runStdioBridge({ input, output, hello, log: (t) => logged.push(t), connect: () => Promise.reject(new Error('must not connect')) });
      input.write(sent);
      expect(await done).toBe(2);
      expect(logged.join('')).toMatch(/no connect request/);
    }
  });

  it('ends when only the greeting was wanted (the other side closed)', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    collect(output);
    const done = runStdioBridge({ input, output, hello, log: () => {}, connect: () => Promise.reject(new Error('must not connect')) });
    input.end();
    expect(await done).toBe(0);
  });

  it('holds the server back while the link does not take more, instead of buffering without end', async () => {
    const socketPath = path.join(tmp.dir(), 's');
    let serverSide: net.Socket | undefined;
    const server = tmp.keep(net.createServer((socket) => (serverSide = socket)));
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    const input = new PassThrough();
    let written = 0;
    // A link that takes the greeting and the answer, then nothing more.
    const stuck = new Writable({ highWaterMark: 1024, write: (chunk: Buffer, _e, done) => ((written += chunk.length), written < 200 ? done() : undefined) });
    void runStdioBridge({ input, output: stuck, hello, log: () => {}, connect: () => Promise.resolve(net.createConnection(socketPath)) });
    input.write('{"t":"connect","start":true}\n');
    await until(() => serverSide !== undefined);
    const frame = encodeJson({ t: 'output', text: 'x'.repeat(64 << 10) });
    let sent = 0;
    // The server writes until its own socket refuses more: the bridge stopped reading it.
    while (serverSide!.write(frame)) sent += frame.length;
    await until(() => serverSide!.writableLength > 0);
    expect(sent).toBeLessThan(64 << 20);
    expect(stuck.writableLength).toBeLessThan(4 << 20);
    serverSide!.destroy();
    input.destroy();
  });
});
