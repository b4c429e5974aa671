// The server log cannot fill a disk: it is rotated past its cap (one older part kept), long messages
// are cut, and output printed by anything in the process goes through the same cap.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openServerLog } from '../../../src/server/process/serverLog.js';
import { scratch } from '../../helpers/scratch.js';

const temp = scratch('tessera-log-');

function logFiles(): { log: string; rotated: string } {
  const root = temp.dir();
  return { log: path.join(root, 's.log'), rotated: path.join(root, 's.log.1') };
}

describe('server log', () => {
  it('never grows past its cap: 50 MB of messages leave at most two capped files', () => {
    const { log, rotated } = logFiles();
    const serverLog = openServerLog(log, rotated, { maxBytes: 256 << 10, maxLineBytes: 1024 });
    const line = 'x'.repeat(500);
    for (let written = 0; written < 50 << 20; written += 500) serverLog.message(line);
    expect(fs.statSync(log).size).toBeLessThanOrEqual(256 << 10);
    expect(fs.statSync(rotated).size).toBeLessThanOrEqual(256 << 10);
    expect(fs.statSync(rotated).size).toBeGreaterThan(200 << 10);
    expect(fs.statSync(rotated).mode & 0o777).toBe(0o600);
    serverLog.message('the latest');
    expect(fs.readFileSync(log, 'utf8').trimEnd().endsWith('the latest')).toBe(true);
  });

  it('cuts one huge message and says how much was left out', () => {
    const { log, rotated } = logFiles();
    const serverLog = openServerLog(log, rotated, { maxBytes: 1 << 20, maxLineBytes: 100 });
    serverLog.write('y'.repeat(10_000));
    const text = fs.readFileSync(log, 'utf8');
    expect(text).toBe(`${'y'.repeat(100)} … (9900 more bytes not logged)\n`);
  });

  it('keeps writing through another append-mode descriptor after a rotation (the one the server was started with)', () => {
    const { log, rotated } = logFiles();
    const inherited = fs.openSync(log, 'a', 0o600);
    const serverLog = openServerLog(log, rotated, { maxBytes: 1000, maxLineBytes: 1000 });
    serverLog.write('a'.repeat(900));
    serverLog.write('b'.repeat(200)); // rotates: the file is truncated in place
    fs.writeSync(inherited, 'crash report\n');
    fs.closeSync(inherited);
    expect(fs.readFileSync(log, 'utf8')).toBe(`${'b'.repeat(200)}crash report\n`);
    expect(fs.readFileSync(rotated, 'utf8')).toBe('a'.repeat(900));
  });
});
