// The answer log: every answer written to a pane (from the approval bar, the inbox, a batch allow, or
// approve / deny / abort) appended as one JSON line to answers.jsonl in the server's state directory,
// size-capped like the server log (cappedFile.ts). Logging is a record, never a gate: a write that
// fails leaves the answer given, is reported once (server-info, the server log), and is tried again at
// the next answer.

import fs from 'node:fs';
import path from 'node:path';
import type { AnswerLogEntry, AnswerVia } from '../../commands/approvals.js';
import { ANSWER_LOG_MAX_BYTES, ANSWER_LOG_MAX_QUESTION_CHARS } from '../../limits.js';
import { InvalidInput, int, oneOf, record, str } from '../../protocol/validate.js';
import { openCappedFile, type CappedFile } from '../cappedFile.js';

export const ANSWER_LOG_FILE = 'answers.jsonl';

const VIA: readonly AnswerVia[] = ['approval bar', 'inbox', 'inbox batch', 'command'];
const ANSWERS = ['allow', 'deny', 'abort'] as const;

export interface AnswerLogRead {
  log: AnswerLogEntry[];
  file: string;
  unreadable: number;
  problem?: string;
}

export class AnswerJournal {
  readonly file: string;
  readonly rotatedFile: string;
  private out: CappedFile | undefined;
  /** Why the latest write failed (cleared by the next one that works): for server-info. */
  problem: string | undefined;

  constructor(
    stateDir: string,
    /** The server log: a failure is said there once, not at every answer. */
    private readonly log: (text: string) => void = () => undefined,
    private readonly maxBytes = ANSWER_LOG_MAX_BYTES,
  ) {
    this.file = path.join(stateDir, ANSWER_LOG_FILE);
    this.rotatedFile = `${this.file}.1`;
  }

  /** Appends one entry; never throws. */
  append(entry: AnswerLogEntry): void {
    const question = entry.question.length > ANSWER_LOG_MAX_QUESTION_CHARS ? `${entry.question.slice(0, ANSWER_LOG_MAX_QUESTION_CHARS)}…` : entry.question;
    try {
      let line = `${JSON.stringify({ ...entry, question })}\n`;
      if (!this.out) {
        this.out = this.open();
        // A line cut short (a full disk, a crash mid-write) must not swallow the next entry.
        if (!endsWithNewline(this.file)) line = `\n${line}`;
      }
      this.out.append(Buffer.from(line, 'utf8'));
      this.problem = undefined;
    } catch (error) {
      // A descriptor that failed (a full disk, a file removed) is opened afresh next time.
      this.out = undefined;
      const problem = `the answer log ${this.file} could not be written (answers are still given): ${(error as Error).message}`;
      if (this.problem === undefined) this.log(problem);
      this.problem = problem;
    }
  }

  /** Every entry kept, oldest first; lines that are not entries are counted, never fatal. */
  read(): AnswerLogRead {
    const result: AnswerLogRead = { log: [], file: this.file, unreadable: 0, ...(this.problem ? { problem: this.problem } : {}) };
    for (const file of [this.rotatedFile, this.file]) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') result.problem = `the answer log ${file} could not be read: ${(error as Error).message}`;
        continue;
      }
      for (const line of text.split('\n')) {
        if (line === '') continue;
        try {
          result.log.push(parseEntry(JSON.parse(line)));
        } catch {
          result.unreadable++;
        }
      }
    }
    return result;
  }

  private open(): CappedFile {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    return openCappedFile(this.file, this.rotatedFile, this.maxBytes);
  }
}

/** The file is empty or its last byte ends a line. */
function endsWithNewline(file: string): boolean {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    const size = fs.fstatSync(fd).size;
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

/** An entry read back: the file is ours, but anything could have been written into it. */
function parseEntry(value: unknown): AnswerLogEntry {
  const f = record(value, 'an entry');
  const entry: AnswerLogEntry = {
    time: str(f.time, 'time', 64),
    workspace: str(f.workspace, 'workspace'),
    pane: int(f.pane, 'pane', 0, Number.MAX_SAFE_INTEGER),
    agent: str(f.agent, 'agent'),
    questionId: str(f.questionId, 'questionId', 64),
    question: str(f.question, 'question', ANSWER_LOG_MAX_QUESTION_CHARS + 1),
    answer: oneOf(f.answer, 'answer', ANSWERS),
    origin: oneOf(f.origin, 'origin', VIA),
    client: str(f.client, 'client'),
  };
  if (Number.isNaN(Date.parse(entry.time))) throw new InvalidInput('time must be a date');
  return entry;
}
