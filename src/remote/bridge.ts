// The far end of a host link: `tessera serve --stdio`, run by ssh on the other machine. It greets
// (version, protocol), waits for the client's one connect line, finds or starts this machine's
// server, then passes the socket protocol through unchanged in both directions. It never blocks:
// each side is paused while the other cannot take more, and it ends as soon as either side ends.

import type { Duplex, Readable, Writable } from 'node:stream';
import { MAX_BRIDGE_LINE_BYTES } from '../limits.js';
import { NoServerError } from '../client/errors.js';
import { type BridgeHello, type ConnectReply, helloLine, parseConnectRequest } from './bridgeWire.js';
import { FrameWatch } from './frameWatch.js';
import { LineBuffer } from './lineBuffer.js';

export interface BridgeOptions {
  input: Readable;
  output: Writable;
  hello: BridgeHello;
  /** This machine's server (started first when `start`). */
  connect(start: boolean): Promise<Duplex>;
  /** A line for stderr: ssh shows it on the client's side. */
  log(text: string): void;
}

/** Runs the bridge until either side ends; resolves with the exit status. */
export function runStdioBridge(options: BridgeOptions): Promise<number> {
  const { input, output, log } = options;
  return new Promise((resolve) => {
    const lines = new LineBuffer();
    let socket: Duplex | undefined;
    let done = false;
    const finish = (status: number, why?: string) => {
      if (done) return;
      done = true;
      if (why !== undefined) log(`tessera serve: ${why}`);
      input.off('data', onHandshake);
      input.destroy();
      socket?.destroy();
      // What was written still reaches ssh before the bridge exits (a refusal, the last frames).
      output.end(() => resolve(status));
    };

    const onHandshake = (chunk: Buffer) => {
      lines.feed(chunk);
      let line: string | undefined;
      try {
        line = lines.takeLine(MAX_BRIDGE_LINE_BYTES);
        if (line === undefined) return;
        input.off('data', onHandshake);
        input.pause();
        const request = parseConnectRequest(line);
        void connect(request.start);
      } catch (error) {
        finish(2, `the client sent no connect request: ${(error as Error).message}`);
      }
    };

    const reply = (answer: ConnectReply) => output.write(`${JSON.stringify(answer)}\n`);

    const connect = async (start: boolean) => {
      try {
        socket = await options.connect(start);
      } catch (error) {
        reply({ t: 'refused', reason: (error as Error).message, noServer: error instanceof NoServerError });
        return finish(1);
      }
      if (done) return;
      reply({ t: 'ready' });
      pipe(socket, lines.takeRest());
    };

    const pipe = (server: Duplex, early: Buffer) => {
      const watch = new FrameWatch();
      const toServer = (chunk: Buffer) => {
        try {
          watch.check(chunk);
        } catch (error) {
          return finish(2, `the client sent something that is not tessera's protocol (${(error as Error).message}); link closed`);
        }
        if (!server.write(chunk)) {
          input.pause();
          server.once('drain', () => input.resume());
        }
      };
      if (early.length > 0) toServer(early);
      input.on('data', toServer);
      input.once('end', () => server.end());
      input.resume();
      server.on('data', (chunk: Buffer) => {
        if (!output.write(chunk)) {
          server.pause();
          output.once('drain', () => server.resume());
        }
      });
      server.once('close', () => finish(0));
      server.once('error', () => finish(0));
    };

    input.on('data', onHandshake);
    input.once('end', () => {
      if (socket === undefined) finish(0); // only the greeting was wanted (tessera hosts)
    });
    input.once('error', () => finish(0));
    output.once('error', () => finish(0)); // the client's side is gone (ssh ended)
    output.write(helloLine(options.hello));
  });
}
