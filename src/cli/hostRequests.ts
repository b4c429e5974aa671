// One request to each of several hosts at once (tessera hosts, ls --all-hosts): a host that fails
// says why in its own entry and never holds up the others beyond the link's own deadlines.

import { NoServerError } from '../client/errors.js';
import { sendRequest } from '../client/request.js';
import type { BridgeHello } from '../remote/bridgeWire.js';
import { openHostLink } from '../remote/hostLink.js';
import type { HostTarget } from '../remote/sshCommand.js';
import { visibleText } from '../term/visibleText.js';

export type HostAnswer<R> = { target: HostTarget; hello: BridgeHello; result: R } | { target: HostTarget; hello?: BridgeHello; error: Error };

/** Asks `command` of the host's server (started first when `start`); no server there with `start` false is `result: undefined`. */
export async function askHost(target: HostTarget, command: string, start: boolean): Promise<HostAnswer<unknown>> {
  let hello: BridgeHello | undefined;
  try {
    const link = await openHostLink(target);
    hello = link.hello;
    const stream = await link.connect(start);
    return { target, hello, result: await sendRequest(stream, command, {}, { cwd: hello.cwd }) };
  } catch (error) {
    if (error instanceof NoServerError && !start && hello) return { target, hello, result: undefined };
    return { target, hello, error: error as Error };
  }
}

/** Every string in an answer from another machine with its control characters as marks (lines too). */
export function plainStrings<T>(value: T): T {
  if (typeof value === 'string') return visibleText(value) as T;
  if (Array.isArray(value)) return value.map(plainStrings) as T;
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, plainStrings(field)])) as T;
  return value;
}
