// Sends one control command to the server and waits for its answer (and, when asked, prints what it
// outputs while it runs).

import type { Duplex } from 'node:stream';
import { FrameDecoder, FrameType, encodeJson } from '../protocol/framing.js';
import { parseServerMessage } from '../protocol/messages.js';

import { CommandError, ConnectionError, describeConnectionError } from './errors.js';

export function sendRequest(
  socket: Duplex,
  command: string,
  args: Record<string, unknown>,
  context: { cwd: string; callerPane?: string; onOutput?: (text: string) => void },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const decoder = new FrameDecoder();
    const id = 1;
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of decoder.feed(chunk)) {
          if (frame.type !== FrameType.Json) continue;
          const message = parseServerMessage(frame.message);
          if (message.t === 'output' && message.id === id) {
            context.onOutput?.(message.text);
          } else if (message.t === 'response' && message.id === id) {
            // Closed at once rather than ended: ending waits for the server to close its side, which
            // a server busy with what the command started (a split's new shell, say) does only
            // tens of milliseconds later, and the command would not exit until then.
            socket.destroy();
            if (message.ok) resolve(message.result);
            else reject(new CommandError(message.error));
          } else if (message.t === 'end') {
            // The server refused the connection itself (e.g. too many connections) and said why.
            fail(new CommandError(message.reason.replace(/^\[tessera: (.*)\]$/s, '$1')));
          }
        }
      } catch (error) {
        fail(new ConnectionError(`the server sent something unreadable: ${(error as Error).message}`));
      }
    });
    // A link to another machine says itself what broke; a socket's error is told from its code.
    socket.once('error', (error) => fail(error instanceof ConnectionError ? error : describeConnectionError(error, 'the socket')));
    socket.once('close', () => reject(new ConnectionError('the server closed the connection without answering (it may be stopping, overloaded or out of file descriptors); try again')));
    const stream = context.onOutput === undefined ? {} : { stream: true };
    socket.write(encodeJson({ t: 'request', id, command, args, cwd: context.cwd, callerPane: context.callerPane, ...stream }));
  });
}
