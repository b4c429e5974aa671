// After a crash, the first command starts a new server, which replaces the socket the dead one left:
// when that happens between checking the socket and connecting, the client looks again instead of
// failing (it did, after `kill -9`), and still never uses a socket it did not check.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectReplaceable } from '../../../src/client/connect.js';
import { inspectSocketFile } from '../../../src/protocol/socketSecurity.js';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(socketPath: string, onData: (data: Buffer) => void = () => undefined): Promise<net.Server> {
  const server = net.createServer((connection) => connection.on('data', onData));
  servers.push(server);
  return new Promise((resolve) => server.listen(socketPath, () => resolve(server)));
}

describe('connectReplaceable', () => {
  it('gives up on a socket replaced since it was checked without sending anything, and connects once it is checked again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-replaced-'));
    const socketPath = path.join(dir, 's');
    const dead = await listen(socketPath);
    const checked = inspectSocketFile(socketPath);
    await new Promise((resolve) => dead.close(resolve));
    // A file made first takes the inode the dead socket freed, so the new socket cannot reuse it.
    fs.writeFileSync(path.join(dir, 'taken'), '');
    const received: Buffer[] = [];
    await listen(socketPath, (data) => received.push(data));

    expect(inspectSocketFile(socketPath)).not.toEqual(checked);
    const stale = await connectReplaceable(socketPath, checked);
    stale?.destroy();
    expect(stale).toBeUndefined();
    const socket = await connectReplaceable(socketPath, inspectSocketFile(socketPath));
    expect(socket).toBeInstanceOf(net.Socket);
    socket?.destroy();
    expect(received).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
