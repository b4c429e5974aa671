// The attached client: raw terminal in, frames out (or neither, where the server reads and writes the
// terminal itself). It draws nothing itself and always restores the terminal on the way out,
// whatever ends the session.

import type { Duplex } from 'node:stream';
import { FrameDecoder, FrameType, encodeBytes, encodeJson } from '../protocol/framing.js';
import { PROTOCOL_VERSION, parseServerMessage, type AttachMessage, type OpenHostMessage } from '../protocol/messages.js';
import { ENTER_SEQUENCE, RESTORE_SEQUENCE } from '../term/terminalModes.js';
import { keyboardIsTerminal, outputTerminal } from './outputTerminal.js';
import { LEAVE_TIMEOUT_MS } from '../limits.js';
import { visibleText } from '../term/visibleText.js';
import { ConnectionError } from './errors.js';

export interface AttachOptions {
  /** This client's tessera version (told to the server). */
  version?: string;
  workspace?: string;
  /** The pane of `workspace` to focus (a host's question the local inbox opened). */
  pane?: number;
  createCwd?: string;
  env: NodeJS.ProcessEnv;
  /** The server is on another machine (-H): it can neither write this terminal nor read its keys itself. */
  remote?: boolean;
  /** The server refused the attach (`reason`): true when the caller deals with it, and the reason is not printed. */
  refused?: (reason: string) => boolean;
  /**
   * This client can leave to show another machine's workspace (the server's `open-host`): only a view
   * of this machine's server says so; a host's server is never obeyed in that.
   */
  opensHosts?: boolean;
  /** A line for the server to show in the status bar at once (why the client is back from a host's view). */
  notice?: string;
  /** The reason the session ended is not printed: the caller shows it (AttachEnd.reason). */
  quiet?: boolean;
}

/** How a session ended: its exit status, and the link's error when the link broke under it. */
export interface AttachEnd {
  code: number;
  /** The connection failed (a link to another machine broke) rather than the server ending the session. */
  lost: ConnectionError | undefined;
  /** Why it ended, as the server said it (or the client saw it). */
  reason: string;
  /** The server asked this client to show another machine's workspace (only when it offered to: `opensHosts`). */
  open?: HostView;
}

/** A host's workspace to show, and the workspace of this machine to come back to. */
export type HostView = Omit<OpenHostMessage, 't'>;

/** Runs until the session ends; resolves with the exit code and prints why it ended. */
export async function runAttachedClient(socket: Duplex, options: AttachOptions): Promise<number> {
  return (await runAttachedSession(socket, options)).code;
}

/** runAttachedClient, saying also how the session ended (for a view that reconnects). */
export function runAttachedSession(socket: Duplex, options: AttachOptions): Promise<AttachEnd> {
  const stdin = process.stdin;
  const stdout = process.stdout;
  return new Promise((resolve) => {
    const decoder = new FrameDecoder();
    let finished = false;
    let open: HostView | undefined;
    const opensHosts = options.opensHosts === true && options.remote !== true;

    const finish = (reason: string, code: number, lost?: ConnectionError, quiet = false) => {
      if (finished) return;
      finished = true;
      stdout.off('resize', onResize);
      stdin.off('data', onInput);
      for (const signal of ['SIGHUP', 'SIGTERM'] as const) process.off(signal, onSignal);
      try {
        if (stdin.isTTY) stdin.setRawMode(false);
      } catch {
        // the terminal is gone (SIGHUP): nothing to restore
      }
      stdin.pause();
      socket.destroy();
      writeSafely(RESTORE_SEQUENCE);
      // The server's reason can quote a workspace's folder or an error from outside.
      // Leaving for a host's view says nothing here: the next screen follows at once.
      if (!quiet && !options.quiet && open === undefined) writeSafely(`${visibleText(reason, { lines: true })}\n`);
      resolve({ code, lost, reason, ...(open === undefined ? {} : { open }) });
    };

    const writeSafely = (text: string) => {
      try {
        stdout.write(text);
      } catch {
        // stdout closed under us; the session still ends cleanly
      }
    };

    const onInput = (data: Buffer) => {
      socket.write(encodeBytes(FrameType.Input, data));
    };
    // The client relays the keys unless the server reads them from the terminal itself.
    let relaying = false;
    const relayKeys = () => {
      if (relaying || finished) return;
      relaying = true;
      stdin.resume();
      stdin.on('data', onInput);
    };
    const onResize = () => {
      socket.write(encodeJson({ t: 'resize', cols: stdout.columns || 80, rows: stdout.rows || 24 }));
    };
    // The server may be writing frames to this terminal itself: it must stop before the terminal is
    // restored, so the client asks it to let go and restores when it answers (or soon anyway).
    const onSignal = (signal: NodeJS.Signals) => {
      const reason = `[tessera: client ended by ${signal}; your panes keep running]`;
      if (!output || socket.destroyed) return finish(reason, 1);
      socket.write(encodeJson({ t: 'leave', reason }));
      setTimeout(() => finish(reason, 1), LEAVE_TIMEOUT_MS).unref();
    };

    socket.on('data', (chunk: Buffer) => {
      let frames;
      try {
        frames = decoder.feed(chunk);
      } catch (error) {
        finish(`[tessera: the server sent something unreadable: ${(error as Error).message}]`, 1);
        return;
      }
      for (const frame of frames) {
        if (frame.type === FrameType.Output) {
          if (!stdout.write(frame.data)) {
            // The terminal (or the SSH link behind it) is slower than the server: hold the server back.
            socket.pause();
            stdout.once('drain', () => socket.resume());
          }
          continue;
        }
        if (frame.type !== FrameType.Json) continue;
        try {
          const message = parseServerMessage(frame.message);
          if (message.t === 'end') finish(message.reason, message.exitCode, undefined, options.refused?.(message.reason) ?? false);
          else if (message.t === 'input' && !message.direct) relayKeys();
          // Only a client that offered to; its `end` follows (and a host's server is never offered it).
          else if (message.t === 'open-host' && opensHosts) {
            open = { host: message.host, workspace: message.workspace, from: message.from, ...(message.pane === undefined ? {} : { pane: message.pane }) };
          }
        } catch (error) {
          finish(`[tessera: unexpected message from the server: ${(error as Error).message}]`, 1);
        }
      }
    });
    socket.on('error', (error) => finish(`[tessera: lost the server: ${error.message}]`, 1, error instanceof ConnectionError ? error : undefined));
    socket.on('close', () => finish('[tessera: the server went away]', 1));

    // The terminal's modes are set before the server may write its first frame to it directly, and
    // raw mode too: the server asks the terminal things at once, and an answer that met a terminal
    // still echoing would be printed on the screen behind tessera's back (a loaded machine can stop
    // this process between sending the hello and the next line).
    stdin.setRawMode(true);
    stdout.write(ENTER_SEQUENCE);
    const output = options.remote ? undefined : outputTerminal(options.env);
    // Offered, the keyboard is not read here before the server's answer: a key read by both, or
    // relayed after one the server read later, would arrive twice or out of order.
    const offerKeyboard = output !== undefined && keyboardIsTerminal(output, options.env);
    const hello: AttachMessage = {
      t: 'attach',
      protocol: PROTOCOL_VERSION,
      version: options.version,
      workspace: options.workspace,
      ...(options.pane === undefined ? {} : { pane: options.pane }),
      createCwd: options.createCwd,
      cols: stdout.columns || 80,
      rows: stdout.rows || 24,
      terminal: {
        term: options.env.TERM ?? '',
        colorTerm: options.env.COLORTERM ?? '',
        insideMultiplexer: Boolean(options.env.TMUX || options.env.STY),
      },
      output,
      input: offerKeyboard || undefined,
      opensHosts: opensHosts || undefined,
      notice: options.notice,
    };
    socket.write(encodeJson(hello));
    if (!offerKeyboard) relayKeys();
    stdout.on('resize', onResize);
    for (const signal of ['SIGHUP', 'SIGTERM'] as const) process.on(signal, onSignal);
  });
}
