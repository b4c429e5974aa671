// A hook's output streamed from its log: only this run's bytes, whole characters, and a middle that
// is too large for one look skipped with a note (the log keeps it); a reader that falls behind
// misses pieces and is told how much.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STACK_HOOK_STREAM_BYTES } from '../../../src/limits.js';
import { LogStream } from '../../../src/server/stack/logStream.js';
import { requestOutput } from '../../../src/server/connections/requestOutput.js';
import { scratch } from '../../helpers/scratch.js';

const tmp = scratch('tessera-logstream-');

describe('LogStream', () => {
  it('sends what the log gained since the run began, keeping a character split between two writes whole', () => {
    const log = path.join(tmp.dir(), 'hook-seed.log');
    fs.writeFileSync(log, 'an earlier run\n--- header\n');
    const sent: string[] = [];
    const stream = new LogStream(log, fs.statSync(log).size, (text) => sent.push(text));
    const euro = Buffer.from('€');
    fs.appendFileSync(log, Buffer.concat([Buffer.from('price: '), euro.subarray(0, 1)]));
    stream.look();
    fs.appendFileSync(log, Buffer.concat([euro.subarray(1), Buffer.from('5\n')]));
    stream.end();
    expect(sent.join('')).toBe('price: €5\n');
    expect(sent.every((piece) => !piece.includes('\uFFFD'))).toBe(true);
  });

  it('skips the middle of more than one look may send, and says so', () => {
    const log = path.join(tmp.dir(), 'hook-e2e.log');
    fs.writeFileSync(log, '');
    const sent: string[] = [];
    const stream = new LogStream(log, 0, (text) => sent.push(text));
    fs.appendFileSync(log, 'a'.repeat(100) + 'b'.repeat(STACK_HOOK_STREAM_BYTES));
    stream.end();
    expect(sent[0]).toContain(`[tessera: 100 bytes of output skipped here (more than one look may send); the whole is in ${log}]`);
    expect(sent.slice(1).join('')).toBe('b'.repeat(STACK_HOOK_STREAM_BYTES));
  });
});

describe('requestOutput', () => {
  it('skips pieces while the reader is behind, then says how much it missed', () => {
    const written: string[] = [];
    let backlog = 0;
    const output = requestOutput((text) => written.push(text), () => backlog, 100);
    output('one\n');
    backlog = 500;
    output('lost\n');
    output('also lost\n');
    backlog = 0;
    output('two\n');
    expect(written).toEqual(['one\n', '\n[tessera: 15 characters of output skipped here: this reader fell behind; the whole is in the log]\n', 'two\n']);
  });
});
