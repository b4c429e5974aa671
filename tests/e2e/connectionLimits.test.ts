// No peer can make the server hold memory or descriptors without bound: half-sent frames time out,
// a client that does not read its answers is dropped, too many connections are refused with a
// message, and every failure a user can meet is one line, never a stack trace.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_MESSAGE_TIMEOUT_MS, FRAME_READ_TIMEOUT_MS, MAX_CONNECTIONS, MAX_PENDING_FRAME_BYTES } from '../../src/limits.js';
import { encodeJson } from '../../src/protocol/framing.js';
import { TesseraSandbox, eventually } from '../helpers/outerTerminal.js';
import { rssBytes } from '../helpers/processMemory.js';

const MB = 1 << 20;

let sandbox: TesseraSandbox;
let sockets: net.Socket[] = [];
beforeEach(() => {
  sandbox = new TesseraSandbox();
});
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets = [];
  await sandbox.cleanup();
});

async function startServer(): Promise<{ pid: number; socketPath: string }> {
  await sandbox.cliOk(['new', '-d']);
  return JSON.parse(await sandbox.cliOk(['server-info', '--json'])) as { pid: number; socketPath: string };
}

/** Samples a process's resident memory until stopped; returns the highest value seen. */
function sampleRss(pid: number): { stop(): number } {
  let peak = rssBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssBytes(pid));
    },
  };
}

function connect(socketPath: string, options: { allowHalfOpen?: boolean } = {}): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ path: socketPath, ...options }, () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

const closed = (socket: net.Socket) => socket.destroyed || socket.readableEnded;

/** Sends one request and waits for its answer: the connection then stays open, idle, for as long as it likes. */
function answered(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    socket.once('data', () => resolve());
    socket.write(encodeJson({ t: 'request', id: 1, command: 'server-info', args: {} }));
  });
}

/** Everything the server sends until it ends its side. */
function readToEnd(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.once('end', () => resolve(text));
  });
}

/** How many sockets process `pid` holds open. */
function socketDescriptors(pid: number): number {
  let count = 0;
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) count += 1;
    } catch {
      // closed while we looked
    }
  }
  return count;
}

function oneLine(stderr: string): void {
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('bounded connections', () => {
  it('drops half-sent frames: memory stays bounded and a stalled frame times out', async () => {
    const { pid, socketPath } = await startServer();
    const before = rssBytes(pid);
    const memory = sampleRss(pid);
    // 40 connections each announce a 15 MB frame and send 8 MB of it: 320 MB if the server kept it all.
    const peers = await Promise.all(Array.from({ length: 40 }, () => connect(socketPath)));
    const header = Buffer.alloc(5);
    header.writeUInt32BE(15 * MB, 0);
    header.writeUInt8(1, 4);
    const part = Buffer.alloc(8 * MB, 0x61);
    for (const peer of peers) {
      peer.on('error', () => undefined);
      peer.write(header);
      peer.write(part);
    }
    const heldAtMost = Math.ceil(MAX_PENDING_FRAME_BYTES / (8 * MB)) + 1;
    await eventually(() => peers.filter((p) => p.writableLength === 0 || closed(p)).length, (n) => n === peers.length, 60_000);
    expect(peers.filter((p) => !closed(p)).length).toBeLessThanOrEqual(heldAtMost);
    // The rest are dropped once their frame stays incomplete past the read deadline.
    await eventually(() => peers.filter((p) => !closed(p)).length, (n) => n === 0, FRAME_READ_TIMEOUT_MS + 30_000);
    const peak = memory.stop();
    console.log(`half-sent frames: server RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB (320 MB sent)`);
    expect(peak - before).toBeLessThan(MAX_PENDING_FRAME_BYTES + 120 * MB);
    expect((await sandbox.cliOk(['ls'])).length).toBeGreaterThan(0); // still serving
  });

  it('drops a control client that pipelines requests and never reads the answers', async () => {
    const { pid, socketPath } = await startServer();
    const before = rssBytes(pid);
    const memory = sampleRss(pid);
    const peer = await connect(socketPath);
    peer.pause(); // never reads
    peer.on('error', () => undefined);
    const request = (id: number) => encodeJson({ t: 'request', id, command: 'list-panes', args: {} });
    const batch = Buffer.concat(Array.from({ length: 100_000 }, (_, i) => request(i)));
    peer.write(batch);
    const gone = new Promise<void>((resolve) => peer.on('close', () => resolve()));
    // Meanwhile the server answers everyone else.
    expect((await sandbox.cli(['ls'])).code).toBe(0);
    await Promise.race([gone, new Promise((_, reject) => setTimeout(() => reject(new Error('the non-reading client was not dropped')), 60_000))]);
    const peak = memory.stop();
    console.log(`non-reading client: server RSS ${Math.round(before / MB)} MB before, peak ${Math.round(peak / MB)} MB`);
    expect(peak - before).toBeLessThan(120 * MB);
    expect(fs.readFileSync(`${socketPath}.log`, 'utf8')).toMatch(/dropped a connection: it does not read its answers/);
  });

  it('refuses connections past the cap with a clear message, and a connection that never speaks', async () => {
    const { socketPath } = await startServer();
    const idle = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => connect(socketPath)));
    for (const socket of idle) socket.on('error', () => undefined);
    const refused = await sandbox.cli(['ls']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^tessera: the server already has ${MAX_CONNECTIONS} connections open; close some clients or scripts and try again`));
    oneLine(refused.stderr);
    // Connections that never say what they want are closed after a while, freeing their places.
    await eventually(() => idle.filter((s) => !closed(s)).length, (n) => n === 0, FIRST_MESSAGE_TIMEOUT_MS + 30_000);
    expect((await sandbox.cli(['ls'])).code).toBe(0);
  });

  it('lets go of a connection past the cap within a moment, even when the peer never closes its end', async () => {
    const { pid, socketPath } = await startServer();
    // Every place taken by a connection that asked once (so none is closed for never speaking).
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => connect(socketPath)));
    await Promise.all(held.map((socket) => answered(socket)));
    const before = socketDescriptors(pid);
    // Peers past the cap that read the refusal but keep their own end open: each is closed by the server
    // after REFUSED_CONNECTION_CLOSE_MS (1 s), not held until the peer closes.
    const over = await Promise.all(Array.from({ length: 20 }, () => connect(socketPath, { allowHalfOpen: true })));
    const refusals = await Promise.all(over.map((socket) => readToEnd(socket)));
    for (const text of refusals) expect(text).toContain(`the server already has ${MAX_CONNECTIONS} connections open`);
    expect(over.filter((socket) => socket.destroyed)).toEqual([]); // still open here: only the server can have let go
    await eventually(() => socketDescriptors(pid), (n) => n <= before);
  });

  it('says in one line when the server is out of file descriptors', async () => {
    // A running server's descriptor limit lowered, then every descriptor taken by idle peers.
    const { pid, socketPath } = await startServer();
    execFileSync('prlimit', ['--pid', String(pid), '--nofile=64:64']);
    const peers: net.Socket[] = [];
    for (let i = 0; i < 70; i++) {
      const peer = await connect(socketPath);
      peer.on('error', () => undefined);
      peers.push(peer);
    }
    const result = await sandbox.cli(['ls']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^tessera: the server closed the connection/);
    oneLine(result.stderr);
    for (const peer of peers) peer.destroy();
    await eventually(() => sandbox.cli(['ls']), (r) => r.code === 0);
  });
});
