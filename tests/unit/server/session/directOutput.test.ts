// Frames written straight to a client's terminal: only to the very terminal the client named, and
// never blocking the server when that terminal does not read.

import fs from 'node:fs';
import pty from '@lydell/node-pty';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectOutput } from '../../../../src/server/session/directOutput.js';
import type { OutputTerminal } from '../../../../src/protocol/messages.js';

const opened: { kill(): void }[] = [];
afterEach(() => {
  for (const p of opened.splice(0)) p.kill();
});

/** A real terminal: a PTY whose program prints its terminal's name and waits; we read what reaches its master. */
async function terminal(): Promise<{ identity: OutputTerminal; received: () => string; pause(): void; resume(): void }> {
  const child = pty.spawn('/bin/sh', ['-c', 'tty; exec sleep 60'], { cols: 80, rows: 24 });
  opened.push(child);
  let output = '';
  child.onData((data) => (output += data));
  const deadline = Date.now() + 10_000;
  while (!/\/dev\/\S+\r?\n/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const path = /(\/dev\/\S+)/.exec(output)![1];
  output = '';
  const stat = fs.statSync(path, { bigint: true });
  return {
    identity: { path, dev: String(stat.dev), ino: String(stat.ino) },
    received: () => output,
    pause: () => child.pause(),
    resume: () => child.resume(),
  };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('DirectOutput', () => {
  it('writes to the terminal the client named', async () => {
    const t = await terminal();
    const output = DirectOutput.open(t.identity, (why) => expect.fail(why))!;
    output.write('frame-1\r\n');
    await until(() => t.received().includes('frame-1'));
    output.close();
    expect(output.usable).toBe(false);
  });

  it('refuses a terminal whose inode is not the one the client has', async () => {
    const t = await terminal();
    const reasons: string[] = [];
    expect(DirectOutput.open({ ...t.identity, ino: String(BigInt(t.identity.ino) + 1n) }, (why) => reasons.push(why))).toBeUndefined();
    expect(reasons[0]).toContain("is not the client's terminal");
  });

  it('refuses a device that is not a terminal', () => {
    const stat = fs.statSync('/dev/null', { bigint: true });
    const reasons: string[] = [];
    expect(DirectOutput.open({ path: '/dev/null', dev: String(stat.dev), ino: String(stat.ino) }, (why) => reasons.push(why))).toBeUndefined();
    expect(reasons).toHaveLength(1);
  });

  it('queues what a terminal that does not read cannot take, without blocking, and drains when it reads again', async () => {
    const t = await terminal();
    const output = DirectOutput.open(t.identity, (why) => expect.fail(why))!;
    t.pause();
    const line = `${'x'.repeat(999)}\n`;
    // 1 MB, far more than a terminal buffers: a blocking write would hang here, as nothing reads.
    for (let i = 0; i < 1000; i++) output.write(line);
    expect(output.backlog()).toBeGreaterThan(0);
    let drained = false;
    output.onceDrained(() => (drained = true));
    t.resume();
    await until(() => drained);
    expect(output.backlog()).toBe(0);
    output.close();
  });
});
