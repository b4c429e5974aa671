// Ids of the questions agents ask: unique on this server ("3fa9c2-17", see src/protocol/questionId.ts), and not
// reused by the next server started on the same socket, so an id a script (or a later inbox) kept never names
// another question.

import { randomBytes } from 'node:crypto';

/** Random per server process: an id of an earlier server matches one of this server's by one chance in 16 million. */
const SERVER_TAG = randomBytes(3).toString('hex');
let counter = 0;

export function newQuestionId(): string {
  counter += 1;
  return `${SERVER_TAG}-${counter}`;
}
