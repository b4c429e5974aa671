// Why a link to another machine failed, in one line a user can act on (ssh's own reason, and the fix).

import { ConnectionError } from '../client/errors.js';

/**
 * unreachable: ssh could not log in (its reason says why); not-installed: no tessera there;
 * version-mismatch: a tessera there that speaks another protocol; not-tessera: something answered that
 * is not tessera's bridge; broken: the link ended in the middle of its work.
 */
export type HostLinkProblem = 'unreachable' | 'not-installed' | 'version-mismatch' | 'not-tessera' | 'broken';

export class HostLinkError extends ConnectionError {
  constructor(
    readonly host: string,
    readonly problem: HostLinkProblem,
    /** What happened (ssh's own line where it said one). */
    readonly reason: string,
    /** What to do about it. */
    readonly fix: string,
  ) {
    super(`${host}: ${reason}${fix === '' ? '' : `; ${fix}`}`);
  }
}

/** Text from another machine or from ssh, safe to keep and print: controls out, one short line. */
export function oneLine(text: string, max = 300): string {
  const plain = text.replace(/[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}
