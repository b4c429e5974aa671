// tessera reads a few private fields of its pinned dependencies (for speed, or to avoid a blocking
// write) and its build patches three of Ink's modules. Each use has a fallback, so a dependency bump
// that moved one would silently take the slow path: this file fails instead, naming what moved.
// When it fails after an upgrade, look at the file named in the test's title.

import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import tty from 'node:tty';
import { describe, expect, it } from 'vitest';
import { spawnPty, outputEncoding } from '../../../src/pty/ptyProcess.js';
import { lineInternals, xtermLinkId, xtermLinkTarget } from '../../../src/term/xtermCell.js';
import { streamFd } from '../../../src/server/session/clientTerminal.js';
import { outerTerminal as createHeadlessTerminal } from '../term/xtermScreen.js';
import { ROOT } from './sourceImports.js';
import { execFileSync } from 'node:child_process';
import { SMALL_HEAP_REDUCER_FLAG } from '../../../src/boot/quietIdleHeap.js';
import { COMPACT_FLAG } from '../../../src/server/process/compactingCollection.js';

type Loose = Record<string, unknown> | undefined;
const field = (value: unknown, ...names: string[]): unknown =>
  names.reduce<unknown>((at, name) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[name] : undefined), value);

const write = (terminal: { write(data: string, done: () => void): void }, data: string): Promise<void> =>
  new Promise((resolve) => terminal.write(data, resolve));

describe('@xterm/headless internals', () => {
  it('src/term/xtermCell.ts: cell words, combined graphemes and OSC 8 links of a line', async () => {
    const terminal = createHeadlessTerminal(40, 5);
    await write(terminal, 'ab\x1b]8;;https://example.com/x\x07link\x1b]8;;\x07 e\u0301');
    const line = terminal.buffer.active.getLine(0);
    expect(line).toBeDefined();
    const inner = lineInternals(line!);
    expect(inner, 'BufferLineApiView._line with _data (Uint32Array) and _combined').toBeDefined();
    const linkId = xtermLinkId(line!.getCell(2)!);
    expect(linkId, 'the cell\'s extended.urlId').toBeGreaterThan(0);
    expect(xtermLinkTarget(terminal, linkId)?.uri, '_core._oscLinkService.getLinkData').toBe('https://example.com/x');
    terminal.dispose();
  });

  it('src/term/xtermCell.ts: DEC private modes and the mouse protocol', () => {
    const terminal = createHeadlessTerminal(40, 5);
    const modes = field(terminal, '_core', 'coreService', 'decPrivateModes') as Loose;
    for (const mode of ['synchronizedOutput', 'applicationCursorKeys', 'bracketedPasteMode']) expect(typeof modes?.[mode], `decPrivateModes.${mode}`).toBe('boolean');
    expect(typeof field(terminal, '_core', 'coreMouseService', 'activeProtocol'), '_core.coreMouseService.activeProtocol').toBe('string');
    terminal.dispose();
  });

  it('src/term/history/historyCapture.ts: the buffer service', () => {
    const terminal = createHeadlessTerminal(40, 5);
    const service = field(terminal, '_core', '_bufferService') as Loose;
    expect(typeof service?.scroll, '_bufferService.scroll').toBe('function');
    const normal = field(service, 'buffers', 'normal') as Loose;
    for (const name of ['ybase', 'ydisp', 'scrollTop']) expect(typeof normal?.[name], `buffers.normal.${name}`).toBe('number');
    const lines = field(normal, 'lines') as Loose;
    expect(typeof lines?.isFull).toBe('boolean');
    expect(typeof lines?.trimStart).toBe('function');
    expect(typeof lines?.onTrim).toBe('function');
    terminal.dispose();
  });
});

describe('node-pty and Node internals', () => {
  it('src/pty/ptyProcess.ts: output as bytes (the stream decoder removed) and the PTY descriptor', async () => {
    const pty = spawnPty({ file: '/bin/sh', args: ['-c', 'exit 0'], cwd: ROOT, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, cols: 80, rows: 24 });
    expect(outputEncoding(pty), 'the PTY socket\'s _readableState.decoder/encoding').toBeNull();
    await pty.exited;
  });

  it("src/pty/drainAtExit.ts: node-pty still ends a PTY's stream after an exit with the stream's own destroy()", () => {
    const require = createRequire(import.meta.url);
    const source = fs.readFileSync(path.join(path.dirname(require.resolve('@lydell/node-pty')), 'unixTerminal.js'), 'utf8');
    // The exit's timer destroys `_socket`, which drainAtExit turns into "read to the end first".
    expect(source).toMatch(/setTimeout\(function \(\) \{\s*timeout_1 = null;[^}]*_this\._socket\.destroy\(\);/);
  });

  it('src/server/session/directOutput.ts and clientTerminal.ts: a terminal stream\'s handle (fd, setBlocking)', async () => {
    // A real terminal to open: the far side of a PTY running a program that waits.
    const pty = spawnPty({ file: '/bin/sh', args: ['-c', 'tty; exec sleep 1000'], cwd: ROOT, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, cols: 80, rows: 24 });
    let output = '';
    pty.onData((data) => (output += data.toString()));
    const deadline = Date.now() + 10_000;
    while (!/\/dev\/\S+/.test(output) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const device = /\/dev\/\S+/.exec(output)?.[0];
    expect(device).toBeDefined();
    const fd = fs.openSync(device!, fs.constants.O_WRONLY | fs.constants.O_NOCTTY);
    const stream = new tty.WriteStream(fd);
    try {
      expect(typeof streamFd(stream), '_handle.fd').toBe('number');
      expect(typeof field(stream, '_handle', 'setBlocking'), '_handle.setBlocking').toBe('function');
    } finally {
      stream.destroy();
      await pty.terminate();
    }
  });
});

describe('what an upgrade reaches into (src/server/handover/)', () => {
  it("src/pty/ptyMaster.ts: the PTY stream's libuv handle stops and starts reading (readStop, readStart, reading)", async () => {
    const pty = spawnPty({ file: '/bin/sh', args: ['-c', 'exec sleep 1000'], cwd: ROOT, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, cols: 80, rows: 24 });
    try {
      const handle = field(pty, 'pty', '_socket', '_handle') as Loose;
      expect(typeof handle?.readStop, '_socket._handle.readStop').toBe('function');
      expect(typeof handle?.readStart, '_socket._handle.readStart').toBe('function');
      expect(pty.handover?.fd, 'the PTY descriptor').toBeGreaterThan(2);
    } finally {
      await pty.terminate();
    }
  });

  it("src/pty/descriptorResize.ts: node-pty's addon resizes a PTY by its descriptor", () => {
    const require = createRequire(import.meta.url);
    const { requireBinary } = require('@lydell/node-pty/requireBinary.js') as { requireBinary(file: string): Record<string, unknown> };
    expect(typeof requireBinary('pty.node').resize, "requireBinary('pty.node').resize").toBe('function');
  });

  it("src/term/screenExport.ts: the active buffer's scroll region", () => {
    const terminal = createHeadlessTerminal(40, 5);
    const buffer = field(terminal, '_core', '_bufferService', 'buffer') as Loose;
    expect(typeof buffer?.scrollTop, '_bufferService.buffer.scrollTop').toBe('number');
    expect(typeof buffer?.scrollBottom, '_bufferService.buffer.scrollBottom').toBe('number');
    terminal.dispose();
  });

  it("src/server/server.ts and connection.ts: a listening socket's descriptor, and a connection's handle that stops reading", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-internals-'));
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(dir, 's'), resolve));
    try {
      expect(typeof field(server, '_handle', 'fd'), 'net.Server _handle.fd').toBe('number');
      const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
      const client = net.createConnection(path.join(dir, 's'));
      const socket = await accepted;
      expect(typeof field(socket, '_handle', 'readStop'), 'net.Socket _handle.readStop').toBe('function');
      client.destroy();
      socket.destroy();
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('V8 flags set at run time', () => {
  // v8.setFlagsFromString takes an unknown flag without throwing and prints "unrecognized flag" on stderr:
  // the attached client's stderr is the user's terminal.
  it('src/boot/quietIdleHeap.ts, src/server/process/compactingCollection.ts: this Node knows them', () => {
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of [SMALL_HEAP_REDUCER_FLAG, COMPACT_FLAG]) expect(options, `--${flag}`).toContain(`--${flag} (`);
  });
});

describe("Ink modules the build replaces or patches (scripts/build.mjs)", () => {
  const ink = path.join(ROOT, 'node_modules/ink/build');
  const read = (file: string) => fs.readFileSync(path.join(ink, file), 'utf8');

  it('reconciler.js still has the two top-level awaits inkWithoutDevtools takes out', () => {
    const source = read('reconciler.js');
    expect(source).toContain("await import('./devtools.js');");
    expect(source).toContain('? await loadPackageJson()');
  });

  it("Ink still draws through './output.js' and measures with 'widest-line' (inkChromeOutput swaps both)", () => {
    const files = fs.readdirSync(ink).filter((f) => f.endsWith('.js'));
    expect(files.filter((f) => read(f).includes("from './output.js'"))).not.toEqual([]);
    expect(files.filter((f) => read(f).includes("from 'widest-line'"))).not.toEqual([]);
  });
});
