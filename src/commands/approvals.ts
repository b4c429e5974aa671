// tessera approvals: every question agents wait on, across all workspaces (the inbox's rows), or with
// --log the answers given (the answer log: from the approval bar, the inbox, approve / deny / abort).

import { boolFlag } from './argParser.js';
import { ANSWER_LOG_MAX_BYTES } from '../limits.js';
import { terminalJson, visibleText } from '../term/visibleText.js';
import { ageText } from './ageText.js';
import { defineCommand } from './contract.js';
import { jsonFlag } from './targets.js';

export interface ApprovalsArgs {
  /** The answer log instead of the questions waiting now. */
  log?: boolean;
}

/** One question waiting for an answer. */
export interface WaitingQuestion {
  /** Its id (`approve --question ID` answers this one and no other). */
  id: string;
  workspace: string;
  pane: number;
  agent: string;
  /** When it started waiting (ISO 8601) and for how long, in seconds. */
  askedAt: string;
  ageSeconds: number;
  /** What the agent asks, exactly as read off its screen (or from its notification). */
  question: string;
  /** The host of the `hosts` setting it waits on (its server reached by an attached server's link); absent: this machine. */
  host?: string;
}

/** Where an answer came from. */
export type AnswerVia = 'approval bar' | 'inbox' | 'inbox batch' | 'command';

/** One answer, as the answer log keeps it (one JSON line each). */
export interface AnswerLogEntry {
  /** When it was written to the pane (ISO 8601). */
  time: string;
  workspace: string;
  pane: number;
  agent: string;
  questionId: string;
  question: string;
  answer: 'allow' | 'deny' | 'abort';
  origin: AnswerVia;
  /** Which client answered ("client 2 on /dev/pts/4"), or which command ("tessera approve", "… in pane 3"). */
  client: string;
}

export type ApprovalsResult =
  | { waiting: WaitingQuestion[] }
  | {
      /** Oldest first: the rotated part's entries, then the current file's. */
      log: AnswerLogEntry[];
      file: string;
      /** Lines that are not entries (a write cut short by a full disk): skipped, counted. */
      unreadable: number;
      /** Why the log could not be read or written, if it could not. */
      problem?: string;
    };

export const approvals = defineCommand<ApprovalsArgs, ApprovalsResult>({
  name: 'approvals',
  summary: 'list every question agents wait on (all workspaces), or the answers given (--log)',
  usage: `tessera approvals [--json]
       tessera approvals --log [--json]

  Lists every question an agent waits on, in every open workspace, oldest first: its id, the
  workspace, the pane, the agent, how long it has waited, and the exact question. The same list
  as the inbox (prefix i). Answer one with 'tessera approve|deny|abort -t PANE --question ID'.
  Questions on other machines (listed once a client is attached and their link is up) come after,
  as HOST:WORKSPACE:PANE (JSON: a "host" field); answer them with 'tessera -H HOST approve …'.

  --log   the answer log instead: every answer given (approval bar, inbox, batch allow, approve /
          deny / abort), oldest first, with its time, workspace, pane, agent, question id and
          text, the answer, and where it came from (which client, or the command). The log is
          answers.jsonl in the server's state directory, one JSON object a line, kept under
          ${ANSWER_LOG_MAX_BYTES >> 10} KB (then moved to answers.jsonl.1, the older copy replaced).
  --json  the list as JSON`,
  flags: [jsonFlag, { name: 'log' }],
  fromCli: (args) => (boolFlag(args, 'log') ? { log: true } : {}),
  parse: (fields) => (fields.log === true ? { log: true } : {}),
  print(result, args, output) {
    const json = boolFlag(args, 'json');
    if ('waiting' in result) {
      if (json) output.out(`${terminalJson(result.waiting)}\n`);
      else output.out(result.waiting.length === 0 ? 'no question is waiting\n' : result.waiting.map(questionLine).join(''));
      return;
    }
    if (json) output.out(`${terminalJson(result.log)}\n`);
    else output.out(result.log.length === 0 ? `no answers logged yet (${visibleText(result.file)})\n` : result.log.map(logLine).join(''));
    if (result.unreadable > 0) output.err(`${result.unreadable} line(s) of ${visibleText(result.file)} are not answers and were skipped\n`);
    if (result.problem) output.err(`${visibleText(result.problem)}\n`);
  },
});

/** "3fa9c2-17  w:2 (helper) 12s  Allow this command? …": every field from outside as marks. */
function questionLine(q: WaitingQuestion): string {
  const host = q.host === undefined ? '' : `${visibleText(q.host)}:`;
  return `${q.id}  ${host}${visibleText(q.workspace)}:${q.pane} (${visibleText(q.agent)}) ${ageText(q.ageSeconds)}  ${visibleText(q.question)}\n`;
}

function logLine(e: AnswerLogEntry): string {
  const who = `${e.origin}, ${visibleText(e.client)}`;
  return `${visibleText(e.time)}  ${e.answer.padEnd(5)} ${visibleText(e.workspace)}:${e.pane} (${visibleText(e.agent)}) ${visibleText(e.questionId)}  from ${who}  ${visibleText(e.question)}\n`;
}
