// tessera events: subscribes to the server's event stream and prints each event until interrupted
// (or until the server stops or drops this reader, which it says, with the --since to go on from).

import type { Duplex } from 'node:stream';
import { boolFlag } from '../../commands/argParser.js';
import type { CliCommand, CliContext } from '../command.js';
import { EVENTS_USAGE, eventLine, eventsFlags, missedLine, sinceFlag } from '../../commands/events.js';
import { FrameDecoder, FrameType, encodeJson } from '../../protocol/framing.js';
import { parseServerMessage } from '../../protocol/messages.js';
import { ConnectionError } from '../../client/errors.js';

export const events: CliCommand = {
  name: 'events',
  usage: EVENTS_USAGE,
  flags: eventsFlags,
  async run(args, ctx) {
    const since = sinceFlag(args);
    const json = boolFlag(args, 'json');
    const socket = await ctx.connect(false);
    return follow(socket, since, json, ctx);
  },
};

function follow(socket: Duplex, since: number | undefined, json: boolean, ctx: CliContext): Promise<number> {
  return new Promise((resolve) => {
    const decoder = new FrameDecoder();
    let last = since;
    let done = false;
    let started = false;
    const finish = (status: number, why?: string) => {
      if (done) return;
      done = true;
      if (why !== undefined) ctx.err(`tessera: ${why}\n`);
      socket.destroy();
      resolve(status);
    };
    const resume = () => (last === undefined ? '' : `; 'tessera events --since ${last}' goes on from the last event read`);
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of decoder.feed(chunk)) {
          if (frame.type !== FrameType.Json) continue;
          const message = parseServerMessage(frame.message);
          if (message.t === 'events-start') {
            started = true;
            last ??= message.next - 1;
            const missed = missedLine(message, json);
            if (missed !== undefined) (json ? ctx.out : ctx.err)(missed);
          } else if (message.t === 'event') {
            last = message.event.seq;
            ctx.out(eventLine(message.event, json));
          } else if (message.t === 'end') {
            finish(message.exitCode, message.reason.replace(/^\[tessera: (.*)\]$/s, '$1'));
          }
        }
      } catch (error) {
        finish(1, `the server sent something unreadable: ${(error as Error).message}`);
      }
    });
    // A link to another machine says what broke (ssh killed, the link cut); a local socket's error is only its end.
    socket.on('error', (error) => finish(1, `${error instanceof ConnectionError ? error.message : 'the connection to the server failed'}${resume()}`));
    socket.on('close', () => {
      // A server from before the event stream refuses the subscription: it closes without starting it.
      if (!started) finish(1, `the server closed the connection without starting the event stream (a server older than this client, which has no event stream? 'tessera server-info' shows its version)`);
      else finish(1, `the server ended the event stream (it stopped, or this reader fell behind)${resume()}`);
    });
    socket.write(encodeJson({ t: 'events', ...(since === undefined ? {} : { since }) }));
  });
}
