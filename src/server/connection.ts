// One socket connection: decodes frames, validates messages, and becomes either a control request
// or an attached client. A peer that sends garbage loses its own connection and nothing else.

import type net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { FrameDecoder, FrameType, encodeBytes, encodeJson } from '../protocol/framing.js';
import { parseClientMessage, type AttachMessage, type RequestMessage, type ServerMessage } from '../protocol/messages.js';
import type { ClientTransport } from './client/clientSession.js';

export interface ConnectionHandlers {
  request(message: RequestMessage): Promise<unknown>;
  /** Returns the function that receives this client's later input and resizes, or throws to refuse. */
  attach(message: AttachMessage, transport: ClientTransport): { input(data: string): void; resize(cols: number, rows: number): void; gone(): void };
  log(text: string): void;
}

export function handleConnection(socket: net.Socket, handlers: ConnectionHandlers): void {
  const decoder = new FrameDecoder();
  // Keeps a UTF-8 character that a client split across two input frames in one piece.
  const utf8 = new StringDecoder('utf8');
  let attached: ReturnType<ConnectionHandlers['attach']> | undefined;

  const send = (message: ServerMessage) => {
    if (!socket.destroyed) socket.write(encodeJson(message));
  };
  const transport: ClientTransport = {
    sendOutput: (bytes) => {
      if (!socket.destroyed) socket.write(encodeBytes(FrameType.Output, bytes));
    },
    backlog: () => socket.writableLength,
    onceDrained: (callback) => socket.once('drain', callback),
    end: (reason, exitCode) => {
      send({ t: 'end', reason, exitCode });
      socket.end();
    },
  };
  const drop = (why: string) => {
    handlers.log(`dropped a connection: ${why}`);
    socket.destroy();
  };

  socket.on('data', (chunk: Buffer) => {
    let frames;
    try {
      frames = decoder.feed(chunk);
    } catch (error) {
      drop((error as Error).message);
      return;
    }
    for (const frame of frames) {
      if (socket.destroyed) return;
      if (frame.type !== FrameType.Json) {
        if (frame.type === FrameType.Output) return drop('a client sent an output frame');
        if (!attached) return drop('input before attaching');
        attached.input(utf8.write(frame.data));
        continue;
      }
      let message;
      try {
        message = parseClientMessage(frame.message);
      } catch (error) {
        return drop(`invalid message: ${(error as Error).message}`);
      }
      if (message.t === 'request') {
        const id = message.id;
        handlers.request(message).then(
          (result) => send({ t: 'response', id, ok: true, result: result ?? null }),
          (error: Error) => send({ t: 'response', id, ok: false, error: error.message }),
        );
      } else if (message.t === 'attach') {
        if (attached) return drop('attached twice');
        try {
          attached = handlers.attach(message, transport);
        } catch (error) {
          transport.end(`[tessera: ${(error as Error).message}]`, 1);
        }
      } else if (message.t === 'resize') {
        if (!attached) return drop('resize before attaching');
        attached.resize(message.cols, message.rows);
      }
    }
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => attached?.gone());
}
