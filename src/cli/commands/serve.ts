// tessera serve --stdio: this machine's server over stdin/stdout, for another machine's tessera that
// reaches this one through ssh (`tessera -H HOST …` runs `ssh HOST tessera serve --stdio`).

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import type { Writable } from 'node:stream';
import { UsageError, boolFlag } from '../../commands/argParser.js';
import { connectOrStartServer, connectToServer } from '../../client/connect.js';
import { BRIDGE_VERSION } from '../../remote/bridgeWire.js';
import { runStdioBridge } from '../../remote/bridge.js';
import { PROTOCOL_VERSION } from '../../protocol/messages.js';
import { VERSION } from '../../version.js';
import type { CliCommand } from '../command.js';

export const serve: CliCommand = {
  name: 'serve',
  usage: `tessera serve --stdio

  Speaks this machine's server protocol over stdin and stdout, for tessera on another machine:
  'tessera -H HOST COMMAND' runs 'ssh HOST tessera serve --stdio' (see 'tessera help remote').
  It greets with its version and protocol, starts the server when the other side asks (as any
  command here would), then passes messages through until either side ends. Not for typing.`,
  flags: [{ name: 'stdio' }],
  async run(args, ctx) {
    if (!boolFlag(args, 'stdio')) throw new UsageError('serve speaks only over stdin and stdout: tessera serve --stdio');
    return runStdioBridge({
      input: process.stdin,
      output: nonBlockingStdout(),
      hello: { bridge: BRIDGE_VERSION, version: VERSION, protocol: PROTOCOL_VERSION, cwd: ctx.cwd, hostname: os.hostname(), socket: ctx.socketPath },
      connect: (start) => (start ? connectOrStartServer(ctx.socketPath, ctx.env) : connectToServer(ctx.socketPath, ctx.serverLabel, ctx.env)),
      log: (text) => ctx.err(`${text}\n`),
    });
  },
};

/**
 * stdout as a stream whose writes never wait: node writes to a pipe synchronously on Linux, so a
 * slow link would stop the bridge (and the frames coming the other way) until it drained.
 */
function nonBlockingStdout(): Writable {
  const stat = fs.fstatSync(1);
  if (stat.isFIFO() || stat.isSocket()) return new net.Socket({ fd: 1, readable: false, writable: true });
  return process.stdout;
}
