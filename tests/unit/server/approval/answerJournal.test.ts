// The answer log: one JSON line per answer, read back oldest first across a rotation, capped like the server
// log, and a record only: a write that fails is reported once and never stops an answer.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerLogEntry } from '../../../../src/commands/approvals.js';
import { ANSWER_LOG_FILE, AnswerJournal } from '../../../../src/server/approval/answerJournal.js';
import { scratch } from '../../../helpers/scratch.js';

const temp = scratch('tessera-answers-');

const entry = (n: number, over: Partial<AnswerLogEntry> = {}): AnswerLogEntry => ({
  time: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
  workspace: 'w',
  pane: 3,
  agent: 'helper',
  questionId: `abcdef-${n}`,
  question: `Allow this command? touch ${n} (y/n)`,
  answer: 'allow',
  origin: 'inbox',
  client: 'client 1 on /dev/pts/4',
  ...over,
});

describe('answer log', () => {
  it('appends one JSON line per answer in the state directory (made 0700 when missing), the file 0600', () => {
    const state = path.join(temp.dir(), 'servers', 'default');
    const journal = new AnswerJournal(state);
    journal.append(entry(1));
    journal.append(entry(2, { answer: 'deny', origin: 'command', client: 'tessera deny' }));
    const file = path.join(state, ANSWER_LOG_FILE);
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l) as AnswerLogEntry)).toEqual([entry(1), entry(2, { answer: 'deny', origin: 'command', client: 'tessera deny' })]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(state).mode & 0o777).toBe(0o700);
    expect(journal.read()).toEqual({ log: [entry(1), entry(2, { answer: 'deny', origin: 'command', client: 'tessera deny' })], file, unreadable: 0 });
  });

  it('is rotated past its cap, one older part kept, and read back oldest first across both', () => {
    const state = temp.dir();
    const journal = new AnswerJournal(state, undefined, 4096);
    for (let n = 0; n < 200; n++) journal.append(entry(n));
    const file = path.join(state, ANSWER_LOG_FILE);
    expect(fs.statSync(file).size).toBeLessThanOrEqual(4096);
    expect(fs.statSync(`${file}.1`).size).toBeLessThanOrEqual(4096);
    expect(fs.statSync(`${file}.1`).mode & 0o777).toBe(0o600);
    const { log, unreadable } = journal.read();
    expect(unreadable).toBe(0);
    // What is kept is the newest answers, in order, ending with the last one.
    const numbers = log.map((e) => Number(e.questionId.split('-')[1]));
    expect(numbers.at(-1)).toBe(199);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    expect(numbers.length).toBeGreaterThan(10);
  });

  it('keeps a long question to a bounded line', () => {
    const journal = new AnswerJournal(temp.dir());
    journal.append(entry(1, { question: 'q'.repeat(50_000) }));
    const [kept] = journal.read().log;
    expect(kept.question.length).toBeLessThan(1100);
    expect(kept.question.endsWith('…')).toBe(true);
  });

  it('skips and counts lines that are not entries; a line cut short by a crash does not swallow the first entry of the next server', () => {
    const state = temp.dir();
    new AnswerJournal(state).append(entry(1));
    fs.appendFileSync(path.join(state, ANSWER_LOG_FILE), '{"time":"2025-01-01T00:00:00Z","pane":"x"}\nnot json\n{"time');
    const journal = new AnswerJournal(state); // the next server
    journal.append(entry(2));
    const read = journal.read();
    expect(read.log.map((e) => e.questionId)).toEqual(['abcdef-1', 'abcdef-2']);
    expect(read.unreadable).toBe(3);
  });

  it('a write that fails never throws: it is reported once, and the next write that works clears it', () => {
    const root = temp.dir();
    const blocked = path.join(root, 'blocked');
    fs.writeFileSync(blocked, ''); // a file where the state directory should be
    const said: string[] = [];
    const journal = new AnswerJournal(blocked, (text) => said.push(text));
    expect(() => journal.append(entry(1))).not.toThrow();
    expect(() => journal.append(entry(2))).not.toThrow();
    expect(journal.problem).toContain(`the answer log ${path.join(blocked, ANSWER_LOG_FILE)} could not be written`);
    expect(said).toHaveLength(1);
    fs.rmSync(blocked);
    journal.append(entry(3));
    expect(journal.problem).toBeUndefined();
    expect(journal.read().log.map((e) => e.questionId)).toEqual(['abcdef-3']);
  });

  it('never writes through a symbolic link put where the log goes', () => {
    const state = temp.dir();
    const elsewhere = path.join(temp.dir(), 'elsewhere');
    fs.writeFileSync(elsewhere, 'untouched\n');
    fs.symlinkSync(elsewhere, path.join(state, ANSWER_LOG_FILE));
    const journal = new AnswerJournal(state);
    journal.append(entry(1));
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe('untouched\n');
    expect(journal.problem).toContain('could not be written');
  });
});
