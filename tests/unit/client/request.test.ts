// A control command's request: the answer ends the connection from the client's side, so the
// command can exit without waiting for a busy server to close its end.

import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandError } from '../../../src/client/errors.js';
import { sendRequest } from '../../../src/client/request.js';
import { FrameDecoder, FrameType, encodeJson } from '../../../src/protocol/framing.js';
import { scratch } from '../../helpers/scratch.js';

const temp = scratch('tessera-request-');

/**
 * A server that answers every request with `answer` and then never closes the connection itself
 * (a half-open socket, as a server busy elsewhere would leave it); `ended` resolves when the client's side ends.
 */
async function answeringServer(answer: (id: number) => unknown): Promise<{ socketPath: string; ended: Promise<void> }> {
  const socketPath = path.join(temp.dir(), 's');
  let onEnd!: () => void;
  const ended = new Promise<void>((resolve) => (onEnd = resolve));
  const server = temp.keep(
    net.createServer({ allowHalfOpen: true }, (socket) => {
      const decoder = new FrameDecoder();
      socket.on('data', (chunk) => {
        for (const frame of decoder.feed(chunk)) {
          if (frame.type === FrameType.Json) socket.write(encodeJson(answer((frame.message as { id: number }).id)));
        }
      });
      socket.on('error', () => {});
      socket.on('end', onEnd);
    }),
  );
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return { socketPath, ended };
}

async function connect(socketPath: string): Promise<net.Socket> {
  const socket = net.createConnection(socketPath);
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

describe('sendRequest', () => {
  it('resolves with the result and closes the connection without waiting for the server', async () => {
    const { socketPath, ended } = await answeringServer((id) => ({ t: 'response', id, ok: true, result: { id: 7 } }));
    const socket = await connect(socketPath);
    await expect(sendRequest(socket, 'split', {}, { cwd: '/' })).resolves.toEqual({ id: 7 });
    expect(socket.destroyed).toBe(true);
    await ended;
  });

  it('rejects with the server’s error, also closing the connection', async () => {
    const { socketPath, ended } = await answeringServer((id) => ({ t: 'response', id, ok: false, error: 'no pane 9' }));
    const socket = await connect(socketPath);
    const answer = sendRequest(socket, 'split', { pane: 9 }, { cwd: '/' });
    await expect(answer).rejects.toBeInstanceOf(CommandError);
    await expect(answer).rejects.toThrow('no pane 9');
    expect(socket.destroyed).toBe(true);
    await ended;
  });
});
