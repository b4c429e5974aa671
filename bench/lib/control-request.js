// One control request to a tessera server over its socket ([u32 length][u8 type 1 = JSON][payload]),
// for the tools that drive a server directly.

import net from 'node:net';

/**
 * @param {string} socketPath
 * @param {string} command
 * @param {Record<string, unknown>} args
 * @param {string} cwd
 * @returns {Promise<any>} the answer's result; rejects with the server's error
 */
export function controlRequest(socketPath, command, args, cwd) {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const payload = Buffer.from(JSON.stringify({ t: 'request', id: 1, command, args, cwd }));
    const header = Buffer.alloc(5);
    header.writeUInt32BE(payload.length, 0);
    header.writeUInt8(1, 4);
    let received = Buffer.alloc(0);
    socket.on('connect', () => socket.write(Buffer.concat([header, payload])));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 5 || received.length < 5 + received.readUInt32BE(0)) return;
      const answer = JSON.parse(received.subarray(5, 5 + received.readUInt32BE(0)).toString());
      socket.end();
      if (answer.ok) resolve(answer.result);
      else reject(new Error(answer.error ?? answer.reason));
    });
    socket.on('error', reject);
  });
}
