// tessera status: a program in a pane says what it is doing (working, waiting for the user, idle, failed).

import { UsageError, stringFlag } from './argParser.js';
import { optStr, oneOf } from '../protocol/validate.js';
import { MAX_STATUS_MESSAGE_CHARS, STATUS_STATES, isStatusState, type StatusState } from '../agents/signals/statusReport.js';
import { defineCommand, type CommandCaller } from './contract.js';

export interface StatusArgs {
  state: StatusState;
  message?: string;
  /** The pane's TESSERA_PANE_TOKEN: the proof that the report comes from inside that pane. */
  token: string;
}

export interface StatusResult {
  pane: number;
  /** The pane's pill after the report. */
  status: string;
}

/** Longest token accepted over the socket; the server's are 32 hex digits. */
export const MAX_TOKEN_CHARS = 128;

/** The pane's token from the caller's environment; only a program in a tessera pane has one. */
export function paneToken(caller: CommandCaller, command: string): string {
  const token = caller.env.TESSERA_PANE_TOKEN;
  if (token === undefined || token === '' || caller.env.TESSERA_PANE === undefined) {
    throw new UsageError(`${command} reports for the tessera pane it runs in, and this is not one (no TESSERA_PANE_TOKEN)`);
  }
  return token;
}

export const reportStatus = defineCommand<StatusArgs, StatusResult>({
  name: 'status',
  summary: 'say what the program in this pane is doing (working, waiting, idle, error)',
  usage: `tessera status --state working|waiting|idle|error [--message TEXT]

  Run inside a pane: sets that pane's state as the program in it sees it. waiting means it waits
  for the user (the pane shows approval, with the message as its question); error means its work
  failed. The report outranks the pane's screen rules for a few seconds; an agent declared with
  "reportsState": true in customAgents is then read off its screen only until it reports.
  A pane reports only for itself: the command proves it runs there with the pane's own
  TESSERA_PANE_TOKEN. A program may print the same instead:
    ESC ] 777 ; tessera-status ; STATE ; MESSAGE BEL     e.g. printf '\\e]777;tessera-status;waiting;Deploy?\\a'`,
  flags: [
    { name: 'state', value: true, valueHint: STATUS_STATES.join('|') },
    { name: 'message', short: 'm', value: true, valueHint: 'text' },
  ],
  fromCli(args, caller) {
    const state = stringFlag(args, 'state');
    if (state === undefined) throw new UsageError(`status needs --state (${STATUS_STATES.join(', ')})`);
    if (!isStatusState(state)) throw new UsageError(`unknown state '${state}': use ${STATUS_STATES.join(', ')}`);
    const message = stringFlag(args, 'message');
    if (message !== undefined && message.length > MAX_STATUS_MESSAGE_CHARS) {
      throw new UsageError(`the message is longer than ${MAX_STATUS_MESSAGE_CHARS} characters`);
    }
    return { state, ...(message === undefined ? {} : { message }), token: paneToken(caller, 'tessera status') };
  },
  parse: (fields) => ({
    state: oneOf(fields.state, 'state', STATUS_STATES),
    message: optStr(fields.message, 'message', MAX_STATUS_MESSAGE_CHARS),
    token: optStr(fields.token, 'token', MAX_TOKEN_CHARS) ?? '',
  }),
  // Silent: it runs inside a pane, often from the very program whose screen that is.
});
