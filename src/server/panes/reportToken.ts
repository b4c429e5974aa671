// Each pane's secret for reporting its own state: a random token in its environment (TESSERA_PANE_TOKEN) that
// `tessera status` and the agents' hooks send along with the pane number. The server takes a report only when
// the token is that pane's, so a program in one pane cannot report for another by changing TESSERA_PANE.

import crypto from 'node:crypto';
import type { Pane } from './pane.js';
import { RefusedError } from '../refusedError.js';

/** 128 random bits, as hex: not guessable, short enough for any environment. */
const TOKEN_BYTES = 16;

export const newReportToken = (): string => crypto.randomBytes(TOKEN_BYTES).toString('hex');

/** Refuses a report whose token is not `pane`'s own (compared in constant time). */
export function checkReportToken(pane: Pane, token: string | undefined): void {
  const own = pane.reportToken;
  const given = Buffer.from(token ?? '');
  if (own === undefined || given.length !== own.length || !crypto.timingSafeEqual(given, Buffer.from(own))) {
    throw new RefusedError(`this program cannot report for pane ${pane.id}: TESSERA_PANE_TOKEN is not that pane's (a pane reports only for itself)`);
  }
}
