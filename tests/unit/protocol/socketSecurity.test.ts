// The socket checks shared by client and server, on a real filesystem: private directory, own socket,
// nothing that is not a socket ever used or replaced, a stale socket replaced only when proven dead.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ServerRunningError,
  SocketSecurityError,
  claimSocketPath,
  inspectSocketFile,
  listenPrivately,
  secureSocketDirectory,
} from '../../../src/protocol/socketSecurity.js';
import { scratch } from '../../helpers/scratch.js';

const temp = scratch('tessera-sec-');
const privateRoot = temp.dir;

/** A socket file that nothing accepts on: what a server killed with SIGKILL leaves behind. */
function staleSocket(socketPath: string): void {
  const script = `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`;
  spawnSync(process.execPath, ['-e', script]);
  expect(fs.lstatSync(socketPath).isSocket()).toBe(true);
}

describe('secureSocketDirectory', () => {
  it('creates the per-user directory private and accepts it', () => {
    const root = privateRoot();
    const env = { TESSERA_TMPDIR: path.join(root, 'run') };
    const socketPath = path.join(root, 'run', `tessera-${process.getuid?.() ?? 0}`, 'default');
    expect(secureSocketDirectory(socketPath, { create: false, env })).toBe('missing');
    expect(secureSocketDirectory(socketPath, { create: true, env })).toBe('ready');
    expect(fs.statSync(path.dirname(socketPath)).mode & 0o777).toBe(0o700);
  });

  it('makes the parents of a TESSERA_TMPDIR that does not exist yet private too', () => {
    const root = privateRoot();
    const env = { TESSERA_TMPDIR: path.join(root, 'a', 'b', 'run') };
    const socketPath = path.join(root, 'a', 'b', 'run', `tessera-${process.getuid?.() ?? 0}`, 'default');
    const previous = process.umask(0o022);
    try {
      expect(secureSocketDirectory(socketPath, { create: true, env })).toBe('ready');
    } finally {
      process.umask(previous);
    }
    for (const made of ['a', 'a/b', 'a/b/run']) expect((fs.statSync(path.join(root, made)).mode & 0o777).toString(8)).toBe('700');
  });

  it('refuses a directory others can enter, and says how to fix it', () => {
    const dir = path.join(privateRoot(), 'socks');
    fs.mkdirSync(dir, { mode: 0o700 });
    fs.chmodSync(dir, 0o750);
    expect(() => secureSocketDirectory(path.join(dir, 's'), { create: true })).toThrow(`can be entered by other users (mode 0750); make it private with: chmod 700 ${dir}`);
    fs.chmodSync(dir, 0o700);
    expect(secureSocketDirectory(path.join(dir, 's'), { create: true })).toBe('ready');
  });

  it('refuses a shared directory such as /tmp, a symbolic link, a file and a missing -S directory', () => {
    const root = privateRoot();
    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    expect(() => secureSocketDirectory(path.join(shared, 's'), { create: true })).toThrow(/is shared with other users \(mode 1777\); keep sockets in a directory of your own/);
    const real = path.join(root, 'real');
    fs.mkdirSync(real, { mode: 0o700 });
    const link = path.join(root, 'link');
    fs.symlinkSync(real, link);
    expect(() => secureSocketDirectory(path.join(link, 's'), { create: true })).toThrow(`is a symbolic link, which could lead anywhere; remove it (rm ${link})`);
    const file = path.join(root, 'file');
    fs.writeFileSync(file, 'x');
    expect(() => secureSocketDirectory(path.join(file, 's'), { create: true })).toThrow(/is not a directory/);
    expect(() => secureSocketDirectory(path.join(root, 'nope', 's'), { create: true })).toThrow(`mkdir -m 700 ${path.join(root, 'nope')}`);
  });
});

describe('inspectSocketFile', () => {
  it('refuses anything at the path that is not a socket, without touching it', () => {
    const root = privateRoot();
    const file = path.join(root, 'notes.txt');
    fs.writeFileSync(file, 'precious');
    const dir = path.join(root, 'dir');
    fs.mkdirSync(dir);
    const link = path.join(root, 'link');
    fs.symlinkSync(file, link);
    const fifo = path.join(root, 'fifo');
    spawnSync('mkfifo', [fifo]);
    for (const [target, kind] of [[file, 'a regular file'], [dir, 'a directory'], [link, 'a symbolic link'], [fifo, 'a named pipe']]) {
      expect(() => inspectSocketFile(target)).toThrow(SocketSecurityError);
      expect(() => inspectSocketFile(target)).toThrow(`${target} is ${kind}, not a tessera socket; tessera will not use or replace it`);
    }
    expect(fs.readFileSync(file, 'utf8')).toBe('precious');
    expect(inspectSocketFile(path.join(root, 'absent'))).toEqual({ kind: 'absent' });
  });
});

describe('claimSocketPath and listenPrivately', () => {
  it('replaces a socket nothing accepts on, and refuses one a live server answers', async () => {
    const socketPath = path.join(privateRoot(), 's');
    staleSocket(socketPath);
    expect(await claimSocketPath(socketPath)).toEqual({ replacedStale: true });
    expect(fs.existsSync(socketPath)).toBe(false);
    const server = temp.keep(net.createServer());
    await listenPrivately(server, socketPath);
    await expect(claimSocketPath(socketPath)).rejects.toThrow(ServerRunningError);
    expect(fs.lstatSync(socketPath).isSocket()).toBe(true);
  });

  it('binds the socket private even under umask 000 (never made private afterwards)', async () => {
    const socketPath = path.join(privateRoot(), 's');
    const previous = process.umask(0);
    try {
      const server = temp.keep(net.createServer());
      const listening = listenPrivately(server, socketPath);
      // Already private at the instant listen() returns, before any callback could chmod it.
      expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
      await listening;
      expect(process.umask()).toBe(0); // the caller's umask is given back
    } finally {
      process.umask(previous);
    }
  });
});
