// One socket connection: decodes frames, validates messages, and becomes either a control request
// or an attached client. A peer that sends garbage, stalls mid-frame, never says what it wants, or
// does not read its answers loses its own connection and nothing else.

import type net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { CONTROL_BACKLOG_BYTES, FIRST_MESSAGE_TIMEOUT_MS, FRAME_READ_TIMEOUT_MS, MAX_REQUESTS_IN_FLIGHT, REFUSED_CONNECTION_CLOSE_MS, REQUEST_OUTPUT_BACKLOG_BYTES } from '../../limits.js';
import { FrameDecoder, FrameType, encodeBytes, encodeJson } from '../../protocol/framing.js';
import { parseClientMessage, type AttachMessage, type RequestMessage, type ServerMessage } from '../../protocol/messages.js';
import type { ClientTransport } from '../session/sessionHost.js';
import type { ConnectionBudget } from './connectionBudget.js';
import { DirectInput } from '../session/directInput.js';
import { DirectOutput } from '../session/directOutput.js';
import type { EventReader } from '../events/eventStream.js';
import { requestOutput } from './requestOutput.js';
import { RESTORE_SEQUENCE } from '../../term/terminalModes.js';

export interface ConnectionHandlers {
  request(message: RequestMessage, io: RequestIo): Promise<unknown>;
  /** Returns the function that receives this client's later input and resizes, or throws to refuse. */
  attach(message: AttachMessage, transport: ClientTransport): { input(data: string): void; resize(cols: number, rows: number): void; gone(): void };
  /** Subscribes `reader` to the event stream (replaying what came after `since`); returns how to stop. */
  events(since: number | undefined, reader: EventReader): () => void;
  log(text: string): void;
}

/** What a request has of its connection besides its message. */
export interface RequestIo {
  /** When the client asked for it (`stream`): sends output of the running request before its answer. */
  output?: (text: string) => void;
  /** Aborted when the client is gone before the answer (Ctrl-C on the command line, a closed viewer). */
  gone: AbortSignal;
}

/** What the server can still do with a connection it handles. */
export interface ConnectionControl {
  /**
   * The socket, let go with nothing read from it, when nothing came on it yet (an upgrade passes it
   * to the new server, which reads it from its first byte); undefined once anything did.
   */
  letGoUnread(): net.Socket | undefined;
}

const NOTHING_TO_LET_GO: ConnectionControl = { letGoUnread: () => undefined };

export function handleConnection(socket: net.Socket, handlers: ConnectionHandlers, budget: ConnectionBudget): ConnectionControl {
  if (!budget.admit()) {
    refuse(socket, `the server already has ${budget.maxConnections} connections open; close some clients or scripts and try again`, budget);
    handlers.log(`refused a connection: ${budget.maxConnections} are open already`);
    return NOTHING_TO_LET_GO;
  }
  const decoder = new FrameDecoder();
  // Keeps a UTF-8 character that a client split across two input frames in one piece.
  const utf8 = new StringDecoder('utf8');
  let attached: ReturnType<ConnectionHandlers['attach']> | undefined;
  let heldBytes = 0;
  let inFlight = 0;
  // The first message must come soon; later, a frame that has started must finish soon.
  let deadline: ReturnType<typeof setTimeout> | undefined = setTimeout(() => drop('it sent nothing it wanted'), FIRST_MESSAGE_TIMEOUT_MS);
  let framesSeen = false;
  let unsubscribe: (() => void) | undefined;
  /** One per request under way: aborted when the connection closes before its answer. */
  const pending = new Set<AbortController>();

  const send = (message: ServerMessage) => {
    if (socket.destroyed) return;
    socket.write(encodeJson(message));
    if (!attached && socket.writableLength > CONTROL_BACKLOG_BYTES) drop(`it does not read its answers (${socket.writableLength} bytes queued)`);
  };
  // Frames go straight to the client's terminal when it told us which one that is (and it checks out),
  // otherwise through the socket; the JSON messages always take the socket.
  let direct: DirectOutput | undefined;
  const directOutput = () => (direct?.usable ? direct : undefined);
  /** The client was told to end (it restores its terminal itself then). */
  let toldToEnd = false;
  // Keys read from the client's terminal by the server itself, when the client offered it (its own
  // decoder: a character split across two reads stays in one piece).
  let directKeys: DirectInput | undefined;
  const keysUtf8 = new StringDecoder('utf8');
  const transport: ClientTransport = {
    sendOutput: (bytes) => {
      const terminal = directOutput();
      if (terminal) terminal.write(bytes);
      else if (!socket.destroyed) socket.write(encodeBytes(FrameType.Output, bytes));
    },
    backlog: () => directOutput()?.backlog() ?? socket.writableLength,
    route: () => ({ frames: directOutput() ? 'terminal' : 'socket', keys: directKeys?.usable ? 'terminal' : 'socket' }),
    onceDrained: (callback) => {
      const terminal = directOutput();
      if (terminal) terminal.onceDrained(callback);
      else socket.once('drain', callback);
    },
    end: (reason, exitCode) => {
      // Nothing more reaches the terminal, and no key is read from it, once the client is told to restore it.
      toldToEnd = true;
      directKeys?.close();
      direct?.close();
      send({ t: 'end', reason, exitCode });
      socket.end();
    },
    openHost: (target) => send({ t: 'open-host', ...target }),
  };
  const drop = (why: string) => {
    if (socket.destroyed) return;
    handlers.log(`dropped a connection: ${why}`);
    socket.destroy();
  };
  const watchIncompleteFrame = () => {
    const pending = decoder.pendingBytes;
    if (!budget.holdPending(heldBytes, pending)) {
      heldBytes = pending;
      return drop(`incomplete frames of all connections passed ${budget.maxPendingBytes} bytes`);
    }
    heldBytes = pending;
    if (!framesSeen) return;
    if (pending === 0) {
      clearTimeout(deadline);
      deadline = undefined;
    } else deadline ??= setTimeout(() => drop(`a frame stayed incomplete for ${FRAME_READ_TIMEOUT_MS} ms`), FRAME_READ_TIMEOUT_MS);
  };
  const request = (message: RequestMessage) => {
    const id = message.id;
    // A client that pipelines requests faster than they are answered waits in its own socket buffer.
    if (++inFlight >= MAX_REQUESTS_IN_FLIGHT) socket.pause();
    const output = message.stream
      ? requestOutput((text) => send({ t: 'output', id, text }), () => socket.writableLength, REQUEST_OUTPUT_BACKLOG_BYTES)
      : undefined;
    const gone = new AbortController();
    pending.add(gone);
    handlers
      .request(message, { output, gone: gone.signal })
      .then(
        (result) => send({ t: 'response', id, ok: true, result: result ?? null }),
        (error: Error) => send({ t: 'response', id, ok: false, error: error.message }),
      )
      .finally(() => {
        pending.delete(gone);
        if (--inFlight < MAX_REQUESTS_IN_FLIGHT && !socket.destroyed) socket.resume();
      });
  };

  socket.on('data', (chunk: Buffer) => {
    let frames;
    try {
      frames = decoder.feed(chunk);
    } catch (error) {
      drop((error as Error).message);
      return;
    }
    if (frames.length > 0 && !framesSeen) {
      framesSeen = true;
      clearTimeout(deadline);
      deadline = undefined;
    }
    watchIncompleteFrame();
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
        request(message);
      } else if (message.t === 'attach') {
        if (attached) return drop('attached twice');
        if (message.output) direct = DirectOutput.open(message.output, (why) => handlers.log(`frames for a client go through its socket: ${why}`));
        try {
          attached = handlers.attach(message, transport);
        } catch (error) {
          transport.end(`[tessera: ${(error as Error).message}]`, 1);
        }
        if (message.input && attached && !socket.destroyed) {
          const session = attached;
          // Only where the frames go straight to the terminal too: keys and frames share the terminal the client named.
          if (directOutput() && message.output) {
            directKeys = DirectInput.open(message.output, (data) => session.input(keysUtf8.write(data)), (why) => handlers.log(`keys of a client come through its socket: ${why}`));
          }
          send({ t: 'input', direct: directKeys !== undefined });
        }
      } else if (message.t === 'events') {
        if (attached || unsubscribe) return drop('subscribed to events while attached or subscribed already');
        unsubscribe = handlers.events(message.since, {
          started: (start) => send({ t: 'events-start', ...start }),
          // Written straight to the socket (never waits); the stream drops a reader whose backlog grows too large.
          write: (event) => {
            if (!socket.destroyed) socket.write(encodeJson({ t: 'event', event } satisfies ServerMessage));
          },
          backlog: () => socket.writableLength,
          drop,
          end: (reason) => {
            send({ t: 'end', reason: `[tessera: ${reason}]`, exitCode: 0 });
            socket.end();
          },
        });
      } else if (message.t === 'leave') {
        if (!attached) return drop('leave before attaching');
        transport.end(message.reason, 1);
      } else if (message.t === 'resize') {
        if (!attached) return drop('resize before attaching');
        attached.resize(message.cols, message.rows);
      }
    }
  });
  const onError = () => socket.destroy();
  const onClose = () => {
    directKeys?.close();
    // A client gone without being told to end (SIGKILL, a crash) left its terminal in tessera's modes: the
    // alternate screen, mouse reports on. The server writes to that terminal itself, so it puts them back.
    if (attached && !toldToEnd) direct?.writeLastAndClose(RESTORE_SEQUENCE);
    else direct?.close();
    clearTimeout(deadline);
    budget.holdPending(heldBytes, 0);
    budget.release();
    unsubscribe?.();
    attached?.gone();
    for (const request of pending) request.abort();
  };
  socket.on('error', onError);
  socket.on('close', onClose);
  return {
    letGoUnread() {
      if (socket.destroyed || socket.bytesRead > 0 || !stopReading(socket)) return undefined;
      socket.removeAllListeners('data');
      socket.off('error', onError);
      socket.off('close', onClose);
      clearTimeout(deadline);
      budget.release();
      return socket;
    },
  };
}

/** Stops taking bytes from the socket at its descriptor (what arrives stays in the kernel); false if it cannot. */
function stopReading(socket: net.Socket): boolean {
  const handle = (socket as unknown as { _handle?: { readStop?: () => number; reading?: boolean } | null })._handle;
  if (!handle || typeof handle.readStop !== 'function') return false;
  handle.readStop();
  // Marked as reading, so the stream does not start it again by itself (net.js looks at this flag).
  handle.reading = true;
  return true;
}

/**
 * Tells a connection why it cannot stay (both control commands and attaching clients print it), then lets go of the connection: once the peer has read it and closed its end, or after
 * REFUSED_CONNECTION_CLOSE_MS, never later (end() alone kept the descriptor until the peer closed,
 * so refused peers could hold every descriptor). What the peer sends meanwhile is read and dropped:
 * closing with it unread would reset the connection before the peer read the reason. Past
 * MAX_REFUSED_CONNECTIONS_CLOSING of them at once, a refused connection is closed without a word.
 */
function refuse(socket: net.Socket, reason: string, budget: ConnectionBudget): void {
  socket.on('error', () => socket.destroy());
  if (!budget.holdRefused()) {
    socket.destroy();
    return;
  }
  const timer = setTimeout(() => socket.destroy(), REFUSED_CONNECTION_CLOSE_MS);
  socket.once('close', () => {
    clearTimeout(timer);
    budget.releaseRefused();
  });
  socket.on('end', () => socket.destroy());
  socket.resume();
  socket.end(encodeJson({ t: 'end', reason: `[tessera: ${reason}]`, exitCode: 1 } satisfies ServerMessage));
}
